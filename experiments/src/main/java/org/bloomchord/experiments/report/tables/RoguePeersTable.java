package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * The table of rogue-peers.md, written from the {@code summaries.json} of runs of the bundled
 * scenario {@code rogue-peers} ({@code ./bloomchord run rogue-peers --runtime R --out DIR}), the files
 * of several runtimes one after another: one row per run, in order, with the runtime, the number of
 * rogues (the swept {@code rogue.peers}), the honest ring against the oracle, the lookups, locates
 * and keys, what the bounds and quotas refused (the {@code trust} section) and the wall time.
 */
public final class RoguePeersTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| runtime | rogues | successor / finger errors | lookups correct"
      + " | locates found (probabilistic, fallback) | keys stored / lost | quota.requests | rejected.summaryFill"
      + " | rejected.versionsAhead | rejected Chord / location messages | ignored.lookupAnswers | wall s |\n"
      + "|---|---:|---|---|---|---|---:|---:|---:|---|---:|---:|\n";

  private RoguePeersTable() {
  }

  /**
   * The table of {@code runs}, the entries of the runs' {@code summaries.json} in order.
   *
   * @throws IllegalArgumentException when an entry is not a run of rogue-peers
   */
  public static String markdown(List<JsonNode> runs) {
    StringBuilder out = new StringBuilder(HEAD);
    for (JsonNode run : runs) {
      JsonNode s = run.get("summary");
      JsonNode rogues = run.path("sweep").get("rogue.peers");
      if (s == null || rogues == null) {
        throw new IllegalArgumentException("not an entry of the summaries.json of run rogue-peers (no summary or"
            + " swept rogue.peers)");
      }
      JsonNode ring = s.path("ring");
      JsonNode lookups = s.path("lookups");
      JsonNode locate = s.path("locate");
      JsonNode trust = s.path("trust");
      String runtime = s.path("runtime").asText();
      out.append(String.format(Locale.ROOT,
          "| %s | %s | %d / %d | %,d of %,d | %,d of %,d (%,d, %,d) | %,d / %,d | %,d | %,d | %,d | %,d / %,d | %,d | %.0f |\n",
          runtime.equals("vertx") ? "Vert.x" : runtime, rogues.asText(), ring.path("successorErrors").asLong(),
          ring.path("fingerErrors").asLong(), lookups.path("correct").asLong(), lookups.path("total").asLong(),
          locate.path("found").asLong(), locate.path("total").asLong(), locate.path("probabilistic").asLong(),
          locate.path("fallback").asLong(), s.path("keys").path("stored").asLong(), s.path("keys").path("lost").asLong(),
          trust.path("quota.requests").asLong(), trust.path("rejected.summaryFill").asLong(),
          trust.path("rejected.versionsAhead").asLong(), trust.path("rejected.chordMessages").asLong(),
          trust.path("rejected.locationMessages").asLong(), trust.path("ignored.lookupAnswers").asLong(),
          s.path("resources").path("wallSeconds").asDouble()));
    }
    return out.toString();
  }
}
