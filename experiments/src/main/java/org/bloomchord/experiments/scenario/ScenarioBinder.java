package org.bloomchord.experiments.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.routing.repair.RepairMode;
import org.bloomchord.experiments.churn.SessionDistribution;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.experiments.workload.OperationMix;
import org.bloomchord.experiments.workload.Rate;
import org.bloomchord.overlay.RuntimeKind;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.rogue.RoguePeer.Behaviour;

/** Turns one sweep-free tree into a {@link Scenario}, validating every key and value. */
final class ScenarioBinder {

  private static final List<String> SESSION_KEYS = List.of("distribution", "mean", "median", "scale", "shape");
  private static final List<String> CHURN_KEYS = List.of("for", "session", "rate", "trace", "crashes", "warmup");
  private static final List<String> RATE_KEYS = List.of("lookups", "gets", "puts", "locates", "keys");
  private static final List<String> KEY_KEYS = List.of("zipf", "population");

  private final String source;
  /** Phases a ring over several JVMs runs ({@code run --jvms}). */
  static final List<String> JVM_PHASES = List.of("join", "wait", "measure", "fail", "leave", "churn", "workload",
      "maintenance");

  private final Path baseDir;
  /** The JVMs of {@code run --jvms}, or 0 when not given. */
  private final int jvms;
  private int published;
  private int joins;

  ScenarioBinder(String source, Path baseDir, int jvms) {
    this.source = source;
    this.baseDir = baseDir;
    this.jvms = jvms;
  }

  Scenario bind(YamlNode root, Map<String, String> sweep) {
    Fields top = new Fields(root, "", Scenario.KEYS);
    String name = top.string("name", defaultName());
    String description = top.has("description") ? top.string("description", "") : "";
    long seed = top.longValue("seed", 1L);
    RuntimeKind runtime = top.choice("runtime", RuntimeKind.VERTX, Map.of("vertx", RuntimeKind.VERTX, "sim", RuntimeKind.SIM));
    int peers = top.integer("peers", null, 1, 10_000_000);
    ChordSettings chord = chord(top.map("chord", ChordSettings.KEYS));
    RoutingSettings routing = routing(top.map("routing", RoutingSettings.KEYS));
    RogueSettings rogue = rogue(top.map("rogue", RogueSettings.KEYS), peers);
    if (top.has("latency") && runtime != RuntimeKind.SIM) {
      throw new ScenarioException(top.keyPosition("latency"), "latency: a latency model applies to runtime sim only");
    }
    if (jvms > 0) {
      if (runtime != RuntimeKind.VERTX) {
        throw new ScenarioException(top.keyPosition("runtime"), "runtime sim: --jvms runs on the vertx runtime");
      }
      for (String section : List.of("routing", "rogue")) {
        if (top.has(section)) {
          throw new ScenarioException(top.keyPosition(section), "the " + section + " section is not supported with"
              + " --jvms (the location layer and rogue peers run in one JVM only)");
        }
      }
      if (chord.virtualNodes() != 1) {
        throw new ScenarioException(top.keyPosition("chord"), "chord.virtualNodes must be 1 with --jvms");
      }
      if (chord.repair() != RepairMode.PUSH) {
        throw new ScenarioException(top.keyPosition("chord"), "chord.repair must be push with --jvms");
      }
    }
    if (!top.has("phases")) {
      throw top.missing("phases");
    }
    YamlNode list = top.raw("phases");
    if (!(list instanceof YamlNode.Sequence seq) || seq.items().isEmpty()) {
      throw new ScenarioException(list.position(), "phases must be a list of at least one phase, like - join: { peers: 100 }");
    }
    List<Phase> phases = new ArrayList<>();
    for (int i = 0; i < seq.items().size(); i++) {
      Phase phase = phase(seq.items().get(i), "phases[" + i + "]", peers);
      if (jvms > 0) {
        checkOverJvms(phase, i, (YamlNode.Mapping) seq.items().get(i));
      }
      phases.add(phase);
    }
    return new Scenario(name, description, seed, runtime, peers, chord, routing, rogue, phases, sweep, source,
        LatencySpec.parse(top.map("latency", LatencySpec.KEYS)));
  }

