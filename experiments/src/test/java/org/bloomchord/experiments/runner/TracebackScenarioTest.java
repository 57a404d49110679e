package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioException;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.TracebackStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small rogue scenario with {@code traceback: { trace: forged }}: every forged message is traced
 * from its victim, and the summary names every forging rogue, finds the origin of every traced
 * message (the oracle: the rogues' own record of what they forged, kept at send time) and names no
 * honest peer beyond what the false-positive rate allows. Bad values of the section are refused
 * with the key named.
 */
class TracebackScenarioTest {

  private static final String TEXT = """
      name: traceback
      seed: 3
      runtime: sim
      peers: 24
      chord: { stabilize: 200ms, fixFingers: 200ms, checkPredecessor: 400ms }
      rogue: { peers: 2, behaviours: [forgedLeave, forgedAnswers], every: 500ms }
      traceback: { %s }
      phases:
        - join:     { over: 0s }
        - wait:     { for: 4s }
        - workload: { for: 4s, lookups: 20/s }
        - wait:     { for: 2s }
      """;

  private static Scenario scenario(String section) {
    List<Scenario> s = ScenarioLoader.parse("traceback.yaml", TEXT.formatted(section), List.of(), Path.of("."));
    assertEquals(1, s.size());
    return s.get(0);
  }

  @Test
  void everyForgingRogueIsNamedAndEveryOriginFound(@TempDir Path dir) {
    Summary s = ScenarioRunner.run(scenario("trace: forged, window: 2s, windows: 6, fpRate: 0.001"), dir,
        Progress.silent()).summary();
    TracebackStats t = (TracebackStats) s.fields().get("traceback");
    assertTrue(t.traced() >= 50, () -> "forged messages traced: " + t);
    assertEquals(2, t.roguesForging(), t.toString());
    assertEquals(t.roguesForging(), t.roguesNamed(), () -> "every forging rogue named: " + t);
    assertEquals(t.traced(), t.originFound(), () -> "origin found for every traced message: " + t);
    // an honest peer is named only through false positives at both ends of a hop: at 0.001 about
    // traced x expected x 0.001, far below one trace; allow one
    assertTrue(t.honestNamed() <= 1, () -> "honest peers named: " + t);
    assertTrue(t.falseBranchesPerTrace() <= t.expectedFalseBranches() + 0.05, t.toString());
    assertTrue(t.digestBytesPerPeer() > 0 && t.digestBytesPerPeer() < t.messageBytesPerPeer(), t.toString());
  }

  @Test
  void badValuesNameTheirKey() {
    assertEquals("traceback.yaml:7:21: bad value 'all' for traceback.trace: expected one of: forged, sample",
        assertThrows(ScenarioException.class, () -> scenario("trace: all")).getMessage());
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("fpRate: 0.9")).getMessage()
        .contains("traceback.fpRate"));
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("windows: 1")).getMessage()
        .contains("traceback.windows"));
    assertTrue(assertThrows(ScenarioException.class, () -> scenario("sample: 0")).getMessage()
        .contains("traceback.sample"));
  }
}
