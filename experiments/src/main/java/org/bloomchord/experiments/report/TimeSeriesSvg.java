package org.bloomchord.experiments.report;

import java.util.List;
import java.util.Locale;

/**
 * A {@link LineChart} as inline SVG for the HTML report, so that a browser shows (and a test can
 * read) what the chart holds: each phase a shaded {@code rect.phase} named above it and in its
 * tooltip, each series a {@code path.line} whose subpaths break where the series has no value
 * (NaN), markers ({@code circle.marker}) only on sparse series, axes with ticks and a legend.
 * The drawing is plain: the PNG and SVG files of the run folder remain XChart's.
 */
public final class TimeSeriesSvg {

  static final int WIDTH = 800;
  static final int HEIGHT = 380;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 46;
  private static final int BOTTOM = 60;
  private static final String[] LINE_COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b"};
  private static final String[] BAND_COLOURS = {"#4285f4", "#f4a000", "#0f9d58", "#db4437"};

  private TimeSeriesSvg() {
  }

  /** The chart as an {@code <svg>} element. */
  public static String svg(LineChart chart) {
    double x0 = Double.POSITIVE_INFINITY;
    double x1 = Double.NEGATIVE_INFINITY;
    double y1 = 0;
    for (Series s : chart.series()) {
      for (int i = 0; i < s.x().length; i++) {
        if (!Double.isNaN(s.y()[i])) {
          x0 = Math.min(x0, s.x()[i]);
          x1 = Math.max(x1, s.x()[i]);
          y1 = Math.max(y1, s.y()[i]);
        }
      }
    }
    for (Band b : chart.bands()) {
      x0 = Math.min(x0, b.from());
      x1 = Math.max(x1, b.to());
    }
    if (!(x1 > x0)) {
      x0 = Double.isInfinite(x0) ? 0 : x0;
      x1 = x0 + 1;
    }
    y1 = y1 > 0 ? niceCeiling(y1 * 1.05) : 1;
    Scale sx = new Scale(x0, x1, LEFT, WIDTH - RIGHT);
    Scale sy = new Scale(0, y1, HEIGHT - BOTTOM, TOP);
    StringBuilder h = new StringBuilder(8192);
    h.append(String.format(Locale.ROOT, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\""
        + " width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT,
        ReportWriter.escape(chart.title())));
    h.append(String.format(Locale.ROOT, "<text class=\"title\" x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"15\">%s"
        + "</text>%n", WIDTH / 2, ReportWriter.escape(chart.title())));
    h.append("<g class=\"phases\">\n");
    int i = 0;
    for (Band b : chart.bands()) {
      String tone = BAND_COLOURS[i % BAND_COLOURS.length];
      double left = sx.at(b.from());
      double width = Math.max(1, sx.at(b.to()) - left);
      h.append(String.format(Locale.ROOT, "<rect class=\"phase\" data-phase=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\""
          + " height=\"%d\" fill=\"%s\" fill-opacity=\"0.14\"><title>%s: %.1f to %.1f s</title></rect>%n",
          ReportWriter.escape(b.name()), left, TOP, width, HEIGHT - BOTTOM - TOP, tone, ReportWriter.escape(b.name()),
          b.from(), b.to()));
      h.append(String.format(Locale.ROOT, "<text class=\"phase-name\" x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"#444\""
          + " text-anchor=\"middle\">%s</text>%n", left + width / 2, TOP - 4 - (i % 2) * 11,
          ReportWriter.escape(b.name())));
      i++;
    }
    h.append("</g>\n");
    axes(h, chart, sx, sy);
    int c = 0;
    for (Series s : chart.series()) {
      String colour = LINE_COLOURS[c++ % LINE_COLOURS.length];
      String dash = s.origin() == Series.Origin.PUBLISHED ? " stroke-dasharray=\"6 4\"" : "";
      StringBuilder d = new StringBuilder();
      boolean pen = false;
      for (int k = 0; k < s.x().length; k++) {
        if (Double.isNaN(s.y()[k])) {
          pen = false;
          continue;
        }
        d.append(String.format(Locale.ROOT, "%s%.1f %.1f ", pen ? "L" : "M", sx.at(s.x()[k]), sy.at(s.y()[k])));
        pen = true;
      }
      h.append(String.format(Locale.ROOT, "<path class=\"line\" data-series=\"%s\" d=\"%s\" fill=\"none\" stroke=\"%s\""
          + " stroke-width=\"1.6\"%s/>%n", ReportWriter.escape(s.name()), d.toString().strip(), colour, dash));
      if (LineChart.sparse(s)) {
        for (int k = 0; k < s.x().length; k++) {
          if (!Double.isNaN(s.y()[k])) {
            h.append(String.format(Locale.ROOT, "<circle class=\"marker\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n",
                sx.at(s.x()[k]), sy.at(s.y()[k]), colour));
          }
        }
      }
      h.append(String.format(Locale.ROOT, "<text class=\"legend\" x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"%s\">%s</text>%n",
          LEFT + 10 + (c - 1) * 220, HEIGHT - 12, colour, ReportWriter.escape(s.name())));
    }
    h.append("</svg>\n");
    return h.toString();
  }

