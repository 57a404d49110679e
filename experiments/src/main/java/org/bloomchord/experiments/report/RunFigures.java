package org.bloomchord.experiments.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bloomchord.experiments.metrics.TimeSeries;
import org.bloomchord.experiments.metrics.TimeSeriesSampler;
import org.bloomchord.experiments.summary.LocateStats;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.experiments.summary.TypeTraffic;
import org.bloomchord.routing.location.LocateOutcome;

/**
 * The charts of what one run measured beyond its time-series lines: locate outcomes over time
 * (stacked), locate hops next to Chord's for the same objects, hop and latency histograms of the
 * sampled operations, traffic by message type (stacked shares), and with hot-key relief the gets each
 * peer served, busiest first. Each chart is made only when
 * the run measured its data, so a report never shows an empty chart. Invariants the tests check:
 * the stacked locate chart sums to {@code locate.total}; a histogram's bars sum to its samples.
 */
public final class RunFigures {

  /** The summary section with hot-key relief's load ({@code LoadStats}). */
  static final String LOAD_SECTION = "load";
  /** Most time bins of the locate-outcome chart. */
  static final int MAX_TIME_BINS = 30;
  /** Message types drawn by name in the traffic chart; the rest are summed as {@code other}. */
  static final int MAX_TYPES = 11;
  /** The operation kinds of {@code operations.csv} whose histograms are drawn, in order. */
  static final List<String> KINDS = List.of("lookup", "locate", "get", "put");

  /**
   * A chart with the base name of its files and the sentence under it.
   *
   * @param name base name of the PNG and SVG files
   * @param chart the chart
   * @param caption a sentence
   */
  public record Named(String name, Chart chart, String caption) {
  }

  private RunFigures() {
  }

  /** The charts of one run labelled {@code run}, in report order; only those whose data the run has. */
  public static List<Named> of(String run, Summary summary, TimeSeries series, SampledOperations sample) {
    return of(run, summary, series, sample, PeerLoads.empty());
  }

  /**
   * As {@link #of(String, Summary, TimeSeries, SampledOperations)}, with the per-peer served gets
   * of a run with hot-key relief ({@code loads}): drawn when the summary has a {@code load} section.
   */
  public static List<Named> of(String run, Summary summary, TimeSeries series, SampledOperations sample,
      PeerLoads loads) {
    List<Named> out = new ArrayList<>();
    BarChart outcomes = locateOutcomes(run, series);
    if (outcomes != null) {
      out.add(new Named("locate-outcomes", outcomes, "Measured locates completed in each time bin, by how they "
          + "ended: on the asking peer, by the attenuated filters, by the Chord fallback, not found (no live "
          + "holder, or one missed), or without an answer. The bars sum to locate.total."));
    }
    LocateStats l = summary.locate();
    if (l != null && l.hops() != null && l.chordHops() != null) {
      out.add(new Named("locate-vs-chord", locateVsChord(run, l), "Hops of the found locates (mean, median, "
          + "99th percentile) next to the mean hops the pointer lookup alone took for the same queries."));
    }
    for (String kind : KINDS) {
      double[] hops = sample.hops(kind);
      if (hops.length > 0) {
        out.add(new Named(kind + "-hops-histogram", Histogram.of(hops, true).chart(run + ": " + kind + " hops", "hops",
            kind + "s"), histogramCaption(kind, "hops", hops.length, sample)));
      }
    }
    for (String kind : KINDS) {
      double[] ms = sample.latencyMs(kind);
      if (ms.length > 0) {
        out.add(new Named(kind + "-latency-histogram", Histogram.of(ms, false).chart(run + ": " + kind + " latency",
            "latency (ms)", kind + "s"), histogramCaption(kind, "latency", ms.length, sample)));
      }
    }
    if (summary.fields() != null && summary.fields().containsKey(LOAD_SECTION) && !loads.isEmpty()) {
      double[] served = loads.servedDescending();
      double mean = Arrays.stream(served).average().orElse(0);
      out.add(new Named("served-load", servedLoad(run, loads), String.format(Locale.ROOT, "Gets each of the %d peers "
          + "alive at the end served (as a key's owner, as a replica or from a leased copy), the busiest first, on a "
          + "log scale of rank, and their mean: the spread the summary's load.served condenses (max %.0f, mean %.1f, "
          + "max over mean %.2f; %s).", served.length, served[0], mean, mean > 0 ? served[0] / mean : 0,
          PeerLoads.FILE)));
    }
    BarChart traffic = trafficByType(run, summary.traffic());
    if (traffic != null) {
      out.add(new Named("traffic-by-type", traffic, "Share of the measured messages and of their encoded bytes by "
          + "message type (the summary's traffic.byType); the " + MAX_TYPES + " types with the largest share (of messages or of bytes) by name."));
    }
    return out;
  }

  /**
   * Served gets per peer against the peer's rank (1 the busiest), log x, with the mean as a flat
   * line: a hot key's owner without relief stands out at rank 1.
   */
  static LineChart servedLoad(String run, PeerLoads loads) {
    double[] served = loads.servedDescending();
    double[] rank = new double[served.length];
    double mean = Arrays.stream(served).average().orElse(0);
    for (int i = 0; i < served.length; i++) {
      rank[i] = i + 1;
    }
    // the mean as a line from the first rank to the last: two points, not one marker per peer
    return new LineChart(run + ": served gets per peer", "peer's rank (1: the busiest)", "gets served",
        List.of(Series.measured("served", rank, served),
            Series.measured("mean", new double[] {1, served.length}, new double[] {mean, mean})), served.length > 1);
  }

