package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * The table of state-hour.md, written from the summary of {@code bloomchord run state-hour --json}:
 * the largest size of each bounded per-peer map over the samples of every live peer (the
 * {@code trust} section's {@code state.*.max}) beside its cap ({@code state.*.cap}), and the stored
 * copies outside the peers' replica ranges, for one peer and for all together.
 */
public final class StateHourTable {

  private static final String[][] BOUNDED = {
      {"suspects", "suspected peers"},
      {"strikes", "peers with strikes"},
      {"senders", "senders whose quota is tracked"},
      {"pendingLookups", "lookups in progress as origin"},
      {"repairConversations", "repair conversations served"}};

  private StateHourTable() {
  }

  /**
   * The table of the one run in {@code runs}.
   *
   * @throws IllegalArgumentException when there is not exactly one summary with sampled state
   */
  public static String markdown(List<JsonNode> runs) {
    if (runs.size() != 1 || !runs.get(0).path("trust").has("state.samples")) {
      throw new IllegalArgumentException("expected the one summary of run state-hour --json (with trust state.samples)");
    }
    JsonNode trust = runs.get(0).path("trust");
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "| per-peer state (largest over %d samples of every live peer) | max | cap |\n|---|---:|---:|\n",
        trust.path("state.samples").asLong()));
    for (String[] m : BOUNDED) {
      out.append(String.format(Locale.ROOT, "| %s | %,d | %,d |\n", m[1], trust.path("state." + m[0] + ".max").asLong(),
          trust.path("state." + m[0] + ".cap").asLong()));
    }
    out.append(String.format(Locale.ROOT,
        "| stored copies outside the peer's replica ranges (one peer) | %,d | none: swept after 5 min |\n",
        trust.path("state.outOfRangeKeys.max").asLong()));
    out.append(String.format(Locale.ROOT, "| the same, all peers together | %,d (%,d at the end) | |\n",
        trust.path("state.outOfRangeKeysTotal.max").asLong(), trust.path("state.outOfRangeKeysTotal.last").asLong()));
    return out.toString();
  }
}
