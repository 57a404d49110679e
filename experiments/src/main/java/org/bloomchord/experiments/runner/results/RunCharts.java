package org.bloomchord.experiments.runner.results;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.experiments.metrics.TimeSeries;
import org.bloomchord.experiments.metrics.TimeSeriesSampler;
import java.nio.file.Path;
import org.bloomchord.experiments.report.Chart;
import org.bloomchord.experiments.report.Band;
import org.bloomchord.experiments.report.LineChart;
import org.bloomchord.experiments.report.PeerLoads;
import org.bloomchord.experiments.report.RunFigures;
import org.bloomchord.experiments.report.SampledOperations;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.report.Series;
import org.bloomchord.experiments.scenario.Scenario;

/**
 * The charts of one run: from its time series peers alive, lookups and failures, mean hops and
 * traffic; then what {@link RunFigures} draws from the summary and the operation sample (locate
 * outcomes, hop and latency histograms, traffic by type) and from the per-peer served gets of a run
 * with hot-key relief. Lookup charts appear only when the run made lookups.
 */
public final class RunCharts {

  /** A chart and the base name of its files. */
  public record Named(String name, Chart chart, String caption) {
  }

  private RunCharts() {
  }

  /**
   * The charts of one run: its time series, its summary and the operation sample in {@code folder}
   * ({@code operations.csv}, absent for a run that wrote none).
   */
  public static List<Named> of(Scenario scenario, Summary summary, TimeSeries series, Path folder) {
    List<Named> out = of(scenario, series, folder == null ? List.of() : Band.read(folder.resolve(Band.FILE)));
    SampledOperations sample = folder == null ? SampledOperations.empty()
        : SampledOperations.read(folder.resolve("operations.csv"));
    PeerLoads loads = folder == null ? PeerLoads.empty() : PeerLoads.read(folder.resolve(PeerLoads.FILE));
    for (RunFigures.Named f : RunFigures.of(scenario.label(), summary, series, sample, loads)) {
      out.add(new Named(f.name(), f.chart(), f.caption()));
    }
    return out;
  }

  /**
   * The charts of one run's time series, each with the run's phases shaded ({@code phases}, from
   * its {@value Band#FILE}); with the number of rings over time when the run sampled it (a run
   * that partitions the ring).
   */
  public static List<Named> of(Scenario scenario, TimeSeries series, List<Band> phases) {
    String run = scenario.label();
    List<Named> out = new ArrayList<>();
    out.add(new Named("peers-alive", chart(run + ": peers alive", "peers", series,
        TimeSeriesSampler.PEERS_ALIVE, "peers alive", phases), "Hosts on the ring, sampled every second."));
    if (series.columns().contains(TimeSeriesSampler.RINGS)) {
      out.add(new Named("rings", chart(run + ": rings", "rings", series, TimeSeriesSampler.RINGS,
          "rings (cycles of successors)", phases),
          "Separate rings the live peers route in (cycles of their successor pointers), sampled every second."));
    }
    if (!any(series, TimeSeriesSampler.LOOKUPS)) {
      out.add(traffic(run, series, phases));
      return out;
    }
    out.add(new Named("lookups", new LineChart(run + ": lookups per second", "time (s)", "lookups / s",
        List.of(series(series, TimeSeriesSampler.LOOKUPS, "completed"),
            series(series, TimeSeriesSampler.FAILURES, "failed or incorrect")), false, phases),
        "Lookups completed in each second, and those that did not return the live successor."));
    out.add(new Named("hops", chart(run + ": mean lookup hops", "hops", series, "hopsMean", "mean hops", phases),
        "Mean hops of the lookups answered in each second; the line breaks in seconds without an answer."));
    out.add(traffic(run, series, phases));
    return out;
  }

  private static Named traffic(String run, TimeSeries series, List<Band> phases) {
    return new Named("traffic", chart(run + ": traffic", "bytes / peer / s", series,
        TimeSeriesSampler.BYTES_PER_PEER_PER_SECOND, "bytes per peer per second", phases),
        "Bytes sent per peer per second, measured from the wire encodings.");
  }

  /** Whether the column has a value above 0. */
  private static boolean any(TimeSeries s, String column) {
    for (double v : s.column(column)) {
      if (v > 0) {
        return true;
      }
    }
    return false;
  }

  private static LineChart chart(String title, String yLabel, TimeSeries s, String column, String name,
      List<Band> phases) {
    return new LineChart(title, "time (s)", yLabel, List.of(series(s, column, name)), false, phases);
  }

  /**
   * A measured series of one column, its undefined (NaN) samples kept as gaps, where the line
   * breaks (a second without a lookup has no mean hops); a column with no sample at all is one
   * undefined point.
   */
  static Series series(TimeSeries s, String column, String name) {
    double[] t = s.times();
    double[] v = s.column(column);
    if (v.length == 0) {
      return Series.measured(name, new double[] {0}, new double[] {Double.NaN});
    }
    return Series.measured(name, t, v);
  }
}
