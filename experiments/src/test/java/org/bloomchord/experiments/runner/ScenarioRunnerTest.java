package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bloomchord.experiments.runner.results.RunResult;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small scenario end to end on both runtimes: every output file is written with its stated
 * sections, and the figures agree with what the scenario did (peer counts follow from the phases,
 * lookups on a stable ring are correct). The simulator's runs repeat exactly.
 */
class ScenarioRunnerTest {

  /** 24 peers join, churn lightly under lookups, a quarter crash, the ring heals, then measure. */
  private static String small(String runtime) {
    return """
        name: small
        seed: 11
        runtime: %s
        peers: 24
        chord: { stabilize: 200ms, fixFingers: 200ms, checkPredecessor: 400ms, requestTimeout: 500ms }
        phases:
          - join:    { over: 0s }
          - wait:    { for: 3s }
          - churn:   { for: 3s, rate: 1/s, crashes: 0.5 }
            workload: { lookups: 20/s }
          - fail:    { peers: 6 }
          - wait:    { for: 6s }
          - measure: { lookups: 100, puts: 30, gets: 30, keys: { population: 30 } }
        """.formatted(runtime);
  }

  private static Scenario scenario(String text) {
    List<Scenario> s = ScenarioLoader.parse("small.yaml", text, List.of(), Path.of("."));
    assertEquals(1, s.size());
    return s.get(0);
  }

  @Test
  void theChordSectionsQuorumsReachThePeersConfiguration() {
    Scenario q = scenario("peers: 4\nchord: { writeQuorum: 3, readQuorum: 2 }\nphases:\n  - join: {}\n");
    assertEquals(3, ScenarioRunner.chordConfig(q.chord()).writeQuorum());
    assertEquals(2, ScenarioRunner.chordConfig(q.chord()).readQuorum());
    Scenario d = scenario("peers: 4\nphases:\n  - join: {}\n");
    assertEquals(2, ScenarioRunner.chordConfig(d.chord()).writeQuorum());
    assertEquals(1, ScenarioRunner.chordConfig(d.chord()).readQuorum());
  }

  @Test
  void repairByReconciliationRunsWhenTheScenarioAsksForIt(@TempDir Path dir) throws Exception {
    String text = """
        seed: 5
        runtime: sim
        peers: 16
        chord: { repair: %s }
        phases:
          - join:    { over: 0s }
          - wait:    { for: 3s }
          - measure: { puts: 40, keys: { population: 40 } }
          - fail:    { peers: 2 }
          - wait:    { for: 20s }
        """;
    for (String mode : List.of("push", "reconcile")) {
      Path out = dir.resolve(mode);
      Experiment.run(List.of(scenario(text.formatted(mode))), out, Progress.silent());
      JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      java.util.Set<String> types = new java.util.HashSet<>();
      s.get("traffic").get("byType").fieldNames().forEachRemaining(types::add);
      assertEquals(mode.equals("reconcile"), types.contains("RangeRequest"), mode + ": " + types);
      assertEquals(0, s.get("keys").get("lost").asLong(), mode + ": no key lost to 2 crashes with 3 replicas");
    }
  }

  @Test
  void simulatorRunWritesEveryOutputWithItsSections(@TempDir Path dir) throws Exception {
    checkOutputs(Experiment.run(List.of(scenario(small("sim"))), dir, Progress.silent()), dir, "sim");
  }

  @Test
  void vertxRunWritesEveryOutputWithItsSections(@TempDir Path dir) throws Exception {
    checkOutputs(Experiment.run(List.of(scenario(small("vertx"))), dir, Progress.silent()), dir, "vertx");
  }

