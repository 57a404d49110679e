package org.bloomchord.experiments.hotkeys;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Locale;

/**
 * The table of {@code bloomchord hot-keys}: one row per run (threshold, budget, seed), written from
 * the run's JSON form, which {@code hot-keys --json} prints one line per run. The command prints
 * its table through the same rows, so a page's table written from kept JSON lines is the table the
 * command printed.
 */
public final class HotKeysTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| threshold | budget | seed | reads | failed | puts acked | served mean | p99 | max"
      + " | servedMaxOverMean | violations | updates (waited out) | put ack ms mean / max | to holders / to replicas"
      + " | busiest: owner / replica / copy | busiest's arc / mean |\n"
      + "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";

  private static final ObjectMapper JSON = new ObjectMapper();

  private HotKeysTable() {
  }

  /** A run's JSON form: its settings ({@code trial}) and figures, without the served gets per peer. */
  public static JsonNode json(HotKeyTrial.Result r) {
    return JSON.valueToTree(r);
  }

  /**
   * One row of the table from a run's JSON form.
   *
   * @throws IllegalArgumentException when {@code run} is not a hot-keys run
   */
  public static String line(JsonNode run) {
    JsonNode trial = run.get("trial");
    JsonNode served = run.get("served");
    if (trial == null || served == null || run.get("reads") == null) {
      throw new IllegalArgumentException("not a run of hot-keys --json (no trial, served or reads)");
    }
    long t = trial.path("threshold").asLong();
    long b = trial.path("budget").asLong();
    return String.format(Locale.ROOT,
        "| %s | %s | %d | %d | %d | %d/%d | %.1f | %.0f | %.0f | %.2f | %d | %d (%d) | %.0f / %d | %d / %d | %d / %d / %d"
            + " | %.1f |",
        t == 0 ? "off" : t + "/s", t == 0 ? "-" : b == 0 ? "none" : b + "/s", trial.path("seed").asLong(),
        run.path("reads").asLong(), run.path("readsFailed").asLong(), run.path("putsAcked").asLong(),
        run.path("puts").asLong(), served.path("mean").asDouble(), served.path("p99").asDouble(),
        served.path("max").asDouble(), run.path("servedMaxOverMean").asDouble(), run.path("violations").asLong(),
        run.path("updates").asLong(), run.path("updatesWaitedOut").asLong(), run.path("putAckMeanMs").asDouble(),
        run.path("putAckMaxMs").asLong(), run.path("delegated").asLong(), run.path("toReplicas").asLong(),
        run.path("busiestAsOwner").asLong(), run.path("busiestAsReplica").asLong(),
        run.path("busiestFromCache").asLong(), run.path("busiestArcOverMean").asDouble());
  }

  /** The whole table of {@code runs}, in their order. */
  public static String markdown(List<JsonNode> runs) {
    StringBuilder out = new StringBuilder(HEAD);
    runs.forEach(r -> out.append(line(r)).append('\n'));
    return out.toString();
  }
}
