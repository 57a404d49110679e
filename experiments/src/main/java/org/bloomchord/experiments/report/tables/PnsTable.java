package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table of pns.md, written from the {@code summaries.json} of {@code bloomchord run pns} (its
 * entries sweep {@code seed} and {@code chord.proximity}): one row per seed, in order of first
 * appearance, with the lookup latency's median and 99th percentile without and with proximity
 * neighbour selection and how much lower they are with it, the hops, and the bytes per peer per
 * second.
 */
public final class PnsTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| N | seed | lookups correct off / on | median ms off / on | lower by"
      + " | p99 ms off / on | lower by | hops off / on | bytes/peer/s off / on |\n"
      + "|---:|---:|---|---|---:|---|---:|---|---|\n";

  private PnsTable() {
  }

  /**
   * The table of the entries of {@code runs}.
   *
   * @throws IllegalArgumentException when an entry is not a run of pns, or a seed lacks either run
   */
  public static String markdown(List<JsonNode> runs) {
    Map<String, JsonNode[]> bySeed = new LinkedHashMap<>();
    for (JsonNode e : runs) {
      JsonNode proximity = e.path("sweep").get("chord.proximity");
      if (proximity == null || e.get("summary") == null) {
        throw new IllegalArgumentException("not an entry of the summaries.json of run pns (no summary or swept"
            + " chord.proximity)");
      }
      String seed = e.path("summary").path("seed").asText();
      bySeed.computeIfAbsent(seed, s -> new JsonNode[2])[proximity.asBoolean() ? 1 : 0] = e.get("summary");
    }
    StringBuilder out = new StringBuilder(HEAD);
    for (Map.Entry<String, JsonNode[]> row : bySeed.entrySet()) {
      JsonNode off = row.getValue()[0];
      JsonNode on = row.getValue()[1];
      if (off == null || on == null) {
        throw new IllegalArgumentException("seed " + row.getKey() + " lacks the run with or without proximity");
      }
      double p50Off = latency(off, "p50");
      double p50On = latency(on, "p50");
      double p99Off = latency(off, "p99");
      double p99On = latency(on, "p99");
      out.append(String.format(Locale.ROOT,
          "| %,d | %s | %,d of %,d / %,d of %,d | %.1f / %.1f | %.1f%% | %.1f / %.1f | %.1f%% | %.3f / %.3f | %,.0f / %,.0f |\n",
          off.path("peers").path("launched").asLong(), row.getKey(), off.path("lookups").path("correct").asLong(),
          off.path("lookups").path("total").asLong(), on.path("lookups").path("correct").asLong(),
          on.path("lookups").path("total").asLong(), p50Off, p50On, 100 * (1 - p50On / p50Off), p99Off, p99On,
          100 * (1 - p99On / p99Off), off.path("lookups").path("hops").path("mean").asDouble(),
          on.path("lookups").path("hops").path("mean").asDouble(),
          off.path("traffic").path("bytesPerPeerPerSecond").asDouble(),
          on.path("traffic").path("bytesPerPeerPerSecond").asDouble()));
    }
    return out.toString();
  }

  private static double latency(JsonNode summary, String percentile) {
    return summary.path("lookups").path("latencyMs").path(percentile).asDouble();
  }
}