  private static void checkOutputs(Experiment.Result result, Path dir, String runtime) throws Exception {
    for (String f : List.of("summary.json", "timeseries.csv", "operations.csv", "report.html", "peers-alive.png",
        "peers-alive.svg", "lookups.png", "lookups.svg", "hops.png", "hops.svg")) {
      assertTrue(Files.size(dir.resolve(f)) > 0, f + " written");
    }
    JsonNode s = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    assertEquals("run", s.get("command").asText());
    assertEquals(runtime, s.get("runtime").asText());
    assertEquals(11, s.get("seed").asLong());
    for (String section : List.of("peers", "ring", "lookups", "keys", "traffic", "resources")) {
      assertTrue(s.has(section), "section " + section);
    }
    JsonNode peers = s.get("peers");
    assertEquals(peers.get("launched").asLong() - peers.get("leaves").asLong() - peers.get("crashes").asLong(),
        peers.get("alive").asLong());
    assertTrue(peers.get("crashes").asLong() >= 6, "the fail phase crashed 6 hosts");
    JsonNode lookups = s.get("lookups");
    assertEquals(lookups.get("total").asLong(), lookups.get("correct").asLong() + lookups.get("incorrect").asLong()
        + lookups.get("failed").asLong());
    assertTrue(lookups.get("total").asLong() >= 100, "the measured lookups at least");
    // counted from the churn's warm-up on: lookups under churn may miss, those on the healed ring may not
    assertTrue(lookups.get("correct").asDouble() / lookups.get("total").asDouble() >= 0.9,
        "at least 90% of the lookups correct: " + lookups);
    assertTrue(s.get("ring").get("stable").asBoolean(), "6 s of maintenance heal 24 peers");
    JsonNode keys = s.get("keys");
    assertTrue(keys.get("stored").asLong() >= 27 && keys.get("stored").asLong() <= 30,
        "the 30 puts on the healed ring store (a put that reaches no quorum in time may fail): " + keys);
    assertEquals(0, keys.get("lost").asLong(), "no key is lost without a failure after the puts");
    JsonNode traffic = s.get("traffic");
    long byTypeBytes = 0;
    for (JsonNode t : traffic.get("byType")) {
      byTypeBytes += t.get("bytes").asLong();
    }
    assertEquals(traffic.get("bytes").asLong(), byTypeBytes, "the total is the sum over the message types");
    assertTrue(s.get("resources").get("wallSeconds").asDouble() > 0);

    String series = Files.readString(dir.resolve("timeseries.csv"), StandardCharsets.UTF_8);
    assertTrue(series.startsWith("time,peersAlive,lookups,failures,hopsMean,inFlight,bytesPerPeerPerSecond\n"));
    assertTrue(series.lines().count() > 10, "about one row per second of a run of more than 12 s");
    List<String> ops = Files.readAllLines(dir.resolve("operations.csv"));
    assertEquals("time,kind,key,origin,hops,latencyMs,outcome", ops.get(0));
    assertTrue(ops.stream().anyMatch(l -> l.contains(",lookup,")) && ops.stream().anyMatch(l -> l.contains(",put,")));

    String html = Files.readString(dir.resolve("report.html"), StandardCharsets.UTF_8);
    assertTrue(html.contains("id=\"figures\"") && html.contains("id=\"summary\""));
    assertTrue(html.contains("data:image/png;base64,"));
    assertFalse(html.contains("src=\"http"), "self-contained");
    assertEquals(1, result.runs().size());
    assertNotNull(result.runs().get(0).operations());
  }

  @Test
  void theSameSeedGivesTheSameSimulatorRun(@TempDir Path dir) throws Exception {
    Scenario s = scenario(small("sim"));
    Experiment.run(List.of(s), dir.resolve("a"), Progress.silent());
    Experiment.run(List.of(s), dir.resolve("b"), Progress.silent());
    assertEquals(withoutMachineFields(dir.resolve("a/summary.json")), withoutMachineFields(dir.resolve("b/summary.json")));
    assertEquals(Files.readString(dir.resolve("a/timeseries.csv")), Files.readString(dir.resolve("b/timeseries.csv")));
    assertEquals(Files.readString(dir.resolve("a/operations.csv")), Files.readString(dir.resolve("b/operations.csv")));
  }

  private static JsonNode withoutMachineFields(Path summary) throws Exception {
    JsonNode n = new ObjectMapper().readTree(summary.toFile());
    ObjectNode r = (ObjectNode) n.get("resources");
    r.remove(List.of("wallSeconds", "heapBytesPerPeer", "eventsPerSecond"));
    return n;
  }

  /**
   * 40 peers publish objects 0..29 at two hosts each; locates run beside a workload, then 6 hosts
   * crash and locates are measured over objects 0..39: objects 30..39 were never published and some
   * may have lost both holders, so NOT_FOUND is their correct answer.
   */
  private static String located(String runtime, int peers, String failPhase) {
    return """
        name: located
        seed: 5
        runtime: %s
        peers: %d
        chord: { stabilize: 200ms, fixFingers: 200ms, checkPredecessor: 400ms, requestTimeout: 500ms }
        routing: { depth: 3, bitsPerLevel: 2048, refresh: 500ms, queryTimeout: 2s }
        phases:
          - join:     { over: 0s }
          - wait:     { for: 3s }
          - publish:  { objects: 30, holdersPerObject: 2 }
          - wait:     { for: 3s }
          - workload: { for: 3s, locates: 20/s, lookups: 10/s }
          %s
          - measure:  { locates: 200, lookups: 50, keys: { population: 40 } }
        """.formatted(runtime, peers, failPhase);
  }

  private static final String FAIL_AND_HEAL = "- fail: { peers: 6 }\n  - wait: { for: 6s }";

  @Test
  void publishedObjectsWithALiveHolderAreAlwaysFoundAndRunsRepeat(@TempDir Path dir) throws Exception {
    Scenario s = scenario(located("sim", 40, FAIL_AND_HEAL));
    RunResult a = ScenarioRunner.run(s, dir.resolve("a"), Progress.silent());
    checkLocates(a, 200);
    var l = a.summary().locate();
    assertTrue(l.noLiveHolder() >= 10 * 200 / 40 / 2, "about a quarter of the measured keys were never published");
    assertTrue(l.withinDepth() > 0 && l.probabilistic() > 0, "the filters resolve nearby copies");
    assertNotNull(l.chordHops(), "measured locates are compared with the pointer path");
    assertNotNull(l.stretch());
    String series = Files.readString(dir.resolve("a/timeseries.csv"));
    assertTrue(series.startsWith("time,peersAlive,lookups,failures,hopsMean,inFlight,bytesPerPeerPerSecond,"
        + "locates,locatesMissed,locateLocal,locateProbabilistic,locateFallback,locateNotFound,locateFailed\n"));
    ScenarioRunner.run(s, dir.resolve("b"), Progress.silent());
    assertEquals(withoutMachineFields(dir.resolve("a/summary.json")), withoutMachineFields(dir.resolve("b/summary.json")));
    assertEquals(Files.readString(dir.resolve("a/operations.csv")), Files.readString(dir.resolve("b/operations.csv")));
  }

