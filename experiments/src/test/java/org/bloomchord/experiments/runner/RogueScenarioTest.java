package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario with rogue peers, on both runtimes: every attack is refused and counted, and the
 * honest figures hold against the oracles (a stable ring, correct lookups, every locate of an
 * object with a live holder found, no stored key lost).
 */
class RogueScenarioTest {

  private static Scenario scenario(String runtime, int rogues) {
    return scenario(runtime, rogues, 5, false);
  }

  private static Scenario scenario(String runtime, int rogues, long seed, boolean successorPush) {
    String text = """
        name: rogues
        seed: %d
        runtime: %s
        peers: 24
        chord: { stabilize: 200ms, fixFingers: 200ms, checkPredecessor: 400ms, requestTimeout: 500ms, quota: 100,
                 successorPush: %s }
        routing: { refresh: 500ms }
        rogue: { peers: %d, every: 500ms }
        phases:
          - join:     { over: 0s }
          - wait:     { for: 4s }
          - publish:  { objects: 20, holdersPerObject: 2 }
          - workload: { for: 4s, lookups: 20/s, puts: 5/s, locates: 10/s }
          - wait:     { for: 2s }
          - measure:  { lookups: 100, locates: 40, gets: 20 }
        """.formatted(seed, runtime, successorPush, rogues);
    List<Scenario> s = ScenarioLoader.parse("rogues.yaml", text, List.of(), Path.of("."));
    assertEquals(1, s.size());
    return s.get(0);
  }

  private static void check(Summary s) {
    // measured at one instant while the attacks go on (on Vert.x in real time, a predecessor a rogue's
    // notify took while the true one was briefly unknown is corrected within a stabilize round)
    assertEquals(0, s.ring().successorErrors(), () -> "successors match the oracle: " + s.ring());
    assertTrue(s.ring().fingerErrors() <= s.peers().alive(), () -> "at most one finger error per peer: " + s.ring());
    assertEquals(s.lookups().total(), s.lookups().correct(), "lookups stay correct");
    assertEquals(0, s.keys().lost(), "no stored key lost");
    assertEquals(s.locate().total(), s.locate().found() + s.locate().noLiveHolder(), "locates find a live holder");
  }

  @Test
  void seededPlacementPicksTheSameHostsAsRogues() {
    Scenario fixed = scenario("sim", 3);
    Scenario seeded = ScenarioLoader.parse("rogues.yaml", "name: rogues\nseed: 5\nruntime: sim\npeers: 24\n"
        + "chord: { placement: seeded }\nrogue: { peers: 3 }\nphases:\n  - join: { over: 0s }\n", List.of(),
        Path.of(".")).get(0);
    String prefix = seeded.chord().placement().namePrefix(seeded.seed());
    assertTrue(!prefix.isEmpty(), "seeded names carry a prefix");
    List<Integer> fixedRogues = new java.util.ArrayList<>();
    List<Integer> seededRogues = new java.util.ArrayList<>();
    for (int n = 0; n < 24; n++) {
      if (ScenarioRunner.isRogue(fixed, new PeerRef("p" + n, n))) {
        fixedRogues.add(n);
      }
      if (ScenarioRunner.isRogue(seeded, new PeerRef(prefix + "p" + n + ".v0", n))) {
        seededRogues.add(n);
      }
    }
    assertEquals(3, fixedRogues.size(), fixedRogues::toString);
    assertEquals(fixedRogues, seededRogues);
  }

  @Test
  void simulatorRoguesAreRefusedAndCountedAndHonestFiguresHold(@TempDir Path dir) {
    Summary s = ScenarioRunner.run(scenario("sim", 3), dir, Progress.silent()).summary();
    check(s);
    assertTrue(s.ring().stable(), "on the simulator the ring matches the oracle exactly");
    Map<String, Long> t = s.trust();
    assertTrue(t.get("quota.requests") > 0, "the flood met the quota: " + t);
    assertTrue(t.get("rejected.summaryFill") > 0, "all-ones summaries rejected: " + t);
    assertTrue(t.get("rejected.versionsAhead") > 0, "versions from the future rejected: " + t);
    assertTrue(t.get("rejected.chordMessages") > 0 && t.get("rejected.locationMessages") > 0, t::toString);
  }

  /**
   * Successor pushes add peers and remove none, so a rogue successor's own list changes reach the
   * honest peers before it no faster than by their stabilize rounds. Measured at one instant while
   * the attacks go on, an honest list can be off the oracle with or without pushes (a rogue that
   * stops answering its neighbours is dropped by them though the oracle counts it alive); over 20
   * seeds that happens no more often with pushes than without. (When a push rebuilt the list as
   * stabilize does, it happened in 7 of these 20 seeds, against 4 without pushes: a rogue's drop
   * of its rogue successor was carried back along the ring at once.)
   */
  @Test
  void simulatorRoguesWithSuccessorPushesKeepTheHonestFigures(@TempDir Path dir) {
    int offWith = 0;
    int offWithout = 0;
    for (long seed = 1; seed <= 20; seed++) {
      Summary with = ScenarioRunner.run(scenario("sim", 3, seed, true), dir.resolve("push" + seed),
          Progress.silent()).summary();
      check(with);
      assertTrue(with.traffic().byType().containsKey("SuccessorsChanged"), "pushes were sent");
      offWith += with.ring().stable() ? 0 : 1;
      Summary without = ScenarioRunner.run(scenario("sim", 3, seed, false), dir.resolve("stabilize" + seed),
          Progress.silent()).summary();
      check(without);
      assertTrue(!without.traffic().byType().containsKey("SuccessorsChanged"), "no pushes");
      offWithout += without.ring().stable() ? 0 : 1;
    }
    int with = offWith;
    int without = offWithout;
    System.out.printf("rogue seeds 1..20, honest lists off the oracle at the measurement: %d with successor pushes,"
        + " %d without%n", with, without);
    assertTrue(with <= without, () -> "seeds with honest lists off the oracle: " + with + " with pushes, " + without
        + " without");
  }

  @Test
  void simulatorRunWithoutRoguesCountsNoQuotaRejection(@TempDir Path dir) {
    Summary s = ScenarioRunner.run(scenario("sim", 0), dir, Progress.silent()).summary();
    check(s);
    assertTrue(s.ring().stable(), "on the simulator the ring matches the oracle exactly");
    assertEquals(0L, s.trust().get("quota.requests"));
    assertEquals(0L, s.trust().getOrDefault("rejected.summaryFill", 0L));
  }

  @Test
  void vertxRoguesAreRefusedAndCountedAndHonestFiguresHold(@TempDir Path dir) {
    Summary s = ScenarioRunner.run(scenario("vertx", 3), dir, Progress.silent()).summary();
    check(s);
    assertTrue(s.trust().get("quota.requests") > 0, s.trust()::toString);
    assertTrue(s.trust().get("rejected.summaryFill") > 0, s.trust()::toString);
  }
}
