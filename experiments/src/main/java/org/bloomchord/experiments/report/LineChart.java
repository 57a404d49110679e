package org.bloomchord.experiments.report;

import java.util.List;

/**
 * A line chart of a metric against time or against a swept parameter: title, axis labels, the
 * series, and whether the x axis is logarithmic (for N = 2^3 .. 2^14).
 *
 * @param title the chart's title
 * @param xLabel x axis label (e.g. {@code time (s)}, {@code peers})
 * @param yLabel y axis label
 * @param series at least one series
 * @param logX whether x is drawn on a log scale
 */
public record LineChart(String title, String xLabel, String yLabel, List<Series> series, boolean logX) implements Chart {

  public LineChart {
    series = List.copyOf(series);
    if (series.isEmpty()) {
      throw new IllegalArgumentException("a chart needs a series");
    }
  }
}
