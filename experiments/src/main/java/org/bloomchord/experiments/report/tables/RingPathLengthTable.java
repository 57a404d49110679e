package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * Mean path length of stable rings against ½·log2 N, written from the {@code ring --json} summaries
 * of one run per ring size (the block {@code chord-path-length.rings} of
 * docs/experiments/chord-path-length.md): per run, N, ½·log2 N, the lookups' mean hops and how far
 * it lies from ½·log2 N, the 1st, 50th and 99th percentiles of hops, and the correct lookups.
 */
public final class RingPathLengthTable {

  private RingPathLengthTable() {
  }

  /**
   * One row per summary, in order.
   *
   * @throws IllegalArgumentException when a summary has no {@code peers} or {@code lookups} section
   */
  public static String markdown(List<JsonNode> runs) {
    StringBuilder md = new StringBuilder("| N | ½·log2 N | mean hops | mean − ½·log2 N | p1 | p50 | p99 | lookups correct |\n"
        + "|---|---|---|---|---|---|---|---|\n");
    for (JsonNode run : runs) {
      JsonNode lookups = run.get("lookups");
      if (lookups == null || run.get("peers") == null) {
        throw new IllegalArgumentException("not the summary of ring --json (no peers or lookups section)");
      }
      long n = run.path("peers").path("launched").asLong();
      double half = 0.5 * Math.log(n) / Math.log(2);
      JsonNode hops = lookups.path("hops");
      double mean = hops.path("mean").asDouble();
      md.append(String.format(Locale.ROOT, "| %,d | %.1f | %.3f | %.3f | %d | %d | %d | %,d of %,d |%n", n, half, mean,
          mean - half, hops.path("p1").asLong(), hops.path("p50").asLong(), hops.path("p99").asLong(),
          lookups.path("correct").asLong(), lookups.path("total").asLong()));
    }
    return md.toString();
  }
}
