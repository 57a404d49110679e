package org.bloomchord.experiments.locate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.bloomchord.experiments.runner.results.RunMetrics;

/**
 * The tables of location.md. From runs of {@code bloomchord locate --json}, one row per run in
 * order: the filters' depth and width (the run's {@code setting}), how the locates ended, the share
 * of the queries whose nearest holder lay within the depth that the probabilistic phase resolved,
 * hops against the Chord path, and the filter maintenance bytes per peer per second. From the
 * entries of a {@code summaries.json} of {@code bloomchord run filter-depth-width} (each with its
 * swept {@code routing.depth} and {@code routing.bitsPerLevel}): one row per depth, the widths side
 * by side, with the figures {@link RunMetrics} derives.
 */
public final class LocateTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| d | W (bits/level) | found | probabilistic | fallback | falsePositives"
      + " | withinDepth | share | hops mean | stretch mean | chordHops mean | maintenance B/peer/s |\n"
      + "|---|---|---|---|---|---|---|---|---|---|---|---|\n";

  private LocateTable() {
  }

  /**
   * The table of {@code runs}, in their order.
   *
   * @throws IllegalArgumentException when a run is not one of {@code locate --json} with its setting
   */
  public static String markdown(List<JsonNode> runs) {
    if (!runs.isEmpty() && runs.get(0).has("sweep")) {
      return sweep(runs);
    }
    StringBuilder out = new StringBuilder(HEAD);
    for (JsonNode run : runs) {
      JsonNode setting = run.get("setting");
      JsonNode l = run.get("locate");
      if (!"locate".equals(run.path("command").asText()) || setting == null || l == null) {
        throw new IllegalArgumentException("not a run of locate --json with its setting");
      }
      long within = l.path("withinDepth").asLong();
      out.append(String.format(Locale.ROOT, "| %d | %d | %d/%d | %d | %d | %d | %d | %s | %.3f | %.3f | %.3f | %.0f |\n",
          setting.path("depth").asInt(), setting.path("bitsPerLevel").asInt(), l.path("found").asLong(),
          l.path("total").asLong(), l.path("probabilistic").asLong(), l.path("fallback").asLong(),
          l.path("falsePositives").asLong(), within,
          within == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * l.path("withinDepthProbabilistic").asLong()
              / within),
          l.path("hops").path("mean").asDouble(), l.path("stretch").path("mean").asDouble(),
          l.path("chordHops").path("mean").asDouble(), run.path("traffic").path("bytesPerPeerPerSecond").asDouble()));
    }
    return out.toString();
  }

  private static String sweep(List<JsonNode> entries) {
    Map<String, List<JsonNode>> byDepth = new LinkedHashMap<>();
    for (JsonNode e : entries) {
      JsonNode depth = e.path("sweep").get("routing.depth");
      if (depth == null || e.path("sweep").get("routing.bitsPerLevel") == null || e.get("summary") == null) {
        throw new IllegalArgumentException("not an entry of the summaries.json of run filter-depth-width (no summary"
            + " or swept routing.depth and routing.bitsPerLevel)");
      }
      byDepth.computeIfAbsent(depth.asText(), d -> new ArrayList<>()).add(e);
    }
    StringBuilder out = new StringBuilder("| d | W (bits/level) | within-depth share | false positives per locate"
        + " | maintenance B/peer/s |\n|---|---|---|---|---|\n");
    for (Map.Entry<String, List<JsonNode>> d : byDepth.entrySet()) {
      List<JsonNode> row = d.getValue();
      out.append("| ").append(d.getKey()).append(" | ")
          .append(join(row, e -> e.path("sweep").path("routing.bitsPerLevel").asText())).append(" | ")
          .append(join(row, e -> share(metric(e, "locate.withinDepthShare")))).append(" | ")
          .append(join(row, e -> trimmed(metric(e, "locate.falsePositivesPerLocate")))).append(" | ")
          .append(join(row, e -> String.format(Locale.ROOT, "%.0f", metric(e, "traffic.maintenanceBytesPerPeerPerSecond"))))
          .append(" |\n");
    }
    return out.toString();
  }

  private static double metric(JsonNode entry, String name) {
    return RunMetrics.value(entry.get("summary"), null, name);
  }

  private static String share(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String trimmed(double v) {
    return v == 0 ? "0" : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String join(List<JsonNode> row, Function<JsonNode, String> cell) {
    return String.join(" / ", row.stream().map(cell).toList());
  }
}
