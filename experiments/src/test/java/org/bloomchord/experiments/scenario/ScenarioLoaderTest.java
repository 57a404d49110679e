package org.bloomchord.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.churn.ChurnAction;
import org.bloomchord.experiments.churn.Population;
import org.bloomchord.experiments.churn.SessionDistribution;
import org.bloomchord.experiments.workload.KeyChooser;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.overlay.RuntimeKind;
import org.bloomchord.overlay.sim.LatencyModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoaderTest {

  private static List<Scenario> parse(String text, String... overrides) {
    return ScenarioLoader.parse("s.yaml", text, List.of(overrides), Path.of("."));
  }

  private static Scenario one(String text, String... overrides) {
    List<Scenario> all = parse(text, overrides);
    assertEquals(1, all.size());
    return all.get(0);
  }

  private static String error(String text, String... overrides) {
    return assertThrows(ScenarioException.class, () -> parse(text, overrides)).getMessage();
  }

  /** The example of DESIGN §6 (the bundled quickstart has its shape, smaller). */
  private static final String DESIGN_EXAMPLE = """
      name: churn-quickstart
      seed: 42
      runtime: vertx
      peers: 1000
      chord: { idBits: 64, successors: 8, replicas: 3, stabilize: 500ms }
      routing: { depth: 3, bitsPerLevel: 4096, refresh: 1s }
      phases:
        - join:    { peers: 1000, over: 10s }
        - publish: { objects: 5000, holdersPerObject: 3 }
        - churn:   { for: 30s, session: { distribution: weibull, median: 20s, shape: 0.6 }, crashes: 0.5 }
          workload: { locates: 200/s, keys: { zipf: 0.9 } }
        - fail:    { fraction: 0.2 }
        - measure: { lookups: 10000, locates: 10000 }
      """;

  @Test
  void theDesignExampleReadsAsTheDesignDescribesIt() {
    List<Scenario> all = ScenarioLoader.parse("quickstart.yaml", DESIGN_EXAMPLE, List.of(), java.nio.file.Path.of("."));
    assertEquals(1, all.size());
    Scenario s = all.get(0);
    assertEquals("churn-quickstart", s.name());
    assertEquals(42, s.seed());
    assertEquals(RuntimeKind.VERTX, s.runtime());
    assertEquals(1000, s.peers());
    assertEquals(ChordSettings.builder().idBits(64).successors(8).replicas(3).stabilize(Duration.ofMillis(500))
        .fixFingers(Duration.ofMillis(500)).checkPredecessor(Duration.ofSeconds(1)).stabilizeMax(Duration.ofMillis(500))
        .fixFingersMax(Duration.ofMillis(500)).jitter(0.2).requestTimeout(Duration.ofMillis(500))
        .lookupTimeout(Duration.ofSeconds(10)).virtualNodes(1).lookup(ChordSettings.LookupStyle.RECURSIVE)
        .nextHop(ChordSettings.NextHop.FINGERS).placement(ChordSettings.Placement.FIXED).build(), s.chord());
    assertEquals(RoutingSettings.DEFAULTS.withFilters(3, 4096), s.routing());
    assertEquals(List.of("join", "publish", "churn", "fail", "measure"), s.phases().stream().map(Phase::kind).toList());
    assertEquals(new Phase.Join(1000, Duration.ofSeconds(10)), s.phases().get(0));
    assertEquals(new Phase.Publish(5000, 3, Duration.ZERO), s.phases().get(1));
    Phase.Churn churn = (Phase.Churn) s.phases().get(2);
    assertEquals(Duration.ofSeconds(30), churn.duration());
    assertEquals(0.5, churn.crashes());
    SessionDistribution sessions = ((ChurnSpec.Sessions) churn.spec()).sessions();
    assertEquals(20.0, sessions.medianSeconds(), 1e-9);
    assertEquals(0.6, ((SessionDistribution.Weibull) sessions).shape());
    assertEquals(200.0, churn.workload().mix().rate(OperationKind.LOCATE).perSecond());
    assertEquals(new KeySpec(0.9, 5000), churn.workload().keys(), "key population defaults to the published objects");
    assertInstanceOf(KeyChooser.Zipf.class, churn.workload().keys().chooser());
    assertEquals(new Phase.Fail(0.2, -1, Duration.ZERO), s.phases().get(3));
    Phase.Measure measure = (Phase.Measure) s.phases().get(4);
    assertEquals(Map.of(OperationKind.LOOKUP, 10000, OperationKind.LOCATE, 10000), measure.counts());
    assertNull(measure.pace());
    assertEquals(20000, measure.workload().total());
    assertEquals(Map.of(), s.sweep());
    assertEquals(200, s.phases().get(3) instanceof Phase.Fail f ? f.departures().schedule(Population.of(1000), 1).size() : 0);
  }

  @Test
  void everyBundledScenarioParsesAndValidates() {
    Map<String, Integer> instances = Map.of("quickstart.yaml", 1, "path-length.yaml", 60, "load-balance.yaml", 25,
        "mass-failure.yaml", 30, "continuous-churn.yaml", 35, "churn-hour.yaml", 1, "filter-depth-width.yaml", 12,
        "ton-mass-failure.yaml", 25, "ton-churn.yaml", 40, "rogue-peers.yaml", 2);
    instances.forEach((name, n) -> assertEquals(n, ScenarioLoader.loadBundled(name, List.of()).size(), name));
    assertEquals(1, ScenarioLoader.loadBundled("state-hour.yaml", List.of()).size(), "state-hour.yaml");
    assertEquals(3, ScenarioLoader.loadBundled("partition-merge.yaml", List.of()).size(), "partition-merge.yaml");
  }

  @Test
  void defaultsFillWhatIsLeftOut() {
    Scenario s = one("peers: 10\nphases:\n  - join: {}\n  - wait: 5s\n");
    assertEquals("s", s.name());
    assertEquals(1, s.seed());
    assertEquals(RuntimeKind.VERTX, s.runtime());
    assertEquals(ChordSettings.DEFAULTS, s.chord());
    assertEquals(RoutingSettings.DEFAULTS, s.routing());
    assertEquals(new Phase.Join(10, Duration.ZERO), s.phases().get(0));
    assertEquals(new Phase.Wait(Duration.ofSeconds(5)), s.phases().get(1));
  }

  @Test
  void allPhaseKindsParse() {
    Scenario s = one("""
        peers: 100
        runtime: sim
        phases:
          - join: { peers: 100, over: 2m }
          - leave: { peers: 5, over: 500ms }
          - fail: { fraction: 0.1 }
          - churn: { for: 1h, rate: 0.05/s, crashes: 1.0, warmup: 10m }
          - churn: { for: 10s, session: { distribution: pareto, scale: 2s, shape: 1.5 } }
          - churn: { for: 10s, session: { distribution: exponential, mean: 8s } }
          - workload: { for: 20s, lookups: 30/min, puts: 5/s, keys: uniform, warmup: 2s }
          - reconcile: { method: rateless, size: 1000, diff: 10, pairs: 3 }
          - wait: { for: 1.5s }
          - measure: { gets: 100, keys: { zipf: 1.2, population: 50 }, pace: 100/s }
        """);
    assertEquals(new Phase.Join(100, Duration.ofMinutes(2)), s.phases().get(0));
    assertEquals(new Phase.Leave(0, 5, Duration.ofMillis(500)), s.phases().get(1));
    Phase.Churn poisson = (Phase.Churn) s.phases().get(3);
    assertEquals(0.05, ((ChurnSpec.Poisson) poisson.spec()).rate().perSecond());
    assertEquals(Duration.ofMinutes(10), poisson.warmup());
    assertNull(poisson.workload());
    SessionDistribution pareto = ((ChurnSpec.Sessions) ((Phase.Churn) s.phases().get(4)).spec()).sessions();
    assertEquals(new SessionDistribution.Pareto(2, 1.5), pareto);
    SessionDistribution exp = ((ChurnSpec.Sessions) ((Phase.Churn) s.phases().get(5)).spec()).sessions();
    assertEquals(new SessionDistribution.Exponential(8), exp);
    Phase.Workload w = (Phase.Workload) s.phases().get(6);
    assertEquals(0.5, w.operations().mix().rate(OperationKind.LOOKUP).perSecond());
    assertEquals(new KeySpec(0, KeySpec.DEFAULT_POPULATION), w.operations().keys());
    assertEquals(new Phase.Reconcile(Phase.ReconcileMethod.RATELESS, 1000, 10, 3), s.phases().get(7));
    assertEquals(new Phase.Wait(Duration.ofMillis(1500)), s.phases().get(8));
    assertEquals(new KeySpec(1.2, 50), ((Phase.Measure) s.phases().get(9)).keys());
    assertFalse(poisson.model().schedule(Population.of(100), 3).stream().anyMatch(e -> e.action() == ChurnAction.LEAVE));
  }

  @Test
  void sweepsExpandToTheCartesianProductWithValuesRecorded() {
    List<Scenario> all = parse("""
        name: sweep
        peers: [64, 128]
        chord: { successors: [4, 8, 16] }
        phases:
          - join: {}
          - fail: { fraction: [0.1, 0.5] }
        """);
    assertEquals(12, all.size());
    assertEquals(Map.of("peers", "64", "chord.successors", "4", "phases[1].fail.fraction", "0.1"), all.get(0).sweep());
    assertEquals(List.of("peers", "chord.successors", "phases[1].fail.fraction"), List.copyOf(all.get(0).sweep().keySet()));
    Scenario last = all.get(11);
    assertEquals(128, last.peers());
    assertEquals(16, last.chord().successors());
    assertEquals(0.5, ((Phase.Fail) last.phases().get(1)).fraction());
    assertEquals(new Phase.Join(128, Duration.ZERO), last.phases().get(0));
    assertEquals(4, all.get(1).chord().successors());
    assertEquals(0.5, ((Phase.Fail) all.get(1).phases().get(1)).fraction(), "last sweep varies fastest");
    assertEquals("sweep peers=128 chord.successors=16 phases[1].fail.fraction=0.5", last.label());
  }

  @Test
  void overridesSetDottedPathsAndMaySweep() {
    String text = "peers: 10\nchord: { successors: 8 }\nphases:\n  - join: {}\n  - fail: { fraction: 0.2 }\n";
    Scenario s = one(text, "chord.successors=4", "routing.depth=2", "phases[1].fail.fraction=0.3", "seed=7");
    assertEquals(4, s.chord().successors());
    assertEquals(2, s.routing().depth());
    assertEquals(0.3, ((Phase.Fail) s.phases().get(1)).fraction());
    assertEquals(7, s.seed());
    assertEquals(0.4, ((Phase.Fail) one(text, "phases.1.fail.fraction=0.4").phases().get(1)).fraction());
    List<Scenario> swept = parse(text, "peers=[20, 40, 80]");
    assertEquals(List.of(20, 40, 80), swept.stream().map(Scenario::peers).toList());
  }

  @Test
  void unknownKeysNameFileLineColumnAndTheExpectedKeys() {
    String text = "name: q\npeers: 10\nchord:\n  idBits: 64\n  sucessors: 8\nphases:\n  - join: {}\n";
    assertEquals("s.yaml:5:3: unknown key 'sucessors' in chord (expected one of: idBits, successors, replicas, "
        + "stabilize, fixFingers, checkPredecessor, stabilizeMax, fixFingersMax, jitter, requestTimeout, lookupTimeout, virtualNodes, lookup, nextHop, placement, quota, writeQuorum, readQuorum, repair, proximity, proximityCandidates, successorPush, senderLimit, hotKeys)", error(text));
    assertEquals("s.yaml:1:1: unknown key 'peer' in the scenario (expected one of: name, description, seed, runtime, "
        + "peers, chord, routing, rogue, traceback, cache, latency, phases)", error("peer: 10\nphases:\n  - join: {}\n"));
    assertEquals("s.yaml:4:5: unknown phase 'flail' in phases[1] (expected one of: join, leave, fail, churn, "
        + "workload, publish, reconcile, wait, maintenance, measure, partition)",
        error("peers: 10\nphases:\n  - join: {}\n  - flail: { fraction: 0.1 }\n"));
    assertEquals("s.yaml:3:34: unknown key 'medain' in phases[0].churn.session (expected one of: distribution, mean, "
        + "median, scale, shape)", error("peers: 10\nphases:\n  - churn: { for: 1s, session: { medain: 2s } }\n"));
    assertEquals("--set chord.sucessors=4: unknown key 'sucessors' in chord (expected one of: idBits, successors, "
        + "replicas, stabilize, fixFingers, checkPredecessor, stabilizeMax, fixFingersMax, jitter, requestTimeout, lookupTimeout, virtualNodes, lookup, nextHop, placement, quota, writeQuorum, readQuorum, repair, proximity, proximityCandidates, successorPush, senderLimit, hotKeys)",
        error("peers: 10\nphases:\n  - join: {}\n", "chord.sucessors=4"));
  }

  @Test
  void badValuesNameTheValueAndWhatWasExpected() {
    String base = "peers: 10\nphases:\n  - join: {}\n";
    assertEquals("s.yaml:1:8: bad value 'many' for peers: expected a whole number from 1 to 10000000",
        error("peers: many\nphases:\n  - join: {}\n"));
    assertEquals("s.yaml:1:21: bad value '10x' for chord.stabilize: expected a duration above zero like 500ms, 10s, 2m or 1h, at most 366 days",
        error("chord: { stabilize: 10x }\n" + base));
    assertEquals("s.yaml:1:20: bad value '5' for chord.replicas: expected at most successors + 1 = 3",
        error("chord: { replicas: 5, successors: 2 }\n" + base));
    assertEquals("s.yaml:1:22: bad value '4' for chord.readQuorum: expected a whole number from 0 to 3",
        error("chord: { readQuorum: 4 }\n" + base));
    assertEquals("s.yaml:1:51: bad value '3' for chord.writeQuorum: expected a whole number from 0 to 2",
        error("chord: { replicas: 2, successors: 4, writeQuorum: 3 }\n" + base));
    assertEquals("s.yaml:1:10: bad value 'jvm' for runtime: expected one of: sim, vertx", error("runtime: jvm\n" + base));
    assertEquals("s.yaml:3:23: bad value '1.5' for phases[0].fail.fraction: expected a fraction from 0 to 1",
        error("peers: 10\nphases:\n  - fail: { fraction: 1.5 }\n"));
    assertEquals("s.yaml:3:35: bad value '200' for phases[0].workload.lookups: expected a rate like 200/s, 0.05/s or 30/min",
        error("peers: 10\nphases:\n  - workload: { for: 1s, lookups: 200 }\n"));
    assertEquals("s.yaml:3:25: bad value '200/s' for phases[0].measure.lookups: expected a whole number from 0 to 100000000",
        error("peers: 10\nphases:\n  - measure: { lookups: 200/s }\n"));
    assertEquals("s.yaml:3:12: missing key 'for' in phases[0].churn",
        error("peers: 10\nphases:\n  - churn: { rate: 1/s }\n"));
    assertEquals("s.yaml:3:11: phases[0].fail needs one of: fraction, peers, jvm", error("peers: 10\nphases:\n  - fail: { over: 1s }\n"));
    assertEquals("s.yaml:4:5: phases[0] holds one phase, found join and fail (only churn and partition take a workload next to it)",
        error("peers: 10\nphases:\n  - join: {}\n    fail: { fraction: 0.1 }\n"));
    assertEquals("s.yaml:1:1: missing key 'peers' in the scenario", error("phases:\n  - join: {}\n"));
    assertEquals("s.yaml:3:8: the sweep over peers lists no values", error("phases:\n  - join: {}\npeers: []\n"));
    assertEquals("--set phases[5].fail.fraction=0.1: no phases[5] (phases has 1 entries, counted from 0)",
        error(base, "phases[5].fail.fraction=0.1"));
    assertEquals("--set peers: expected key=value, like chord.successors=4", error(base, "peers"));
  }

  @Test
  void successorPushIsReadCheckedAndCarriedToChildJvms() {
    String base = "peers: 10\nphases:\n  - join: {}\n";
    assertFalse(one("runtime: sim\n" + base).chord().successorPush());
    ChordSettings on = one("runtime: sim\nchord: { successorPush: true, proximity: true }\n" + base).chord();
    assertTrue(on.successorPush());
    assertTrue(org.bloomchord.experiments.runner.ScenarioRunner.chordConfig(on).successorPush());
    assertEquals(on, ScenarioLoader.chordSettings("child", on.toYaml()), "a child JVM reads the same settings");
    assertEquals("s.yaml:1:25: bad value 'sometimes' for chord.successorPush: expected one of: false, true",
        error("chord: { successorPush: sometimes }\n" + base));
  }

  @Test
  void theSenderLimitIsReadCheckedAndCarriedToChildJvms() {
    String base = "peers: 10\nphases:\n  - join: {}\n";
    ChordSettings plain = one("runtime: sim\n" + base).chord();
    assertEquals(SenderLimitSettings.DEFAULTS, plain.senderLimit());
    assertTrue(org.bloomchord.experiments.runner.ScenarioRunner.chordConfig(plain).limits().senderLimit()
        == org.bloomchord.chord.SenderLimit.EXACT);
    ChordSettings counting = one("runtime: sim\nchord: { senderLimit: { kind: counting, counters: 4096, limit: 50,"
        + " window: 2s } }\n" + base).chord();
    assertEquals(new SenderLimitSettings(SenderLimitSettings.Kind.COUNTING, 4096, 4096, 4, true, 50,
        java.time.Duration.ofSeconds(2)), counting.senderLimit());
    assertEquals(new org.bloomchord.routing.heavy.CountingSenderLimit(4096, 4, org.bloomchord.routing.heavy.UpdateRule.CONSERVATIVE,
        50, 2000), org.bloomchord.experiments.runner.ScenarioRunner.chordConfig(counting).limits().senderLimit());
    assertEquals(counting, ScenarioLoader.chordSettings("child", counting.toYaml()), "a child JVM reads the same settings");
    ChordSettings exact = one("runtime: sim\nchord: { senderLimit: { kind: exact, maxSenders: 100 } }\n" + base).chord();
    assertEquals(100, org.bloomchord.experiments.runner.ScenarioRunner.chordConfig(exact).limits().maxSenders());
    assertEquals(exact, ScenarioLoader.chordSettings("child", exact.toYaml()));
    assertEquals("s.yaml:1:53: bad value '5' for chord.senderLimit.maxSenders: expected no maxSenders with kind: counting",
        error("chord: { senderLimit: { kind: counting, maxSenders: 5 } }\n" + base));
    assertEquals("s.yaml:1:51: bad value '10' for chord.senderLimit.counters: expected a whole number from 1024 to 16777216",
        error("chord: { senderLimit: { kind: counting, counters: 10 } }\n" + base));
  }

  @Test
  void proximityAndTheLatencyModelAreReadAndCheckedWithTheirPosition() {
    String base = "peers: 10\nphases:\n  - join: {}\n";
    Scenario plain = one("runtime: sim\n" + base);
    assertEquals(0, plain.chord().proximityCandidates());
    assertEquals(LatencyModel.constant(10), plain.latency());
    Scenario s = one("runtime: sim\nchord: { proximity: true }\nlatency: { model: geographic }\n" + base);
    assertEquals(ChordSettings.DEFAULT_PROXIMITY_CANDIDATES, s.chord().proximityCandidates());
    assertEquals(LatencyModel.geographic(100, 2, 20), s.latency());
    assertEquals(5, one("runtime: sim\nchord: { proximity: true, proximityCandidates: 5 }\n" + base)
        .chord().proximityCandidates());
    assertEquals(LatencyModel.uniform(5, 50), one("runtime: sim\nlatency: { model: uniform, min: 5ms, max: 50ms }\n"
        + base).latency());
    assertEquals(List.of("false", "true"), parse("runtime: sim\nchord: { proximity: [false, true] }\n" + base).stream()
        .map(i -> i.sweep().get("chord.proximity")).toList());
    assertEquals("s.yaml:1:48: bad value '10' for chord.proximityCandidates: expected a whole number from 2 to 9",
        error("chord: { proximity: true, proximityCandidates: 10 }\n" + base));
    assertEquals("s.yaml:1:21: bad value 'yes' for chord.proximity: expected one of: false, true",
        error("chord: { proximity: yes }\n" + base));
    assertEquals("s.yaml:1:1: latency: a latency model applies to runtime sim only",
        error("latency: { model: geographic }\n" + base));
    assertEquals("s.yaml:2:19: bad value 'far' for latency.model: expected one of: constant, coordinates, geographic, uniform",
        error("runtime: sim\nlatency: { model: far }\n" + base));
    assertEquals("s.yaml:2:42: bad value '1ms' for latency.accessMax: expected at least accessMin (2ms)",
        error("runtime: sim\nlatency: { model: geographic, accessMax: 1ms }\n" + base));
  }

  @Test
  void duplicateKeysAndSyntaxErrorsAreReportedWithTheirLine() {
    assertEquals("s.yaml:2:1: duplicate key 'peers'", error("peers: 1\npeers: 2\nphases:\n  - join: {}\n"));
    String syntax = error("peers: 10\nphases: [\n");
    assertEquals(true, syntax.startsWith("s.yaml:") && syntax.contains("not valid YAML"), syntax);
  }

  @Test
  void traceChurnResolvesAgainstTheScenarioFolder(@TempDir Path dir) throws Exception {
    java.nio.file.Files.writeString(dir.resolve("trace.csv"), "time,event,peer\n1,crash,0\n2,join,0\n");
    Path file = dir.resolve("t.yaml");
    java.nio.file.Files.writeString(file, "peers: 2\nphases:\n  - join: {}\n  - churn: { for: 5s, trace: trace.csv }\n");
    Phase.Churn churn = (Phase.Churn) ScenarioLoader.load(file, List.of()).get(0).phases().get(1);
    assertEquals(2, churn.model().schedule(Population.of(2), 0).size());
    java.nio.file.Files.writeString(file, "peers: 2\nphases:\n  - churn: { for: 5s, trace: nope.csv }\n");
    String message = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file, List.of())).getMessage();
    assertEquals(true, message.startsWith(file + ":3:30: bad value 'nope.csv' for phases[0].churn.trace"), message);
  }
}
