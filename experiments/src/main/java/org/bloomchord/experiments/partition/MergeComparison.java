package org.bloomchord.experiments.partition;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.bloomchord.chord.merge.MergeMode;
import org.bloomchord.experiments.scenario.DurationText;

/**
 * Runs {@link MergeTrial}s over a grid (peers x ways x split x churn x mode x seeds) and writes the
 * comparison as a markdown table, one row per grid point with the seeds' mean and range.
 */
public final class MergeComparison {

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

  private MergeComparison() {
  }

  /** Every run of the grid with seeds 1..{@code seeds}, in row order, each reported to {@code progress} as it ends. */
  public static List<MergeTrial.Outcome> run(List<Integer> peers, List<Integer> ways, List<Long> splitsMs,
      List<Double> churn, List<MergeMode> modes, int seeds, long settleMs, Consumer<MergeTrial.Outcome> progress) {
    return run(peers, ways, splitsMs, churn, modes, 1, seeds, settleMs, progress);
  }

  /**
   * Every run of the grid with seeds {@code firstSeed}..{@code firstSeed + seeds - 1}, in row order,
   * each reported to {@code progress} as it ends.
   */
  public static List<MergeTrial.Outcome> run(List<Integer> peers, List<Integer> ways, List<Long> splitsMs,
      List<Double> churn, List<MergeMode> modes, long firstSeed, int seeds, long settleMs,
      Consumer<MergeTrial.Outcome> progress) {
    List<MergeTrial.Outcome> out = new ArrayList<>();
    for (int n : peers) {
      for (int k : ways) {
        for (long split : splitsMs) {
          for (double c : churn) {
            for (MergeMode mode : modes) {
              for (long seed = firstSeed; seed < firstSeed + seeds; seed++) {
                MergeTrial.Outcome o = MergeTrial.run(new MergeTrial.Setting(n, k, split, mode, c, settleMs, seed));
                progress.accept(o);
                out.add(o);
              }
            }
          }
        }
      }
    }
    return out;
  }

  /** The markdown table of {@code outcomes}: one row per setting without its seed. */
  public static String markdown(List<MergeTrial.Outcome> outcomes) {
    StringBuilder sb = new StringBuilder();
    sb.append("| peers | split | for | churn/min | mode | rings during | one ring (runs) | seconds to one ring"
        + " mean [min, max] | stabilize periods mean | messages mean | merge messages mean |\n");
    sb.append("|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
    int i = 0;
    while (i < outcomes.size()) {
      MergeTrial.Setting s = outcomes.get(i).setting();
      List<MergeTrial.Outcome> row = new ArrayList<>();
      while (i < outcomes.size() && sameRow(outcomes.get(i).setting(), s)) {
        row.add(outcomes.get(i++));
      }
      List<Double> secs = row.stream().map(MergeTrial.Outcome::healSeconds).filter(x -> x != null).toList();
      double rings = row.stream().mapToInt(MergeTrial.Outcome::ringsDuring).average().orElse(0);
      sb.append(String.format(Locale.ROOT, "| %,d | %d-way | %s | %s | %s | %.1f | %d/%d | %s | %s | %,.0f | %,.0f |%n",
          s.peers(), s.ways(), DurationText.format(java.time.Duration.ofMillis(s.splitMs())),
          s.churnPerMinute() == 0 ? "0" : String.format(Locale.ROOT, "%.1f%%", 100 * s.churnPerMinute()),
          s.mode().name().toLowerCase(Locale.ROOT), rings, secs.size(), row.size(),
          secs.isEmpty() ? "never (within settle)" : String.format(Locale.ROOT, "%.1f [%.1f, %.1f]", mean(secs),
              secs.stream().mapToDouble(Double::doubleValue).min().orElse(0),
              secs.stream().mapToDouble(Double::doubleValue).max().orElse(0)),
          secs.isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f", mean(secs) * 1000 / MergeTrial.STABILIZE_MS),
          row.stream().mapToLong(MergeTrial.Outcome::messages).average().orElse(0),
          row.stream().mapToLong(MergeTrial.Outcome::mergeMessages).average().orElse(0)));
    }
    return sb.toString();
  }

  /** One run as the compact JSON line that {@code partitions --json} prints: its setting and what it measured. */
  public static String json(MergeTrial.Outcome outcome) {
    try {
      return JSON.writeValueAsString(outcome);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("outcome not serialisable", e);
    }
  }

  /**
   * The table of {@link #markdown} written from runs that {@code partitions --json} printed, in
   * their order.
   *
   * @throws IllegalArgumentException when a run is not a line of {@code partitions --json}
   */
  public static String markdownOfJson(List<com.fasterxml.jackson.databind.JsonNode> runs) {
    List<MergeTrial.Outcome> outcomes = new ArrayList<>();
    for (com.fasterxml.jackson.databind.JsonNode run : runs) {
      if (run.get("setting") == null || run.get("messages") == null) {
        throw new IllegalArgumentException("not a line of partitions --json (no setting or messages)");
      }
      try {
        outcomes.add(JSON.treeToValue(run, MergeTrial.Outcome.class));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalArgumentException("not a line of partitions --json: " + e.getOriginalMessage());
      }
    }
    return markdown(outcomes);
  }

  private static boolean sameRow(MergeTrial.Setting a, MergeTrial.Setting b) {
    return a.peers() == b.peers() && a.ways() == b.ways() && a.splitMs() == b.splitMs() && a.mode() == b.mode()
        && a.churnPerMinute() == b.churnPerMinute();
  }

  private static double mean(List<Double> xs) {
    return xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }
}
