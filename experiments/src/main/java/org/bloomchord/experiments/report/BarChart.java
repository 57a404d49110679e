package org.bloomchord.experiments.report;

import java.util.List;

/**
 * Bars over named categories: a histogram (one series, categories the bins), or several series
 * stacked on each category (locate outcomes per time bin, traffic shares per message type).
 * Invariant: every series has one finite, non-negative value per category.
 *
 * @param title the chart's title
 * @param xLabel the category axis label
 * @param yLabel the value axis label
 * @param categories the categories, in drawing order; at least one
 * @param series the bars; at least one
 * @param stacked whether the series are stacked on each category (else side by side)
 */
public record BarChart(String title, String xLabel, String yLabel, List<String> categories, List<Bars> series,
    boolean stacked) implements Chart {

  /**
   * One series of bars.
   *
   * @param name the legend entry
   * @param values one value per category
   */
  public record Bars(String name, double[] values) {

    public Bars {
      values = values.clone();
      for (double v : values) {
        if (!(v >= 0) || Double.isInfinite(v)) {
          throw new IllegalArgumentException("bar '" + name + "' has value " + v);
        }
      }
    }

    /** The sum of the values. */
    public double total() {
      double t = 0;
      for (double v : values) {
        t += v;
      }
      return t;
    }
  }

  public BarChart {
    categories = List.copyOf(categories);
    series = List.copyOf(series);
    if (categories.isEmpty() || series.isEmpty()) {
      throw new IllegalArgumentException("a bar chart needs a category and a series");
    }
    for (Bars b : series) {
      if (b.values().length != categories.size()) {
        throw new IllegalArgumentException("series '" + b.name() + "' has " + b.values().length + " values for "
            + categories.size() + " categories");
      }
    }
  }

  /** The sum over every series and category (for a stacked chart, the sum of the stacks' heights). */
  public double total() {
    return series.stream().mapToDouble(Bars::total).sum();
  }
}
