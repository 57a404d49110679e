package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.NetworkOptions;
import org.junit.jupiter.api.Test;

/**
 * A check that judges again only the peers whose tables changed ({@link TableChecks}) counts what
 * a check of every peer's snapshot counts, at every moment of a ring that grows, stabilizes,
 * repairs its fingers and loses peers.
 */
class SimTableChecksTest {

  private static void assertSameAsFullCheck(ChordCluster c) {
    List<PeerSnapshot> snaps = c.snapshots();
    RingOracle truth = c.oracle();
    int r = c.config().successors();
    assertEquals(truth.check(snaps, r, false), c.check(), "fingers included");
    RingCheck ring = truth.check(snaps, r, false);
    RingCheck judged = c.checkRing();
    assertEquals(List.of(ring.peers(), ring.successorErrors(), ring.predecessorErrors(), ring.successorListErrors()),
        List.of(judged.peers(), judged.successorErrors(), judged.predecessorErrors(), judged.successorListErrors()));
    assertEquals(0, judged.fingersChecked(), "a check of the ring alone counts no finger");
  }

  @Test
  void judgingOnlyChangedPeersCountsAsJudgingEverySnapshot() {
    ChordConfig config = ChordConfig.defaults().withPeriods(500, 500, 500);
    try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(19), config)) {
      c.launchWave(1);
      c.launchWave(40);
      int wrongSeen = 0;
      for (int step = 0; step < 30; step++) {
        assertSameAsFullCheck(c);
        wrongSeen += c.check().converged() ? 0 : 1;
        c.network().runFor(250);
      }
      assertTrue(wrongSeen > 0, "the checks saw the ring before it converged");
      assertTrue(c.awaitConverged(120_000));
      assertSameAsFullCheck(c);
      c.launchWave(40);
      c.crashFraction(0.2);
      for (int step = 0; step < 30; step++) {
        assertSameAsFullCheck(c);
        c.network().runFor(250);
      }
    }
  }
}
