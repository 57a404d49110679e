package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * The table of churn-hour.md, written from the summary of {@code bloomchord run churn-hour --json}:
 * the lookups' outcome, hops and timeouts, the traffic per peer, and the churn the ring went
 * through. The summary's wall-clock {@code resources} are left out: they are not repeatable.
 */
public final class ChurnHourTable {

  private ChurnHourTable() {
  }

  /**
   * The table of the one run in {@code runs}.
   *
   * @throws IllegalArgumentException when there is not exactly one summary with lookups
   */
  public static String markdown(List<JsonNode> runs) {
    if (runs.size() != 1 || !runs.get(0).path("lookups").has("total")) {
      throw new IllegalArgumentException("expected the one summary of run churn-hour --json (with lookups)");
    }
    JsonNode s = runs.get(0);
    JsonNode l = s.path("lookups");
    JsonNode p = s.path("peers");
    StringBuilder md = new StringBuilder("| figure | value |\n|---|---|\n");
    md.append(String.format(Locale.ROOT, "| lookups correct / incorrect / failed | %,d / %,d / %,d of %,d |\n",
        l.path("correct").asLong(), l.path("incorrect").asLong(), l.path("failed").asLong(), l.path("total").asLong()));
    md.append(String.format(Locale.ROOT, "| hops mean / p99 | %.2f / %.0f |\n", l.path("hops").path("mean").asDouble(),
        l.path("hops").path("p99").asDouble()));
    md.append(String.format(Locale.ROOT, "| timeouts per lookup | %.3f |\n", l.path("timeoutsPerLookup").asDouble()));
    md.append(String.format(Locale.ROOT, "| traffic, bytes per peer per second | %.1f |\n",
        s.path("traffic").path("bytesPerPeerPerSecond").asDouble()));
    md.append(String.format(Locale.ROOT, "| hosts launched / crashed / alive at the end | %,d / %,d / %,d |\n",
        p.path("launched").asLong(), p.path("crashes").asLong(), p.path("alive").asLong()));
    JsonNode ring = s.path("ring");
    md.append(String.format(Locale.ROOT, "| ring at the end | %s, %,d successor and %,d finger errors |\n",
        ring.path("stable").asBoolean() ? "stable" : "not stable", ring.path("successorErrors").asLong(),
        ring.path("fingerErrors").asLong()));
    if (s.path("resources").has("simulatedSeconds")) {
      md.append(String.format(Locale.ROOT, "| simulated seconds | %,.0f |\n",
          s.path("resources").path("simulatedSeconds").asDouble()));
    }
    return md.toString();
  }
}