  private static void axes(StringBuilder h, LineChart chart, Scale sx, Scale sy) {
    int bottom = HEIGHT - BOTTOM;
    h.append(String.format(Locale.ROOT, "<g class=\"axes\" stroke=\"#666\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
        + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/></g>%n", LEFT, bottom, WIDTH - RIGHT, bottom, LEFT, TOP, LEFT,
        bottom));
    double xStep = niceCeiling((sx.hi() - sx.lo()) / 6);
    for (double xv = Math.ceil(sx.lo() / xStep) * xStep; xv <= sx.hi() + 1e-9; xv += xStep) {
      h.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">"
          + "%s</text>%n", sx.at(xv), bottom + 16, SummaryNumber.of(xv)));
    }
    double yStep = niceCeiling((sy.hi() - sy.lo()) / 5);
    for (double yv = sy.lo(); yv <= sy.hi() + 1e-9; yv += yStep) {
      h.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">"
          + "%s</text>%n", LEFT - 6, sy.at(yv) + 4, SummaryNumber.of(yv)));
      h.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>%n", LEFT,
          sy.at(yv), WIDTH - RIGHT, sy.at(yv)));
    }
    h.append(String.format(Locale.ROOT, "<text class=\"axis-label\" x=\"%d\" y=\"%d\" font-size=\"12\""
        + " text-anchor=\"middle\">%s</text>%n", (LEFT + WIDTH - RIGHT) / 2, bottom + 32,
        ReportWriter.escape(chart.xLabel())));
    h.append(String.format(Locale.ROOT, "<text class=\"axis-label\" x=\"14\" y=\"%d\" font-size=\"12\""
        + " text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">%s</text>%n", (TOP + bottom) / 2, (TOP + bottom) / 2,
        ReportWriter.escape(chart.yLabel())));
  }

  /** The smallest of 1, 2 or 5 times a power of ten at or above {@code v}. */
  static double niceCeiling(double v) {
    double p = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : List.of(1.0, 2.0, 5.0, 10.0)) {
      if (m * p >= v) {
        return m * p;
      }
    }
    return 10 * p;
  }

  /** A linear map of [lo, hi] onto [from, to] pixels. */
  private record Scale(double lo, double hi, double from, double to) {
    double at(double v) {
      return from + (v - lo) / (hi - lo) * (to - from);
    }
  }

  /** Tick labels: integers without decimals, others with up to three significant decimals. */
  private static final class SummaryNumber {
    static String of(double v) {
      if (Math.abs(v - Math.rint(v)) < 1e-9) {
        return String.format(Locale.ROOT, "%d", (long) Math.rint(v));
      }
      return String.format(Locale.ROOT, "%.3g", v);
    }
  }
}
