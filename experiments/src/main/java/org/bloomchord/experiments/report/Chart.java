package org.bloomchord.experiments.report;

/**
 * A chart of the report: lines against a numeric axis ({@link LineChart}) or bars over categories
 * ({@link BarChart}, stacked or side by side). {@link PlotWriter} draws either as PNG and SVG.
 */
public sealed interface Chart permits LineChart, BarChart {

  /** The chart's title. */
  String title();
}
