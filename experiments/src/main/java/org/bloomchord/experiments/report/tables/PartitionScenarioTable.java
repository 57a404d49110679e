package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The table of partitions.md's scenario phase, one row per run of {@code run partition-merge}
 * kept under docs/experiments/data: the split's first {@code partitions} entry (peers per side,
 * rings at its end, seconds and messages from the heal to one correct ring, keys that diverged,
 * messages the cut dropped), the lookups after the merge, the keys, and the ring at the end.
 */
public final class PartitionScenarioTable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private PartitionScenarioTable() {
  }

  /**
   * One row per run, in the order given.
   *
   * @param summaries the runs' {@code summary.json}, in folder-name order
   * @throws IllegalArgumentException when a summary has no partition
   */
  public static String markdown(List<Path> summaries) {
    StringBuilder md = new StringBuilder("| seed | peers per side | rings during | one ring after the heal (s) "
        + "| messages to merge | divergent keys | messages cut | lookups after: correct / total | incorrect | failed "
        + "| keys stored / lost | ring at the end |\n"
        + "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    for (Path summary : summaries) {
      JsonNode s = read(summary);
      JsonNode p = s.path("partitions").path(0);
      if (p.isMissingNode()) {
        throw new IllegalArgumentException(summary + " has no partition (not a run of a partition phase)");
      }
      List<String> sides = new ArrayList<>();
      p.path("peersPerGroup").forEach(n -> sides.add(String.format(Locale.ROOT, "%,d", n.asLong())));
      JsonNode heal = p.path("healToOneRingSeconds");
      JsonNode lookups = s.path("lookups");
      JsonNode ring = s.path("ring");
      md.append(String.format(Locale.ROOT, "| %d | %s | %d | %s | %,d | %,d | %,d | %,d / %,d | %,d | %,d | %,d / %,d | %s |%n",
          s.path("seed").asLong(), String.join(", ", sides), p.path("ringsDuring").asLong(),
          heal.isNumber() ? String.format(Locale.ROOT, "%.1f", heal.asDouble()) : "not within the phase",
          p.path("messagesToMerge").asLong(), p.path("divergentKeys").asLong(), p.path("partitionLost").asLong(),
          lookups.path("correct").asLong(), lookups.path("total").asLong(), lookups.path("incorrect").asLong(),
          lookups.path("failed").asLong(), s.path("keys").path("stored").asLong(), s.path("keys").path("lost").asLong(),
          (ring.path("stable").asBoolean() ? "stable" : "not stable") + ", " + ring.path("successorErrors").asLong()
              + " successor errors"));
    }
    return md.toString();
  }

  private static JsonNode read(Path file) {
    try {
      return JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
  }
}
