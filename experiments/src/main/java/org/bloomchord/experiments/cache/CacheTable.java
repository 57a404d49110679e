package org.bloomchord.experiments.cache;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.bloomchord.experiments.summary.CacheSection;
import org.bloomchord.experiments.summary.CacheStats;

/**
 * The runs of {@code bloomchord cache} as a markdown table: one row per setting (protocol, naming,
 * group size, bits per entry, update threshold), each figure the mean over the seeds with the smallest
 * and largest run beside it when there were several ("mean [min, max]").
 */
public final class CacheTable {

  /** One run and the setting it measured. */
  public record Row(CacheStats stats, int bitsPerEntry, double updateThreshold, long seed) {
  }

  /**
   * The cache settings of one run of {@code bloomchord cache}, its summary's {@code setting} section.
   *
   * @param capacity objects each peer caches
   * @param bitsPerEntry the summaries' bits per cached object
   * @param hashes the summaries' hash functions
   * @param updateThreshold share of the capacity replaced before a summary update is sent
   * @param deltas whether updates are sent as deltas
   * @param warmup requests served before the figures start
   */
  public record Setting(int capacity, int bitsPerEntry, int hashes, double updateThreshold, boolean deltas,
      int warmup) {
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The table of the runs' summaries that {@code cache --json} printed, in their order, as the
   * command prints it: what the experiment pages keep as their data.
   *
   * @throws IllegalArgumentException when a summary has no {@code cache} or {@code setting} section
   */
  public static String markdown(List<JsonNode> runs) {
    CacheTable t = new CacheTable();
    for (JsonNode run : runs) {
      JsonNode cache = run.get("cache");
      JsonNode setting = run.get("setting");
      if (cache == null || setting == null) {
        throw new IllegalArgumentException("not the summary of a cache run (no cache or setting section)");
      }
      try {
        t.add(new Row(JSON.treeToValue(cache, CacheStats.class), setting.path("bitsPerEntry").asInt(),
            setting.path("updateThreshold").asDouble(), run.path("seed").asLong()));
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("a cache section that is not one: " + e.getOriginalMessage());
      }
    }
    StringWriter out = new StringWriter();
    t.print(new PrintWriter(out));
    return out.toString();
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
      String key = r.stats().protocol() + "|" + r.stats().names() + "|" + r.stats().peers() + "|" + r.bitsPerEntry()
          + "|" + r.updateThreshold();
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    out.println("| protocol | names | name bytes | N | bits/entry | threshold | seeds | hit ratio | local | remote"
        + " | false hits/req | expected | stale hits/req | remote misses/req | msgs/req | formula | bytes/req"
        + " | summary bytes/req | memory/peer (B) |");
    out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (List<Row> g : groups.values()) {
      Row first = g.get(0);
      CacheStats s = first.stats();
      boolean summary = "summary".equals(s.protocol());
      out.println("| " + s.protocol() + " | " + s.names() + " | " + cell(g, CacheStats::meanNameBytes, "%.1f")
          + " | " + s.peers() + " | " + (summary ? first.bitsPerEntry() : "-") + " | "
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

  /**
   * Prints a scenario's {@code cache} section: its protocols as rows of the table, then, when ICP and
   * summary both ran, the paper's statements beside our ratios.
   */
  public static void printSection(CacheSection section, long seed, PrintWriter out) {
    CacheTable t = new CacheTable();
    for (CacheStats s : section.protocols()) {
      t.add(new Row(s, section.bitsPerEntry(), section.updateThreshold(), seed));
    }
    t.print(out);
    CacheSection.PaperComparison p = section.paper();
    if (p != null) {
      out.println();
      out.println("| summary against ICP | paper (abstract) | ours |");
      out.println("|---|---|---:|");
      out.printf(Locale.ROOT, "| ICP messages / summary messages | %s | %.2f |%n", p.paperMessagesRatio(),
          p.icpOverSummaryMessages());
      out.printf(Locale.ROOT, "| summary bytes / ICP bytes | %s | %.3f |%n", p.paperBytes(), p.summaryOverIcpBytes());
      out.printf(Locale.ROOT, "| summary hit ratio / ICP hit ratio | %s | %.4f |%n", p.paperHitRatio(),
          p.summaryOverIcpHitRatio());
    }
    out.flush();
  }

  /**
   * The tables {@code bloomchord run} prints for the {@code cache} sections of scenario runs'
   * {@code summary.json} files ({@link #printSection}), in order, a blank line between two runs.
   *
   * @throws IllegalArgumentException when a file has no {@code cache} section
   */
  public static String scenarioMarkdown(List<Path> summaries) {
    StringWriter out = new StringWriter();
    PrintWriter w = new PrintWriter(out);
    for (Path f : summaries) {
      JsonNode root;
      CacheSection section;
      try {
        root = JSON.readTree(f.toFile());
        if (root.get("cache") == null) {
          throw new IllegalArgumentException(f + " has no cache section");
        }
        section = JSON.treeToValue(root.get("cache"), CacheSection.class);
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException("cannot read the cache section of " + f + ": " + e.getMessage());
      }
      if (out.getBuffer().length() > 0) {
        w.println();
      }
      printSection(section, root.path("seed").asLong(), w);
    }
    w.flush();
    return out.toString();
  }

  /**
   * Writes PNG and SVG charts of the hit ratio and the messages per request (means over the seeds)
   * against the update threshold, when the runs swept it, and against the group size, when they
   * swept that: one series per protocol (and summary shape); a protocol without a threshold is
   * drawn flat across the thresholds. Returns the files written.
   */
  public List<Path> plot(Path dir) {
    List<Path> out = new ArrayList<>();
    java.util.SortedSet<Double> thresholds = new java.util.TreeSet<>();
    java.util.SortedSet<Integer> sizes = new java.util.TreeSet<>();
    for (Row r : rows) {
      if ("summary".equals(r.stats().protocol())) {
        thresholds.add(r.updateThreshold());
      }
      sizes.add(r.stats().peers());
    }
    if (thresholds.size() > 1) {
      double[] x = thresholds.stream().mapToDouble(t -> 100 * t).toArray();
      out.addAll(chart(dir, "threshold", "update threshold (% of capacity)", x, r -> 100 * r.updateThreshold(),
          thresholds.size()));
    }
    if (sizes.size() > 1) {
      double[] x = sizes.stream().mapToDouble(Integer::doubleValue).toArray();
      out.addAll(chart(dir, "peers", "peers in the group", x, r -> r.stats().peers(), sizes.size()));
    }
    return out;
  }

  private List<Path> chart(Path dir, String axis, String xLabel, double[] xs,
      java.util.function.ToDoubleFunction<Row> xOf, int points) {
    Map<String, List<Row>> bySeries = new LinkedHashMap<>();
    boolean namings = rows.stream().map(r -> r.stats().names()).distinct().count() > 1;
    for (Row r : rows) {
      String name = ("summary".equals(r.stats().protocol())
          ? "summary " + r.bitsPerEntry() + " bits/entry" + (axis.equals("peers") ? " " + pct(r.updateThreshold()) : "")
          : r.stats().protocol()) + (namings ? " (" + r.stats().names() + ")" : "");
      bySeries.computeIfAbsent(name, k -> new ArrayList<>()).add(r);
    }
    List<Path> files = new ArrayList<>();
    for (String metric : List.of("hit-ratio", "messages")) {
      ToDoubleFunction<CacheStats> f = metric.equals("hit-ratio") ? CacheStats::hitRatio
          : CacheStats::messagesPerRequest;
      List<org.bloomchord.experiments.report.Series> series = new ArrayList<>();
      bySeries.forEach((name, rs) -> {
        Map<Double, double[]> sums = new java.util.TreeMap<>();
        for (Row r : rs) {
          double x = xOf.applyAsDouble(r);
          sums.computeIfAbsent(x, k -> new double[2]);
          sums.get(x)[0] += f.applyAsDouble(r.stats());
          sums.get(x)[1]++;
        }
        double[] x;
        double[] y;
        if (sums.size() == 1 && points > 1) {
          // a protocol without this parameter: flat across the swept values
          double v = sums.values().iterator().next()[0] / sums.values().iterator().next()[1];
          x = xs.clone();
          y = new double[xs.length];
          java.util.Arrays.fill(y, v);
        } else {
          x = sums.keySet().stream().mapToDouble(Double::doubleValue).toArray();
          y = sums.values().stream().mapToDouble(a -> a[0] / a[1]).toArray();
        }
        series.add(org.bloomchord.experiments.report.Series.measured(name, x, y));
      });
      String title = (metric.equals("hit-ratio") ? "total hit ratio" : "inter-peer messages per request")
          + " against the " + (axis.equals("peers") ? "group size" : "update threshold");
      org.bloomchord.experiments.report.LineChart c = new org.bloomchord.experiments.report.LineChart(title, xLabel,
          metric.equals("hit-ratio") ? "hit ratio" : "messages per request", series, axis.equals("threshold"));
      org.bloomchord.experiments.report.PlotWriter.Files w =
          org.bloomchord.experiments.report.PlotWriter.write(c, dir, "cache-" + metric + "-vs-" + axis);
      files.add(w.png());
      files.add(w.svg());
    }
    return files;
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
