package org.bloomchord.experiments.report;

import java.util.List;

/**
 * A line chart of a metric against time or against a swept parameter: title, axis labels, the
 * series, whether the x axis is logarithmic (for N = 2^3 .. 2^14), and for a chart against time
 * the phases of the run, shaded and named. A series' NaN values are gaps: its line breaks there.
 * Markers are drawn only on sparse series ({@link #SPARSE} points or fewer), where they show
 * where the samples are; a dense series is a line alone.
 *
 * @param title the chart's title
 * @param xLabel x axis label (e.g. {@code time (s)}, {@code peers})
 * @param yLabel y axis label
 * @param series at least one series
 * @param logX whether x is drawn on a log scale
 * @param bands spans of the x axis to shade and name (the run's phases), possibly none
 */
public record LineChart(String title, String xLabel, String yLabel, List<Series> series, boolean logX,
    List<Band> bands) implements Chart {

  /** Most points of a series drawn with markers. */
  public static final int SPARSE = 40;

  public LineChart {
    series = List.copyOf(series);
    bands = List.copyOf(bands);
    if (series.isEmpty()) {
      throw new IllegalArgumentException("a chart needs a series");
    }
  }

  /** A chart without shaded spans. */
  public LineChart(String title, String xLabel, String yLabel, List<Series> series, boolean logX) {
    this(title, xLabel, yLabel, series, logX, List.of());
  }

  /** Whether {@code s} is drawn with markers: it has at most {@link #SPARSE} defined points. */
  public static boolean sparse(Series s) {
    int n = 0;
    for (double y : s.y()) {
      n += Double.isNaN(y) ? 0 : 1;
    }
    return n <= SPARSE;
  }
}