  private static String histogramCaption(String kind, String what, int n, SampledOperations sample) {
    return "The " + what + " of " + n + " sampled " + kind + "s (of " + sample.operations(kind)
        + " in operations.csv" + (what.equals("hops") ? ", those whose hops are known" : ", those answered")
        + "), from the measurement window.";
  }

  /** Locate outcomes per time bin, stacked; null when the series has no locate counted. */
  static BarChart locateOutcomes(String run, TimeSeries series) {
    if (!series.columns().contains(TimeSeriesSampler.locateOutcomeColumn(LocateOutcome.LOCAL))
        || series.rows().isEmpty()) {
      return null;
    }
    double[] t = series.times();
    LocateOutcome[] outcomes = LocateOutcome.values();
    double[][] v = new double[outcomes.length][];
    double[] any = new double[t.length];
    for (int o = 0; o < outcomes.length; o++) {
      v[o] = series.column(TimeSeriesSampler.locateOutcomeColumn(outcomes[o]));
      for (int i = 0; i < t.length; i++) {
        any[i] += v[o][i];
      }
    }
    int first = 0;
    while (first < t.length && any[first] == 0) {
      first++;
    }
    if (first == t.length) {
      return null;
    }
    int last = t.length - 1;
    while (any[last] == 0) {
      last--;
    }
    // a row counts the locates since the previous row: its bin starts at the previous row's time
    double start = first == 0 ? 0 : t[first - 1];
    double width = Histogram.niceWidth((t[last] - start) / MAX_TIME_BINS, true);
    start = Math.floor(start / width) * width;
    int bins = (int) Math.ceil((t[last] - start) / width);
    bins = Math.max(1, bins);
    List<String> labels = new ArrayList<>();
    for (int b = 0; b < bins; b++) {
      labels.add(label(start + b * width));
    }
    List<BarChart.Bars> bars = new ArrayList<>();
    for (int o = 0; o < outcomes.length; o++) {
      double[] counts = new double[bins];
      double sum = 0;
      for (int i = first; i <= last; i++) {
        int b = (int) Math.ceil((t[i] - start) / width) - 1;
        counts[Math.min(bins - 1, Math.max(0, b))] += v[o][i];
        sum += v[o][i];
      }
      if (sum > 0 || outcomes[o] != LocateOutcome.FAILED) {
        bars.add(new BarChart.Bars(outcomes[o].name().toLowerCase(Locale.ROOT).replace('_', ' '), counts));
      }
    }
    return new BarChart(run + ": locate outcomes", "time (s, bin's start; " + label(width) + " s bins)", "locates",
        labels, bars, true);
  }

  /**
   * Locate hops (mean, median, p99) and Chord's mean for the same queries: two series stacked so
   * that each category shows one bar in its series' colour.
   */
  private static BarChart locateVsChord(String run, LocateStats l) {
    return new BarChart(run + ": locate hops vs Chord", "", "hops",
        List.of("locate mean", "locate p50", "locate p99", "Chord lookup mean"),
        List.of(new BarChart.Bars("locate (found)", new double[] {l.hops().mean(), l.hops().p50(), l.hops().p99(), 0}),
            new BarChart.Bars("Chord lookup, same queries", new double[] {0, 0, 0, l.chordHops().mean()})), true);
  }

  /** Message and byte shares by type, stacked; null without per-type traffic. */
  static BarChart trafficByType(String run, TrafficStats traffic) {
    if (traffic == null || traffic.byType() == null || traffic.byType().isEmpty() || traffic.messages() == 0) {
      return null;
    }
    List<Map.Entry<String, TypeTraffic>> types = new ArrayList<>(traffic.byType().entrySet());
    // by the larger of the type's two shares, so that a type heavy in messages or in bytes is named
    types.sort(Comparator.comparingDouble((Map.Entry<String, TypeTraffic> e) -> -Math.max(
        (double) e.getValue().messages() / traffic.messages(),
        traffic.bytes() == 0 ? 0 : (double) e.getValue().bytes() / traffic.bytes()))
        .thenComparing(Map.Entry::getKey));
    List<BarChart.Bars> bars = new ArrayList<>();
    double otherMessages = 0;
    double otherBytes = 0;
    for (int i = 0; i < types.size(); i++) {
      TypeTraffic tt = types.get(i).getValue();
      double m = 100.0 * tt.messages() / traffic.messages();
      double b = traffic.bytes() == 0 ? 0 : 100.0 * tt.bytes() / traffic.bytes();
      if (i < MAX_TYPES || types.size() == MAX_TYPES + 1) {
        bars.add(new BarChart.Bars(types.get(i).getKey(), new double[] {m, b}));
      } else {
        otherMessages += m;
        otherBytes += b;
      }
    }
    if (types.size() > MAX_TYPES + 1) {
      bars.add(new BarChart.Bars("other (" + (types.size() - MAX_TYPES) + " types)",
          new double[] {otherMessages, otherBytes}));
    }
    return new BarChart(run + ": traffic by message type", "", "% of the run's total",
        List.of("messages (" + traffic.messages() + ")", "bytes (" + traffic.bytes() + ")"), bars, true);
  }

  private static String label(double seconds) {
    return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
  }
}
