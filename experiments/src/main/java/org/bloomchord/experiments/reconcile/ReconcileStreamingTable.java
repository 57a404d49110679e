package org.bloomchord.experiments.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The table comparing the streamed rateless exchange with the batched one, written from runs of
 * {@code bloomchord reconcile --method riblt --json} with {@code --rateless stream} and
 * {@code --rateless batched} over the same seeds (each run's {@code reconcile.rateless} names its
 * exchange): a line naming the sets, then one row per difference d, in increasing order, with the
 * bytes and round trips of both exchanges over the seeds and the ratio of their bytes seed by seed.
 */
public final class ReconcileStreamingTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| d | batched bytes (mean) | batched rounds | streamed bytes (mean)"
      + " | streamed rounds (max) | streamed runs over 2 rounds | streamed / batched (mean, max over seeds) | exact |\n"
      + "|---:|---:|---:|---:|---:|---:|---:|---|\n";

  private ReconcileStreamingTable() {
  }

  private record Run(long seed, long bytes, long rounds, boolean exact) {
  }

  /**
   * The table of {@code runs}, whatever their order.
   *
   * @throws IllegalArgumentException when a run is not a riblt run of {@code reconcile --json}, or a
   *     streamed run has no batched run of the same seed and d
   */
  public static String markdown(List<JsonNode> runs) {
    Map<Long, Map<Long, Run>> stream = new TreeMap<>();
    Map<Long, Map<Long, Run>> batched = new TreeMap<>();
    TreeSet<Long> sizes = new TreeSet<>();
    TreeSet<Long> elementBytes = new TreeSet<>();
    TreeSet<String> runtimes = new TreeSet<>();
    for (JsonNode run : runs) {
      JsonNode r = run.get("reconcile");
      String mode = r == null ? "" : r.path("rateless").asText();
      if (!mode.equals("stream") && !mode.equals("batched")) {
        throw new IllegalArgumentException("not a run of reconcile --method riblt --json naming its exchange"
            + " (reconcile.rateless stream or batched)");
      }
      Run one = new Run(run.path("seed").asLong(), r.path("bytes").asLong(), r.path("rounds").asLong(),
          r.path("exact").asBoolean());
      (mode.equals("stream") ? stream : batched).computeIfAbsent(r.path("diff").asLong(), d -> new TreeMap<>())
          .put(one.seed(), one);
      sizes.add(r.path("size").asLong());
      elementBytes.add(r.path("elementBytes").asLong());
      runtimes.add(run.path("runtime").asText());
    }
    TreeSet<Long> seeds = new TreeSet<>();
    stream.values().forEach(m -> seeds.addAll(m.keySet()));
    StringBuilder out = new StringBuilder("Sets of " + join(sizes) + " elements (" + join(elementBytes) + " bytes), "
        + seeds.size() + " seeds each, " + (runtimes.equals(new TreeSet<>(List.of("sim"))) ? "simulator" : String.join(
            ", ", runtimes)) + ".\n\n").append(HEAD);
    for (Map.Entry<Long, Map<Long, Run>> e : stream.entrySet()) {
      long d = e.getKey();
      List<Run> s = new ArrayList<>(e.getValue().values());
      List<Run> b = new ArrayList<>(batched.getOrDefault(d, Map.of()).values());
      List<Double> ratio = new ArrayList<>();
      for (Run run : s) {
        Run other = batched.getOrDefault(d, Map.of()).get(run.seed());
        if (other == null) {
          throw new IllegalArgumentException("the streamed run of seed " + run.seed() + " at d = " + d
              + " has no batched run");
        }
        ratio.add((double) run.bytes() / other.bytes());
      }
      boolean exact = s.stream().allMatch(Run::exact) && b.stream().allMatch(Run::exact);
      out.append("| ").append(d).append(" | ").append(meanFloor(b)).append(" | ")
          .append(b.stream().mapToLong(Run::rounds).min().orElse(0)).append('-')
          .append(b.stream().mapToLong(Run::rounds).max().orElse(0)).append(" | ").append(meanFloor(s)).append(" | ")
          .append(s.stream().mapToLong(Run::rounds).max().orElse(0)).append(" | ")
          .append(s.stream().filter(x -> x.rounds() > 2).count()).append(" | ")
          .append(thousandths(ratio.stream().mapToDouble(x -> x).average().orElse(0))).append(", ")
          .append(thousandths(ratio.stream().mapToDouble(x -> x).max().orElse(0))).append(" | ").append(exact)
          .append(" |\n");
    }
    return out.toString();
  }

  private static String join(TreeSet<Long> values) {
    return String.join(" and ", values.stream().map(String::valueOf).toList());
  }

  private static long meanFloor(List<Run> runs) {
    return (long) Math.floor(runs.stream().mapToLong(Run::bytes).average().orElse(0));
  }

  /** {@code v} rounded to thousandths, written without trailing zeros (2.243, 1.6, 1). */
  private static String thousandths(double v) {
    return BigDecimal.valueOf(Math.round(v * 1000) / 1000.0).stripTrailingZeros().toPlainString();
  }
}