  @Test
  void vertxPeersPublishAndLocate(@TempDir Path dir) {
    RunResult r = ScenarioRunner.run(scenario(located("vertx", 12, "")), dir, Progress.silent());
    checkLocates(r, 200);
  }

  /** Every locate was answered, and every NOT_FOUND was for an object without a live holder. */
  private static void checkLocates(RunResult r, long atLeast) {
    var l = r.summary().locate();
    assertNotNull(l, "a locate section");
    assertTrue(l.total() >= atLeast, "the workload's and the measured locates: " + l.total());
    assertEquals(0, l.failed(), "every locate answered");
    assertEquals(l.notFound(), l.noLiveHolder(), "found == total for the objects with a live holder");
    assertEquals(l.total(), l.found() + l.noLiveHolder());
    assertEquals(r.summary().lookups().total(), r.summary().lookups().correct(), "lookups stay correct");
  }

  @Test
  void lookupsOnAStableRingAreCorrectAndTakeAboutHalfLog2NHops(@TempDir Path dir) {
    Scenario s = scenario("""
        name: stable
        seed: 3
        runtime: sim
        peers: 256
        phases:
          - join:    { over: 0s }
          - wait:    { for: 10s }
          - measure: { lookups: 2000 }
        """);
    RunResult r = ScenarioRunner.run(s, dir, Progress.silent());
    assertEquals(2000, r.summary().lookups().correct(), "every lookup on a stable ring names the live successor");
    // 1/2 log2 256 = 4; tolerance 0.75 hop for the finite ring and the successor-list shortcut
    assertEquals(4.0, r.summary().lookups().hops().mean(), 0.75);
  }

  @Test
  void sweepsWriteOneFolderPerValueAndCompareWithThePublishedFigure(@TempDir Path dir) throws Exception {
    List<Scenario> sweep = ScenarioLoader.loadBundled("path-length.yaml",
        List.of("seed=1", "peers=[16,64]", "phases[1].wait.for=5s", "phases[2].measure.lookups=300"));
    Experiment.Result result = Experiment.run(sweep, dir, Progress.silent());
    assertEquals(2, result.runs().size());
    assertTrue(Files.exists(dir.resolve("peers=16/summary.json")) && Files.exists(dir.resolve("peers=64/summary.json")));
    assertTrue(Files.exists(dir.resolve("summaries.json")) && Files.exists(dir.resolve("sweep.csv")));
    assertTrue(Files.exists(dir.resolve("lookups-hops-mean.png")) && Files.exists(dir.resolve("lookups-hops-mean.svg")));
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("id=\"published-vs-measured\""));
    assertTrue(html.contains("N = 64"));
  }

  /**
   * Placement: fixed names (and so ring ids) are the same for every seed; seeded names carry the
   * seed, so each seed places the peers anew; keys per node follow the placement.
   */
  @Test
  void seededPlacementGivesEachSeedItsOwnRingAndFixedPlacementDoesNot(@TempDir Path dir) throws Exception {
    String text = """
        name: placement
        seed: %d
        runtime: sim
        peers: 24
        chord: { replicas: 1, placement: %s }
        phases:
          - join:    { over: 0s }
          - wait:    { for: 1s }
          - measure: { puts: 240, lookups: 200 }
        """;
    java.util.Map<String, java.util.Set<String>> origins = new java.util.HashMap<>();
    for (String placement : List.of("fixed", "seeded")) {
      for (int seed : List.of(1, 2)) {
        Path out = dir.resolve(placement + seed);
        RunResult r = ScenarioRunner.run(scenario(text.formatted(seed, placement)), out, Progress.silent());
        assertEquals(240, r.summary().keys().stored());
        assertEquals(r.summary().lookups().total(), r.summary().lookups().correct());
        java.util.Set<String> names = new java.util.TreeSet<>();
        Files.readAllLines(out.resolve("operations.csv")).stream().skip(1)
            .map(l -> l.split(",")[3]).forEach(names::add);
        origins.put(placement + seed, names);
      }
    }
    assertTrue(origins.get("fixed1").stream().allMatch(n -> n.matches("p\\d+")), "fixed names: " + origins.get("fixed1"));
    assertTrue(origins.get("seeded1").stream().allMatch(n -> n.startsWith("s1p")), "seeded names: " + origins.get("seeded1"));
    assertTrue(origins.get("seeded2").stream().allMatch(n -> n.startsWith("s2p")), "seeded names: " + origins.get("seeded2"));
  }

}