  /** What a ring over several JVMs cannot run is an error at the phase, in one line. */
  private void checkOverJvms(Phase phase, int index, YamlNode.Mapping item) {
    String path = "phases[" + index + "]." + phase.kind();
    Position at = item.keys().get(phase.kind());
    if (!JVM_PHASES.contains(phase.kind())) {
      throw new ScenarioException(at, path + ": " + phase.kind() + " phases are not supported with --jvms (supported: "
          + String.join(", ", JVM_PHASES) + ")");
    }
    if (phase instanceof Phase.Join j) {
      if (index != 0 || ++joins > 1) {
        throw new ScenarioException(at, path + ": with --jvms the ring is launched by one join phase, the first");
      }
      if (!j.over().isZero()) {
        throw new ScenarioException(at, path + ": with --jvms a join phase launches its peers in waves at once"
            + " (over must be 0s)");
      }
      if (j.peers() < jvms) {
        throw new ScenarioException(at, path + ": peers must be at least --jvms (" + j.peers() + " < " + jvms + ")");
      }
    } else if (index == 0) {
      throw new ScenarioException(at, path + ": with --jvms the first phase must be the join phase");
    }
    boolean locates = phase instanceof Phase.Measure m && m.counts().getOrDefault(OperationKind.LOCATE, 0) > 0
        || phase instanceof Phase.Workload w && w.operations().mix().rates().containsKey(OperationKind.LOCATE)
        || phase instanceof Phase.Churn c && c.workload() != null
            && c.workload().mix().rates().containsKey(OperationKind.LOCATE);
    if (locates) {
      throw new ScenarioException(at, path + ": locates are not supported with --jvms (lookups, gets and puts"
          + " are)");
    }
  }

  private String defaultName() {
    String file = Path.of(source).getFileName().toString();
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }

  static ChordSettings chord(Fields f) {
    ChordSettings d = ChordSettings.DEFAULTS;
    int idBits = f.integer("idBits", d.idBits(), 1, 64);
    int successors = f.integer("successors", d.successors(), 1, 64);
    int replicas = f.integer("replicas", Math.min(d.replicas(), successors + 1), 1, 65);
    if (replicas > successors + 1) {
      throw f.bad("replicas", "at most successors + 1 = " + (successors + 1));
    }
    Duration stabilize = f.positiveDuration("stabilize", d.stabilize());
    Duration fixFingers = f.positiveDuration("fixFingers", d.fixFingers());
    return new ChordSettings(idBits, successors, replicas,
        stabilize, fixFingers,
        f.positiveDuration("checkPredecessor", d.checkPredecessor()),
        atLeast(f, "stabilizeMax", stabilize),
        atLeast(f, "fixFingersMax", fixFingers),
        f.number("jitter", d.jitter(), 0, 0.99, "a number in [0, 0.99]"),
        f.positiveDuration("requestTimeout", d.requestTimeout()),
        f.positiveDuration("lookupTimeout", d.lookupTimeout()),
        f.integer("virtualNodes", d.virtualNodes(), 1, 1024),
        f.choice("lookup", d.lookup(), Map.of("recursive", ChordSettings.LookupStyle.RECURSIVE,
            "iterative", ChordSettings.LookupStyle.ITERATIVE)),
        f.choice("nextHop", d.nextHop(), Map.of("fingers", ChordSettings.NextHop.FINGERS,
            "fingersAndSuccessors", ChordSettings.NextHop.FINGERS_AND_SUCCESSORS)),
        f.choice("placement", d.placement(), Map.of("fixed", ChordSettings.Placement.FIXED,
            "seeded", ChordSettings.Placement.SEEDED)),
        f.integer("quota", (int) d.quota(), 0, Integer.MAX_VALUE),
        quorum(f, "writeQuorum", Math.min(replicas, successors)),
        quorum(f, "readQuorum", Math.min(replicas, successors)),
        f.choice("repair", d.repair(), Map.of("push", RepairMode.PUSH, "reconcile", RepairMode.RECONCILE)),
        f.choice("proximity", false, Map.of("true", true, "false", false))
            ? f.integer("proximityCandidates", ChordSettings.DEFAULT_PROXIMITY_CANDIDATES, 2, successors + 1) : 0);
  }

  /** A quorum: 1..copies, or 0 (the default) for the store's own default (a majority to write, one to read). */
  private static int quorum(Fields f, String key, int copies) {
    return f.integer(key, 0, 0, copies);
  }

