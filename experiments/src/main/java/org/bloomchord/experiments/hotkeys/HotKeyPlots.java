package org.bloomchord.experiments.hotkeys;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.bloomchord.experiments.report.LineChart;
import org.bloomchord.experiments.report.PlotWriter;
import org.bloomchord.experiments.report.Series;

/**
 * The charts of {@code bloomchord hot-keys --plot DIR}, drawn by the report's {@link PlotWriter}:
 * {@value #SERVED} (gets served per peer against the peer's rank, busiest first, log x, one line per
 * setting, relief off among them), {@value #SERVED_RELIEF} (the same without relief off, whose
 * busiest peer would flatten the others, when both were run) and, when two or more thresholds with
 * relief were run, {@value #MAX_OVER_MEAN} (the busiest peer's served gets over the mean against the
 * threshold, one line per budget; relief off's ratio, two orders of magnitude above, in the title).
 * Several seeds of one setting are averaged: the k-th busiest peer's count is the mean of the seeds'
 * k-th busiest.
 */
public final class HotKeyPlots {

  /** Base name of the per-peer chart. */
  public static final String SERVED = "hot-keys-served-per-peer";
  /** Base name of the per-peer chart of the settings with relief only. */
  public static final String SERVED_RELIEF = "hot-keys-served-per-peer-relief";
  /** Base name of the max-over-mean chart. */
  public static final String MAX_OVER_MEAN = "hot-keys-max-over-mean";

  private HotKeyPlots() {
  }

  /** Writes the charts of {@code results} into {@code dir} as PNG and SVG; returns the files written. */
  public static List<Path> write(List<HotKeyTrial.Result> results, Path dir) {
    List<Path> out = new ArrayList<>();
    if (results.isEmpty()) {
      return out;
    }
    add(out, PlotWriter.write(servedPerPeer(results), dir, SERVED));
    List<HotKeyTrial.Result> relief = results.stream().filter(r -> r.trial().threshold() > 0).toList();
    if (!relief.isEmpty() && relief.size() < results.size()) {
      add(out, PlotWriter.write(servedPerPeer(relief), dir, SERVED_RELIEF));
    }
    LineChart ratio = maxOverMean(results);
    if (ratio != null) {
      add(out, PlotWriter.write(ratio, dir, MAX_OVER_MEAN));
    }
    return out;
  }

  private static void add(List<Path> out, PlotWriter.Files f) {
    out.add(f.png());
    out.add(f.svg());
  }

  /** Served gets per peer, busiest first, one line per setting (seeds averaged rank by rank). */
  static LineChart servedPerPeer(List<HotKeyTrial.Result> results) {
    Map<String, List<double[]>> bySetting = new LinkedHashMap<>();
    for (HotKeyTrial.Result r : results) {
      double[] sorted = r.servedPerPeer().clone();
      Arrays.sort(sorted);
      reverse(sorted);
      bySetting.computeIfAbsent(setting(r.trial()), k -> new ArrayList<>()).add(sorted);
    }
    List<Series> series = new ArrayList<>();
    int peers = 0;
    for (Map.Entry<String, List<double[]>> e : bySetting.entrySet()) {
      double[] mean = meanByRank(e.getValue());
      double[] rank = new double[mean.length];
      for (int i = 0; i < rank.length; i++) {
        rank[i] = i + 1;
      }
      peers = Math.max(peers, mean.length);
      series.add(Series.measured(e.getKey(), rank, mean));
    }
    HotKeyTrial t = results.get(0).trial();
    return new LineChart(String.format(Locale.ROOT, "%d peers, Zipf %s over %d keys: gets served per peer",
        t.peers(), number(t.zipf()), t.keys()), "peer's rank (1: the busiest)", "gets served", series, peers > 1);
  }

  /**
   * servedMaxOverMean against the threshold, one line per budget, relief off's mean ratio in the
   * title; null unless two or more thresholds with relief were run.
   */
  static LineChart maxOverMean(List<HotKeyTrial.Result> results) {
    TreeSet<Long> thresholds = new TreeSet<>();
    results.stream().filter(r -> r.trial().threshold() > 0).forEach(r -> thresholds.add(r.trial().threshold()));
    if (thresholds.size() < 2) {
      return null;
    }
    double[] x = thresholds.stream().mapToDouble(Long::doubleValue).toArray();
    Map<Long, Map<Long, List<Double>>> byBudget = new LinkedHashMap<>();
    List<Double> off = new ArrayList<>();
    for (HotKeyTrial.Result r : results) {
      if (r.trial().threshold() == 0) {
        off.add(r.servedMaxOverMean());
      } else {
        byBudget.computeIfAbsent(r.trial().budget(), k -> new LinkedHashMap<>())
            .computeIfAbsent(r.trial().threshold(), k -> new ArrayList<>()).add(r.servedMaxOverMean());
      }
    }
    List<Series> series = new ArrayList<>();
    for (Map.Entry<Long, Map<Long, List<Double>>> b : byBudget.entrySet()) {
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (long t : thresholds) {
        List<Double> v = b.getValue().get(t);
        if (v != null) {
          xs.add((double) t);
          ys.add(v.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
        }
      }
      series.add(Series.measured(b.getKey() == 0 ? "relief, no budget" : "relief, budget " + b.getKey() + "/s",
          xs.stream().mapToDouble(Double::doubleValue).toArray(), ys.stream().mapToDouble(Double::doubleValue).toArray()));
    }
    String title = "busiest peer's served gets over the mean";
    if (!off.isEmpty()) {
      title += String.format(Locale.ROOT, " (relief off: %.1f)",
          off.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
    }
    return new LineChart(title, "threshold (gets per second at the owner)",
        "servedMaxOverMean", series, x[x.length - 1] / x[0] >= 10);
  }

  /** The legend name of a trial's setting. */
  static String setting(HotKeyTrial t) {
    if (t.threshold() == 0) {
      return "relief off";
    }
    return "threshold " + t.threshold() + "/s, " + (t.budget() == 0 ? "no budget" : "budget " + t.budget() + "/s");
  }

  private static double[] meanByRank(List<double[]> runs) {
    int n = runs.stream().mapToInt(a -> a.length).min().orElse(0);
    double[] out = new double[n];
    for (double[] run : runs) {
      for (int i = 0; i < n; i++) {
        out[i] += run[i] / runs.size();
      }
    }
    return out;
  }

  private static void reverse(double[] a) {
    for (int i = 0, j = a.length - 1; i < j; i++, j--) {
      double t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  private static String number(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
