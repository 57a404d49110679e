package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Binds {@code partition: { groups, for, settle }} (and a sibling {@code workload}) into a
 * {@link Phase.Partition}. Groups are either shares of the live peers (numbers in (0, 1] summing
 * to 1, for the simulator) or lists of JVM indexes (for {@code run --jvms}: each index in 0..J-1,
 * each at most once); anything else is refused with one line naming the key.
 */
final class PartitionBinder {

  /** How far the shares' sum may be from 1. */
  private static final double SUM_TOLERANCE = 1e-6;

  private PartitionBinder() {
  }

  static Phase.Partition partition(YamlNode.Mapping item, String path, int jvms, OperationsBinder operations) {
    String p = path + ".partition";
    Fields f = new Fields(item.entries().get("partition"), p, List.of("groups", "for", "settle"));
    if (!f.has("groups")) {
      throw f.missing("groups");
    }
    if (!(f.raw("groups") instanceof YamlNode.Sequence seq) || seq.items().size() < 2) {
      throw f.bad("groups", "a list of at least two groups: shares such as [0.5, 0.5] or JVM indexes such as [[0], [1]]");
    }
    List<Double> shares = new ArrayList<>();
    List<List<Integer>> jvmGroups = new ArrayList<>();
    boolean indexes = seq.items().get(0) instanceof YamlNode.Sequence;
    for (YamlNode g : seq.items()) {
      if (indexes != g instanceof YamlNode.Sequence) {
        throw f.bad("groups", "either all shares or all lists of JVM indexes, not both");
      }
      if (indexes) {
        jvmGroups.add(indexes(f, (YamlNode.Sequence) g));
      } else {
        shares.add(share(f, g));
      }
    }
    if (indexes) {
      checkJvms(f, jvmGroups, jvms);
    } else {
      double sum = shares.stream().mapToDouble(Double::doubleValue).sum();
      if (Math.abs(sum - 1) > SUM_TOLERANCE) {
        throw f.bad("groups", "shares summing to 1 (these sum to " + sum + ")");
      }
      if (jvms > 0) {
        throw new ScenarioException(f.keyPosition("groups"), f.path("groups")
            + ": with run --jvms a partition names JVM indexes, such as [[0], [1, 2]]");
      }
    }
    Duration duration = f.positiveDuration("for", null);
    Duration settle = f.positiveDuration("settle", Duration.ofMinutes(10));
    Phase.Operations workload = null;
    if (item.entries().containsKey("workload")) {
      workload = operations.operations(new Fields(item.entries().get("workload"), path + ".workload",
          OperationsBinder.RATE_KEYS));
    }
    return new Phase.Partition(shares, jvmGroups, duration, settle, workload);
  }

  private static double share(Fields f, YamlNode g) {
    String text = g instanceof YamlNode.Scalar s ? s.text() : null;
    try {
      double v = Double.parseDouble(text);
      if (v > 0 && v <= 1) {
        return v;
      }
    } catch (NumberFormatException | NullPointerException e) {
      // reported below
    }
    throw f.bad("groups", "shares in (0, 1], such as [0.5, 0.3, 0.2] (found '" + text + "')");
  }

  private static List<Integer> indexes(Fields f, YamlNode.Sequence g) {
    if (g.items().isEmpty()) {
      throw f.bad("groups", "non-empty lists of JVM indexes");
    }
    List<Integer> out = new ArrayList<>();
    for (YamlNode i : g.items()) {
      String text = i instanceof YamlNode.Scalar s ? s.text() : null;
      try {
        out.add(Integer.parseInt(text));
      } catch (NumberFormatException e) {
        throw f.bad("groups", "JVM indexes as whole numbers (found '" + text + "')");
      }
    }
    return out;
  }

  private static void checkJvms(Fields f, List<List<Integer>> groups, int jvms) {
    if (jvms == 0) {
      throw new ScenarioException(f.keyPosition("groups"), f.path("groups")
          + ": JVM index groups need run --jvms J; on the simulator give shares of the peers, such as [0.5, 0.5]");
    }
    Set<Integer> seen = new HashSet<>();
    for (List<Integer> g : groups) {
      for (int i : g) {
        if (i < 0 || i >= jvms) {
          throw f.bad("groups", "JVM indexes in 0.." + (jvms - 1) + " with --jvms " + jvms + " (found " + i + ")");
        }
        if (!seen.add(i)) {
          throw f.bad("groups", "each JVM in one group only (" + i + " is named twice)");
        }
      }
    }
    for (int i = 0; i < jvms; i++) {
      if (!seen.contains(i)) {
        throw f.bad("groups", "every JVM 0.." + (jvms - 1) + " in one group (" + i + " is in none)");
      }
    }
  }
}
