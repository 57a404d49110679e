package org.bloomchord.experiments.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The table of {@code MemoryLatencyBenchmark} (the {@code benchmarks} module), written from JMH's
 * JSON result ({@code -rf json}): by working set, the time of one read whose address the last read
 * gave, the time of a round of eight reads that do not depend on each other, and how many of those
 * overlap (eight reads' worth of dependent time over the round's time), each score with the
 * half-width of JMH's 99.9% interval.
 */
public final class MemoryLatencyTable {

  private static final String BENCHMARK = "org.bloomchord.benchmarks.MemoryLatencyBenchmark.";

  private MemoryLatencyTable() {
  }

  /**
   * One row per working set of the run, smallest first.
   *
   * @throws IllegalArgumentException when a result is not JMH's, or a working set lacks one of the
   *     two benchmarks
   */
  public static String markdown(List<JsonNode> results) {
    Map<Integer, JmhScore> chase = new TreeMap<>();
    Map<Integer, JmhScore> eight = new TreeMap<>();
    for (JsonNode r : results) {
      JmhScore s = JmhScore.of(r);
      JsonNode megabytes = r.path("params").get("megabytes");
      if (megabytes == null) {
        throw new IllegalArgumentException("not a MemoryLatencyBenchmark result (no megabytes)");
      }
      String name = r.get("benchmark").asText();
      int mb = Integer.parseInt(megabytes.asText());
      if (name.equals(BENCHMARK + "chase")) {
        chase.put(mb, s);
      } else if (name.equals(BENCHMARK + "eightChases")) {
        eight.put(mb, s);
      }
    }
    if (chase.isEmpty() || !chase.keySet().equals(eight.keySet())) {
      throw new IllegalArgumentException("chase and eightChases must cover the same working sets: "
          + chase.keySet() + " and " + eight.keySet());
    }
    StringBuilder out = new StringBuilder("| working set | one dependent read (`chase`, ns) | a round of eight independent"
        + " reads (`eightChases`, ns) | ns per read of the eight | reads overlapped |\n|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<Integer, JmhScore> e : chase.entrySet()) {
      JmhScore one = e.getValue();
      JmhScore round = eight.get(e.getKey());
      out.append("| ").append(String.format(Locale.ROOT, "%,d MB", e.getKey())).append(" | ").append(one.text())
          .append(" | ").append(round.text()).append(" | ").append(String.format(Locale.ROOT, "%.1f", round.score() / 8))
          .append(" | ").append(String.format(Locale.ROOT, "%.1f", 8 * one.score() / round.score())).append(" |\n");
    }
    return out.toString();
  }
}
