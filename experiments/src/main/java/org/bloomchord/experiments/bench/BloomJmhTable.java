package org.bloomchord.experiments.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of the Bloom filter benchmarks ({@code MembershipBenchmark} and
 * {@code ProbeReuseBenchmark} of the {@code benchmarks} module), written from JMH's JSON result
 * ({@code -rf json}): each benchmark's score and the half-width of its 99.9% interval as JMH
 * reports them, and the ratios of the peers' scores to ours, all taken in the same run.
 */
public final class BloomJmhTable {

  private static final String MEMBERSHIP = "org.bloomchord.benchmarks.MembershipBenchmark.";
  private static final String PROBES = "org.bloomchord.benchmarks.ProbeReuseBenchmark.";

  private BloomJmhTable() {
  }

  /**
   * The two tables of one JMH run: membership against Guava and Commons Collections, and one key
   * against 60 filters.
   *
   * @throws IllegalArgumentException when a benchmark of either table is missing from {@code results}
   */
  public static String markdown(List<JsonNode> results) {
    Map<String, JmhScore> by = new HashMap<>();
    for (JsonNode r : results) {
      by.put(r.path("benchmark").asText(), JmhScore.of(r));
    }
    StringBuilder out = new StringBuilder(
        "| benchmark | ours (ns/op) | Guava (ns/op) | Commons (ns/op) | Guava / ours | Commons / ours |\n"
            + "|---|---|---|---|---|---|\n");
    for (String[] op : new String[][] {{"mightContain", "contains"}, {"add", "add"}}) {
      JmhScore ours = get(by, MEMBERSHIP + op[1] + "Ours");
      JmhScore guava = get(by, MEMBERSHIP + op[1] + "Guava");
      JmhScore commons = get(by, MEMBERSHIP + op[1] + "Commons");
      out.append("| ").append(op[0]).append(" | ").append(ours.text()).append(" | ").append(guava.text()).append(" | ")
          .append(commons.text()).append(" | ").append(ratio(guava, ours)).append(" | ").append(ratio(commons, ours))
          .append(" |\n");
    }
    out.append("\n| one key against 60 filters of 4096 bits, k = 3 | ns per key | ratio |\n|---|---|---|\n");
    JmhScore once = get(by, PROBES + "probesOnce");
    JmhScore each = get(by, PROBES + "hashPerFilter");
    JmhScore attOnce = get(by, PROBES + "attenuatedProbesOnce");
    JmhScore attEach = get(by, PROBES + "attenuatedHashPerFilter");
    out.append("| probes once (`probesOnce`) | ").append(once.text()).append(" | |\n")
        .append("| hash per filter (`hashPerFilter`) | ").append(each.text()).append(" | ").append(ratio(each, once))
        .append(" |\n")
        .append("| 20 attenuated filters of depth 3, lowest matching level, probes once (`attenuatedProbesOnce`) | ")
        .append(attOnce.text()).append(" | |\n")
        .append("| the same search hashing per filter (`attenuatedHashPerFilter`) | ").append(attEach.text())
        .append(" | ").append(ratio(attEach, attOnce)).append(" |\n");
    return out.toString();
  }

  private static JmhScore get(Map<String, JmhScore> by, String benchmark) {
    JmhScore s = by.get(benchmark);
    if (s == null) {
      throw new IllegalArgumentException("no result of " + benchmark);
    }
    return s;
  }

  private static String ratio(JmhScore a, JmhScore b) {
    return String.format(Locale.ROOT, "%.1fx", a.score() / b.score());
  }
}
