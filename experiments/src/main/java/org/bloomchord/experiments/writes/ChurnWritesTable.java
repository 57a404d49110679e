package org.bloomchord.experiments.writes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * The table of runs of {@code bloomchord writes --json} under churn and loss (writes.md), one row
 * per run in order: the repair and read quorum, the seed, the acknowledged writes and how the
 * reads judged them, the crashes and the simulated time.
 */
public final class ChurnWritesTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| repair | read quorum | seed | acknowledged | lost | resurrected | stale"
      + " | unacknowledged | reads judged | reads failed | crashes | simulated s |\n"
      + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";

  private ChurnWritesTable() {
  }

  /**
   * The table of {@code runs}, in their order.
   *
   * @throws IllegalArgumentException when a run is not one of {@code writes --json}
   */
  public static String markdown(List<JsonNode> runs) {
    StringBuilder out = new StringBuilder(HEAD);
    for (JsonNode run : runs) {
      JsonNode w = run.get("writes");
      if (!"writes".equals(run.path("command").asText()) || w == null) {
        throw new IllegalArgumentException("not a run of writes --json (no command writes or writes section)");
      }
      out.append(String.format(Locale.ROOT, "| %s | %d | %d | %,d | %,d | %,d | %,d | %,d | %,d | %,d | %,d | %,.0f |\n",
          run.path("repair").asText(), run.path("readQuorum").asInt(), run.path("seed").asLong(),
          w.path("acknowledged").asLong(), w.path("lost").asLong(), w.path("resurrected").asLong(),
          w.path("stale").asLong(), w.path("unacknowledged").asLong(), w.path("readsJudged").asLong(),
          w.path("readsFailed").asLong(), run.path("peers").path("crashes").asLong(),
          run.path("resources").path("simulatedSeconds").asDouble()));
    }
    return out.toString();
  }
}
