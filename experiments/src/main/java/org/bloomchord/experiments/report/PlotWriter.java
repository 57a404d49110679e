package org.bloomchord.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws {@link LineChart}s and {@link BarChart}s with XChart as PNG and SVG, without a display: the class sets
 * {@code java.awt.headless=true} before AWT loads unless the property was set already. Measured
 * series are solid lines, published ones dashed; sparse series carry markers (round, diamonds),
 * dense ones none; a NaN breaks a line; the phases of a time-series chart are translucent areas
 * named in the legend.
 */
public final class PlotWriter {

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  /** Width of the drawn charts in pixels. */
  public static final int WIDTH = 800;
  /** Height of the drawn charts in pixels. */
  public static final int HEIGHT = 500;

  /** Translucent fills of the phases, in turn. */
  private static final java.awt.Color[] BAND_COLOURS = {new java.awt.Color(66, 133, 244, 40),
      new java.awt.Color(244, 160, 0, 40), new java.awt.Color(15, 157, 88, 40), new java.awt.Color(219, 68, 55, 40)};

  /** The two files written for one chart. */
  public record Files(Path png, Path svg) {
  }

  private PlotWriter() {
  }

  /** Writes {@code <dir>/<baseName>.png} and {@code .svg}, replacing them. */
  public static Files write(Chart chart, Path dir, String baseName) {
    org.knowm.xchart.internal.chartpart.Chart<?, ?> c = drawAny(chart);
    Path base = dir.resolve(baseName);
    try {
      BitmapEncoder.saveBitmap(c, base.toString(), BitmapEncoder.BitmapFormat.PNG);
      VectorGraphicsEncoder.saveVectorGraphic(c, base.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write plot " + base, e);
    }
    return new Files(dir.resolve(baseName + ".png"), dir.resolve(baseName + ".svg"));
  }

  /** The chart as PNG bytes (for embedding). */
  public static byte[] png(Chart chart) {
    try {
      return BitmapEncoder.getBitmapBytes(drawAny(chart), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot draw plot " + chart.title(), e);
    }
  }

  private static org.knowm.xchart.internal.chartpart.Chart<?, ?> drawAny(Chart chart) {
    if (chart instanceof LineChart l) {
      return draw(l);
    }
    return draw((BarChart) chart);
  }

  /**
   * Bars: stacked or side by side, without value annotations; category labels are rotated when
   * there are many (XChart leaves out those that would overlap).
   */
  static CategoryChart draw(BarChart chart) {
    CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(chart.title())
        .xAxisTitle(chart.xLabel()).yAxisTitle(chart.yLabel()).build();
    c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    c.getStyler().setStacked(chart.stacked());
    c.getStyler().setOverlapped(false);
    c.getStyler().setLegendVisible(chart.series().size() > 1);
    c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
    c.getStyler().setAvailableSpaceFill(chart.categories().size() > 12 ? 0.95 : 0.7);
    if (chart.categories().size() > 12) {
      c.getStyler().setXAxisLabelRotation(45);
    }
    c.getStyler().setYAxisMin(0.0);
    for (BarChart.Bars b : chart.series()) {
      List<Double> values = new java.util.ArrayList<>(b.values().length);
      for (double v : b.values()) {
        values.add(v);
      }
      c.addSeries(b.name(), chart.categories(), values);
    }
    return c;
  }

  static XYChart draw(LineChart chart) {
    XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(chart.title())
        .xAxisTitle(chart.xLabel()).yAxisTitle(chart.yLabel()).build();
    c.getStyler().setXAxisLogarithmic(chart.logX());
    c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    double top = 0;
    for (Series s : chart.series()) {
      XYSeries xy = c.addSeries(s.name(), s.x(), s.y());
      boolean sparse = LineChart.sparse(s);
      if (s.origin() == Series.Origin.PUBLISHED) {
        xy.setLineStyle(SeriesLines.DASH_DASH);
        xy.setMarker(sparse ? SeriesMarkers.DIAMOND : SeriesMarkers.NONE);
      } else {
        xy.setLineStyle(SeriesLines.SOLID);
        xy.setMarker(sparse ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
      }
      for (double y : s.y()) {
        top = Double.isNaN(y) ? top : Math.max(top, y);
      }
    }
    // each phase a translucent area from 0 to the top of the data, named in the legend
    int i = 0;
    for (Band b : chart.bands()) {
      double h = top > 0 ? top : 1;
      XYSeries area = c.addSeries("phase " + (i + 1) + ": " + b.name(), new double[] {b.from(), b.to()},
          new double[] {h, h});
      area.setXYSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Area);
      area.setMarker(SeriesMarkers.NONE);
      java.awt.Color tone = BAND_COLOURS[i++ % BAND_COLOURS.length];
      area.setFillColor(tone);
      area.setLineColor(tone);
    }
    return c;
  }
}