  /** An adaptive ceiling: at least the period it grows from (the default: the period, fixed). */
  private static Duration atLeast(Fields f, String key, Duration period) {
    Duration max = f.positiveDuration(key, period);
    if (max.compareTo(period) < 0) {
      throw f.bad(key, "at least the period it backs off from (" + DurationText.format(period) + ")");
    }
    return max;
  }

  private static RogueSettings rogue(Fields f, int scenarioPeers) {
    RogueSettings d = RogueSettings.NONE;
    int peers = f.integer("peers", d.peers(), 0, scenarioPeers);
    Set<Behaviour> behaviours = d.behaviours();
    if (f.has("behaviours")) {
      behaviours = EnumSet.noneOf(Behaviour.class);
      YamlNode v = f.raw("behaviours");
      List<YamlNode> items = v instanceof YamlNode.Sequence s ? s.items() : List.of(v);
      for (YamlNode item : items) {
        String text = item instanceof YamlNode.Scalar s && s.text() != null ? s.text().strip() : null;
        Behaviour b = text == null ? null : Behaviour.of(text);
        if (b == null) {
          throw new ScenarioException(item.position(), "bad value '" + YamlNode.text(item) + "' for "
              + f.path("behaviours") + ": expected a list of: " + Behaviour.labels());
        }
        behaviours.add(b);
      }
    }
    return new RogueSettings(peers, behaviours, f.positiveDuration("every", d.every()));
  }

  private static RoutingSettings routing(Fields f) {
    RoutingSettings d = RoutingSettings.DEFAULTS;
    return new RoutingSettings(f.integer("depth", d.depth(), 1, LocationConfig.MAX_DEPTH),
        f.integer("bitsPerLevel", d.bitsPerLevel(), LocationConfig.MIN_BITS, LocationConfig.MAX_BITS),
        f.integer("hashes", d.hashes(), 1, 16),
        f.positiveDuration("refresh", d.refresh()),
        f.positiveDuration("lease", d.lease()),
        f.positiveDuration("queryTimeout", d.queryTimeout()));
  }

