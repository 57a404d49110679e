package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two kinds of per-sender limit on the bundled {@code rogue-peers} scenario (the block
 * {@code sender-limits} of docs/experiments/heavy-hitters.md), written from one JSON line per command,
 * {@code {"command": ..., "runs": [...]}}, the runs being the entries of the command's
 * {@code summaries.json}: one row per run with the limit the command set ({@code chord.senderLimit.*}
 * overrides, else the scenario's exact quota), the rogues, the requests refused by the quota, the
 * lookups, their timeouts and the keys lost.
 */
public final class SenderLimitsTable {

  private static final Pattern SET = Pattern.compile("--set chord\\.senderLimit\\.(\\w+)=(\\S+)");

  private SenderLimitsTable() {
  }

  /**
   * One row per run of each command, in order.
   *
   * @throws IllegalArgumentException when a line has no command or runs, or a run no summary
   */
  public static String markdown(List<JsonNode> commands) {
    StringBuilder md = new StringBuilder("| sender limit | rogues | trust.quota.requests | lookups correct / total"
        + " | timeouts per lookup | keys lost |\n|---|---:|---:|---:|---:|---:|\n");
    for (JsonNode c : commands) {
      if (!c.path("command").isTextual() || !c.path("runs").isArray()) {
        throw new IllegalArgumentException("expected {\"command\": ..., \"runs\": [...]} for each command");
      }
      List<String> set = new ArrayList<>();
      Matcher m = SET.matcher(c.path("command").asText());
      while (m.find()) {
        set.add(m.group(1) + " " + m.group(2));
      }
      String limit = set.isEmpty() ? "the scenario's (exact)" : String.join(", ", set);
      for (JsonNode run : c.path("runs")) {
        JsonNode s = run.get("summary");
        if (s == null) {
          throw new IllegalArgumentException("a run of '" + c.path("command").asText() + "' has no summary");
        }
        JsonNode lookups = s.path("lookups");
        md.append(String.format(Locale.ROOT, "| %s | %s | %,d | %d / %d | %.3f | %d |%n", limit,
            run.path("sweep").path("rogue.peers").asText("-"), s.path("trust").path("quota.requests").asLong(),
            lookups.path("correct").asLong(), lookups.path("total").asLong(), lookups.path("timeoutsPerLookup").asDouble(),
            s.path("keys").path("lost").asLong()));
      }
    }
    return md.toString();
  }
}
