package org.bloomchord.experiments.sketch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The table of {@code bloomchord sketch heavy-hitters} over several seeds or settings, written from
 * the runs' summaries that {@code --json} prints: one row per setting (counters, hashes, update
 * rule), folding the seeds that follow one another, with the mean and range of the counts. The
 * command prints its table through the same method, so a page's table written from kept JSON is
 * the table the command printed.
 */
public final class HeavyHittersTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| counters | hashes | update | seeds | stream | heavy | flagged | false negatives"
      + " | false positives | bound (expectedFalsePositives) | memory (B) |\n"
      + "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";

  private HeavyHittersTable() {
  }

  /**
   * The table of {@code runs}, in their order.
   *
   * @throws IllegalArgumentException when a run is not one of {@code sketch heavy-hitters}
   */
  public static String markdown(List<JsonNode> runs) {
    StringBuilder out = new StringBuilder(HEAD);
    List<JsonNode> group = new ArrayList<>();
    for (JsonNode run : runs) {
      if (run.get("counters") == null || run.get("flagged") == null) {
        throw new IllegalArgumentException("not a run of sketch heavy-hitters --json (no counters or flagged)");
      }
      if (!group.isEmpty() && !setting(group.get(0)).equals(setting(run))) {
        row(out, group);
        group.clear();
      }
      group.add(run);
    }
    if (!group.isEmpty()) {
      row(out, group);
    }
    return out.toString();
  }

  private static String setting(JsonNode run) {
    return run.path("items").asLong() + "|" + run.path("threshold").asLong() + "|" + run.path("counters").asLong() + "|"
        + run.path("hashes").asInt() + "|" + run.path("conservative").asBoolean() + "|" + run.path("zipf").asDouble();
  }

  private static void row(StringBuilder out, List<JsonNode> rs) {
    JsonNode f = rs.get(0);
    out.append("| ").append(f.path("counters").asLong()).append(" | ").append(f.path("hashes").asInt()).append(" | ")
        .append(f.path("conservative").asBoolean() ? "conservative" : "plain").append(" | ").append(rs.size())
        .append(" | ").append(f.path("stream").asLong()).append(" | ").append(f.path("heavy").asLong()).append(" | ")
        .append(range(rs, r -> r.path("flagged").asLong())).append(" | ")
        .append(range(rs, r -> r.path("falseNegatives").asLong())).append(" | ")
        .append(range(rs, r -> r.path("falsePositives").asLong())).append(" | ")
        .append(String.format(Locale.ROOT, "%.1f",
            rs.stream().mapToDouble(r -> r.path("expectedFalsePositives").asDouble()).average().orElse(0)))
        .append(" | ").append(f.path("memoryBytes").asLong()).append(" |\n");
  }

  private static String range(List<JsonNode> rs, ToLongFunction<JsonNode> f) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    double sum = 0;
    for (JsonNode r : rs) {
      long v = f.applyAsLong(r);
      min = Math.min(min, v);
      max = Math.max(max, v);
      sum += v;
    }
    String mean = String.format(Locale.ROOT, "%.1f", sum / rs.size());
    return rs.size() == 1 ? mean : mean + " [" + min + ", " + max + "]";
  }
}