  private Phase phase(YamlNode item, String path, int scenarioPeers) {
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
      return churn(m, path);
    }
    if (kinds.size() > 1) {
      throw new ScenarioException(m.keys().get(kinds.get(1)), path + " holds one phase, found " + String.join(" and ", kinds)
          + " (only churn takes a workload next to it)");
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
      case "churn" -> churn(m, path);
      case "workload" -> {
        List<String> keys = new ArrayList<>(List.of("for"));
        keys.addAll(RATE_KEYS);
        keys.add("warmup");
        Fields f = new Fields(body, p, keys);
        Duration duration = f.positiveDuration("for", null);
        Duration warmup = warmup(f, duration);
        yield new Phase.Workload(duration, operations(f), warmup);
      }
      case "publish" -> {
        Fields f = new Fields(body, p, List.of("objects", "holdersPerObject", "over"));
        int objects = f.integer("objects", null, 1, 100_000_000);
        published = objects;
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
      default -> measure(new Fields(body, p, List.of("lookups", "gets", "puts", "locates", "keys", "pace")));
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

  private Phase churn(YamlNode.Mapping item, String path) {
    Fields f = new Fields(item.entries().get("churn"), path + ".churn", CHURN_KEYS);
    Duration duration = f.positiveDuration("for", null);
    String how = f.exactlyOne(List.of("session", "rate", "trace"));
    ChurnSpec spec = switch (how) {
      case "session" -> new ChurnSpec.Sessions(session(f.map("session", SESSION_KEYS)));
      case "rate" -> new ChurnSpec.Poisson(f.value("rate", null, "a rate above zero like 0.05/s or 30/min", t -> {
        Rate r = Rate.parse(t);
        return r.perSecond() > 0 ? r : null;
      }));
      default -> new ChurnSpec.Trace(baseDir.resolve(f.string("trace", null)));
    };
    if (spec instanceof ChurnSpec.Trace t
        && !(java.nio.file.Files.isRegularFile(t.file()) && java.nio.file.Files.isReadable(t.file()))) {
      throw f.bad("trace", "a readable CSV file (looked for " + t.file() + ")");
    }
    double crashes = f.fraction("crashes", 0.5);
    Duration warmup = warmup(f, duration);
    Phase.Operations workload = null;
    if (item.entries().containsKey("workload")) {
      workload = operations(new Fields(item.entries().get("workload"), path + ".workload", RATE_KEYS));
    }
    return new Phase.Churn(duration, spec, crashes, warmup, workload);
  }

  private static Duration warmup(Fields f, Duration duration) {
    Duration warmup = f.duration("warmup", Duration.ZERO);
    if (warmup.compareTo(duration) >= 0 && !warmup.isZero()) {
      throw f.bad("warmup", "a duration shorter than for = " + DurationText.format(duration));
    }
    return warmup;
  }

  private static SessionDistribution session(Fields f) {
    String distribution = f.choice("distribution", null,
        mapOf("exponential", "exponential", "weibull", "weibull", "pareto", "pareto"));
    String expected = "a duration above zero like 20s";
    if (distribution.equals("exponential")) {
      String by = f.exactlyOne(List.of("mean", "median"));
      rejectAll(f, distribution, List.of("scale", "shape"));
      double seconds = f.positiveDuration(by, null).toMillis() / 1000.0;
      return new SessionDistribution.Exponential(by.equals("mean") ? seconds : seconds / Math.log(2));
    }
    rejectAll(f, distribution, List.of("mean"));
    String by = f.exactlyOne(List.of("median", "scale"));
    double seconds = f.value(by, null, expected, t -> {
      Duration d = DurationText.parse(t);
      return d.isZero() ? null : d;
    }).toMillis() / 1000.0;
    double shape = f.number("shape", null, 1e-3, 1e3, "a shape from 0.001 to 1000, like 0.6");
    if (distribution.equals("weibull")) {
      return by.equals("median") ? SessionDistribution.Weibull.withMedian(seconds, shape)
          : new SessionDistribution.Weibull(seconds, shape);
    }
    return by.equals("median") ? SessionDistribution.Pareto.withMedian(seconds, shape)
        : new SessionDistribution.Pareto(seconds, shape);
  }

  private static void rejectAll(Fields f, String distribution, List<String> keys) {
    for (String k : keys) {
      if (f.has(k)) {
        throw new ScenarioException(f.keyPosition(k), "key '" + k + "' does not apply to a " + distribution
            + " session in " + f.where());
      }
    }
  }

  private Phase.Operations operations(Fields f) {
    Map<OperationKind, Rate> rates = new EnumMap<>(OperationKind.class);
    for (OperationKind k : OperationKind.values()) {
      if (f.has(k.plural())) {
        rates.put(k, f.rate(k.plural(), null));
      }
    }
    if (rates.values().stream().noneMatch(r -> r.perSecond() > 0)) {
      throw new ScenarioException(f.position(), f.where() + " needs a rate above zero for one of: lookups, gets, puts, locates");
    }
    return new Phase.Operations(new OperationMix(rates), keys(f));
  }

  private Phase.Measure measure(Fields f) {
    Map<OperationKind, Integer> counts = new EnumMap<>(OperationKind.class);
    for (OperationKind k : OperationKind.values()) {
      if (f.has(k.plural())) {
        counts.put(k, f.integer(k.plural(), null, 0, 100_000_000));
      }
    }
    if (counts.values().stream().noneMatch(n -> n > 0)) {
      throw new ScenarioException(f.position(), f.where() + " needs a count above zero for one of: lookups, gets, puts, locates");
    }
    Rate pace = f.has("pace") ? f.value("pace", null, "a rate above zero like 500/s", t -> {
      Rate r = Rate.parse(t);
      return r.perSecond() > 0 ? r : null;
    }) : null;
    return new Phase.Measure(counts, keys(f), pace);
  }

  private KeySpec keys(Fields f) {
    int population = published > 0 ? published : KeySpec.DEFAULT_POPULATION;
    YamlNode v = f.raw("keys");
    if (v == null) {
      return new KeySpec(0, population);
    }
    if (v instanceof YamlNode.Scalar s) {
      if ("uniform".equals(s.text())) {
        return new KeySpec(0, population);
      }
      throw f.bad("keys", "uniform or a map like { zipf: 0.9, population: 5000 }");
    }
    Fields k = f.map("keys", KEY_KEYS);
    double s = k.number("zipf", 0.0, 0, 100, "a Zipf exponent from 0 to 100, like 0.9");
    return new KeySpec(s, k.integer("population", population, 1, 100_000_000));
  }

  private static Map<String, String> mapOf(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }
}
