package org.bloomchord.experiments.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Binds one item of a scenario's {@code phases} list into its {@link Phase}: checks that it names
 * exactly one kind (a churn may take a workload next to it), reads the kind's keys, and hands
 * churn to {@link ChurnBinder} and rates, counts and keys to {@link OperationsBinder}. Phases are
 * bound in order: a publish phase sets the key population of those after it.
 */
final class PhaseBinder {

  /** The JVMs of {@code run --jvms}, or 0 when not given. */
  private final int jvms;
  private final OperationsBinder operations = new OperationsBinder();
  private final ChurnBinder churn;

  PhaseBinder(Path baseDir, int jvms) {
    this.jvms = jvms;
    this.churn = new ChurnBinder(baseDir, operations);
  }

  Phase phase(YamlNode item, String path, int scenarioPeers) {
    YamlNode.Mapping m = Fields.asMapping(item, path);
    List<String> kinds = new ArrayList<>();
    for (Map.Entry<String, Position> k : m.keys().entrySet()) {
      if (!Phase.KINDS.contains(k.getKey())) {
        throw new ScenarioException(k.getValue(), "unknown phase '" + k.getKey() + "' in " + path
            + " (expected one of: " + String.join(", ", Phase.KINDS) + ")");
      }
      kinds.add(k.getKey());
    }
    if (kinds.isEmpty()) {
      throw new ScenarioException(m.position(), path + " is empty (expected one of: " + String.join(", ", Phase.KINDS) + ")");
    }
    String kind = kinds.get(0);
    if (kinds.size() == 2 && kind.equals("churn") && kinds.get(1).equals("workload")) {
      return churn.churn(m, path);
    }
    if (kinds.size() == 2 && kind.equals("partition") && kinds.get(1).equals("workload")) {
      return PartitionBinder.partition(m, path, jvms, operations);
    }
    if (kinds.size() > 1) {
      throw new ScenarioException(m.keys().get(kinds.get(1)), path + " holds one phase, found " + String.join(" and ", kinds)
          + " (only churn and partition take a workload next to it)");
    }
    String p = path + "." + kind;
    YamlNode body = m.entries().get(kind);
    return switch (kind) {
      case "join" -> {
        Fields f = new Fields(body, p, List.of("peers", "over"));
        yield new Phase.Join(f.integer("peers", scenarioPeers, 1, 10_000_000), f.duration("over", Duration.ZERO));
      }
      case "leave" -> departure(kind, new Fields(body, p, List.of("fraction", "peers", "over")));
      case "fail" -> fail(new Fields(body, p, List.of("fraction", "peers", "over", "jvm")));
      case "churn" -> churn.churn(m, path);
      case "partition" -> PartitionBinder.partition(m, path, jvms, operations);
      case "workload" -> {
        List<String> keys = new ArrayList<>(List.of("for"));
        keys.addAll(OperationsBinder.RATE_KEYS);
        keys.add("warmup");
        Fields f = new Fields(body, p, keys);
        Duration duration = f.positiveDuration("for", null);
        Duration warmup = ChurnBinder.warmup(f, duration);
        yield new Phase.Workload(duration, operations.operations(f), warmup);
      }
      case "publish" -> {
        Fields f = new Fields(body, p, List.of("objects", "holdersPerObject", "over"));
        int objects = f.integer("objects", null, 1, 100_000_000);
        operations.published(objects);
        yield new Phase.Publish(objects, f.integer("holdersPerObject", 1, 1, 1_000_000), f.duration("over", Duration.ZERO));
      }
      case "reconcile" -> {
        Fields f = new Fields(body, p, List.of("method", "size", "diff", "pairs"));
        Phase.ReconcileMethod method = f.choice("method", null, Map.of("bloom", Phase.ReconcileMethod.BLOOM,
            "iblt", Phase.ReconcileMethod.IBLT, "rateless", Phase.ReconcileMethod.RATELESS));
        int size = f.integer("size", null, 1, 100_000_000);
        int diff = f.integer("diff", null, 0, 2 * size);
        yield new Phase.Reconcile(method, size, diff, f.integer("pairs", 1, 1, 1_000_000));
      }
      case "wait" -> {
        YamlNode b = body instanceof YamlNode.Scalar ? wrap("for", body) : body;
        yield new Phase.Wait(new Fields(b, p, List.of("for")).positiveDuration("for", null));
      }
      case "maintenance" -> {
        YamlNode b = body instanceof YamlNode.Scalar ? wrap("state", body) : body;
        yield new Phase.Maintenance(new Fields(b, p, List.of("state")).choice("state", null,
            Map.of("paused", true, "running", false)));
      }
      default -> operations.measure(new Fields(body, p, List.of("lookups", "gets", "puts", "locates", "keys", "pace")));
    };
  }

  private static YamlNode wrap(String key, YamlNode value) {
    YamlNode.Mapping m = new YamlNode.Mapping(value.position());
    m.put(key, value.position(), value);
    return m;
  }

  /** {@code fail}: crashes of peers, or (with {@code --jvms}) the kill of a child JVM. */
  private Phase fail(Fields f) {
    String how = f.exactlyOne(List.of("fraction", "peers", "jvm"));
    if (!how.equals("jvm")) {
      return departure("fail", f);
    }
    if (f.has("over")) {
      throw new ScenarioException(f.keyPosition("over"), "key 'over' does not apply to the kill of a JVM in "
          + f.where());
    }
    int jvm = f.integer("jvm", null, 1, 1_000_000);
    if (jvms == 0) {
      throw new ScenarioException(f.keyPosition("jvm"), f.path("jvm") + ": fail: { jvm: " + jvm
          + " } kills a child JVM, which only run --jvms J starts");
    }
    if (jvm >= jvms) {
      throw new ScenarioException(f.keyPosition("jvm"), f.path("jvm") + ": there is no child JVM " + jvm
          + " with --jvms " + jvms + (jvms == 1 ? " (no child JVM at all)" : " (children: 1.." + (jvms - 1) + ")"));
    }
    return Phase.Fail.ofJvm(jvm);
  }

  private static Phase departure(String kind, Fields f) {
    String how = f.exactlyOne(List.of("fraction", "peers"));
    double fraction = how.equals("fraction") ? f.fraction("fraction", null) : 0;
    int peers = how.equals("peers") ? f.integer("peers", null, 0, 10_000_000) : -1;
    Duration over = f.duration("over", Duration.ZERO);
    return kind.equals("leave") ? new Phase.Leave(fraction, peers, over) : new Phase.Fail(fraction, peers, over);
  }
}
