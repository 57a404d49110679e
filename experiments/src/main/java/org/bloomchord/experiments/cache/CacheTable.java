package org.bloomchord.experiments.cache;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.bloomchord.experiments.summary.CacheStats;

/**
 * The runs of {@code bloomchord cache} as a markdown table: one row per setting (protocol, group
 * size, bits per entry, update threshold), each figure the mean over the seeds with the smallest
 * and largest run beside it when there were several ("mean [min, max]").
 */
public final class CacheTable {

  /** One run and the setting it measured. */
  public record Row(CacheStats stats, int bitsPerEntry, double updateThreshold, long seed) {
  }

  private final List<Row> rows = new ArrayList<>();

  /** Adds one run. */
  public void add(Row r) {
    rows.add(r);
  }

  /** Prints the table. */
  public void print(PrintWriter out) {
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    for (Row r : rows) {
      String key = r.stats().protocol() + "|" + r.stats().peers() + "|" + r.bitsPerEntry() + "|" + r.updateThreshold();
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    out.println("| protocol | N | bits/entry | threshold | seeds | hit ratio | local | remote | false hits/req"
        + " | expected | stale hits/req | remote misses/req | msgs/req | formula | bytes/req | summary bytes/req"
        + " | memory/peer (B) |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (List<Row> g : groups.values()) {
      Row first = g.get(0);
      CacheStats s = first.stats();
      boolean summary = "summary".equals(s.protocol());
      out.println("| " + s.protocol() + " | " + s.peers() + " | " + (summary ? first.bitsPerEntry() : "-") + " | "
          + (summary ? pct(first.updateThreshold()) : "-") + " | " + g.size()
          + " | " + cell(g, CacheStats::hitRatio, "%.4f")
          + " | " + cell(g, CacheStats::localHitRatio, "%.4f")
          + " | " + cell(g, CacheStats::remoteHitRatio, "%.4f")
          + " | " + cell(g, x -> (double) x.falseHits() / x.requests(), "%.5f")
          + " | " + (s.expectedFalseHits() == null ? "-"
              : cell(g, x -> x.expectedFalseHits() / x.requests(), "%.5f"))
          + " | " + cell(g, x -> (double) x.staleHits() / x.requests(), "%.5f")
          + " | " + cell(g, x -> (double) x.remoteMisses() / x.requests(), "%.5f")
          + " | " + cell(g, CacheStats::messagesPerRequest, "%.3f")
          + " | " + (s.formulaMessagesPerRequest() == null ? "-"
              : cell(g, CacheStats::formulaMessagesPerRequest, "%.3f"))
          + " | " + cell(g, CacheStats::bytesPerRequest, "%.1f")
          + " | " + cell(g, x -> (double) x.summaryBytes() / x.requests(), "%.1f")
          + " | " + cell(g, CacheStats::memoryPerPeer, "%.0f") + " |");
    }
    out.flush();
  }

  private static String pct(double share) {
    return String.format(Locale.ROOT, "%s%%", trim(100 * share));
  }

  private static String trim(double v) {
    String s = String.format(Locale.ROOT, "%.2f", v);
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  private static String cell(List<Row> g, ToDoubleFunction<CacheStats> f, String format) {
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Row r : g) {
      double v = f.applyAsDouble(r.stats());
      sum += v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    String mean = String.format(Locale.ROOT, format, sum / g.size());
    if (g.size() == 1) {
      return mean;
    }
    return mean + " [" + String.format(Locale.ROOT, format, min) + ", " + String.format(Locale.ROOT, format, max) + "]";
  }
}
