package org.bloomchord.experiments.runner.results;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.experiments.metrics.TimeSeries;
import org.bloomchord.experiments.metrics.TimeSeriesSampler;
import org.bloomchord.experiments.report.LineChart;
import org.bloomchord.experiments.report.Series;
import org.bloomchord.experiments.scenario.Scenario;

/** The time-series charts of one run: peers alive, lookups and failures, mean hops, traffic. */
public final class RunCharts {

  /** A chart and the base name of its files. */
  public record Named(String name, LineChart chart, String caption) {
  }

  private RunCharts() {
  }

  /** The charts of one run's time series. */
  public static List<Named> of(Scenario scenario, TimeSeries series) {
    String run = scenario.label();
    List<Named> out = new ArrayList<>();
    out.add(new Named("peers-alive", chart(run + ": peers alive", "peers", series,
        TimeSeriesSampler.PEERS_ALIVE, "peers alive"), "Hosts on the ring, sampled every second."));
    out.add(new Named("lookups", new LineChart(run + ": lookups per second", "time (s)", "lookups / s",
        List.of(series(series, TimeSeriesSampler.LOOKUPS, "completed"),
            series(series, TimeSeriesSampler.FAILURES, "failed or incorrect")), false),
        "Lookups completed in each second, and those that did not return the live successor."));
    out.add(new Named("hops", chart(run + ": mean lookup hops", "hops", series, "hopsMean", "mean hops"),
        "Mean hops of the lookups answered in each second."));
    out.add(new Named("traffic", chart(run + ": traffic", "bytes / peer / s", series,
        TimeSeriesSampler.BYTES_PER_PEER_PER_SECOND, "bytes per peer per second"),
        "Bytes sent per peer per second, measured from the wire encodings."));
    return out;
  }

  private static LineChart chart(String title, String yLabel, TimeSeries s, String column, String name) {
    return new LineChart(title, "time (s)", yLabel, List.of(series(s, column, name)), false);
  }

  /** A measured series of one column, without the undefined (NaN) samples. */
  static Series series(TimeSeries s, String column, String name) {
    double[] t = s.times();
    double[] v = s.column(column);
    int n = 0;
    for (double d : v) {
      if (!Double.isNaN(d)) {
        n++;
      }
    }
    double[] x = new double[Math.max(1, n)];
    double[] y = new double[Math.max(1, n)];
    int j = 0;
    for (int i = 0; i < v.length; i++) {
      if (!Double.isNaN(v[i])) {
        x[j] = t[i];
        y[j++] = v[i];
      }
    }
    return Series.measured(name, x, y);
  }
}
