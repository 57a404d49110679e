package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.junit.jupiter.api.Test;

/**
 * Joins that follow each other with no wait for a stable ring: the join alone links every joiner
 * from behind, and a streamed launch ends in a stable ring with every join made.
 */
class SimStreamedJoinTest {

  /**
   * With maintenance an hour away, only the join protocol and the successor-list pushes act. The
   * first joiner of a ring of one and every joiner accepted by a peer without a predecessor used
   * to get no predecessor, so the peer before it never heard of it and kept a successor beyond it
   * until stabilize walked back.
   */
  @Test
  void joinsOneAfterAnotherLinkEverySuccessorAndPredecessorWithoutStabilize() {
    ChordConfig quiet = ChordConfig.defaults().withPeriods(3_600_000, 3_600_000, 7_200_000).withSuccessorPush(true);
    try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(5), quiet)) {
      List<PeerHandle<ChordPeer>> first = c.launch(1);
      for (int k = 0; k < 40; k++) {
        assertEquals(1, c.launchThrough(first.get(0), 1).size(), "join " + k);
      }
      // the last joiner's JoinedBefore is a one-way message still on its way
      c.network().runFor(1000);
      RingCheck check = c.checkRing();
      assertEquals(41, check.peers());
      assertEquals(0, check.successorErrors(), check::toString);
      assertEquals(0, check.predecessorErrors(), check::toString);
      // and every successor list: each change is told to the predecessor, r peers back
      assertEquals(0, check.successorListErrors(), check::toString);
    }
  }

  @Test
  void aStreamedLaunchMakesEveryJoinAndEndsInAStableRing() {
    ChordConfig config = ChordConfig.defaults().withPeriods(1000, 1000, 2000).withAdaptivePeriods(8000, 16000)
        .withSuccessorPush(true);
    try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(3), config)) {
      List<int[]> ticks = new ArrayList<>();
      List<PeerHandle<ChordPeer>> joined = c.launchStreamed(400, 40, 100, (j, f) -> ticks.add(new int[] {j, f}));
      assertEquals(400, joined.size());
      assertEquals(0, c.failedJoins());
      int[] last = ticks.get(ticks.size() - 1);
      assertEquals(400, last[0]);
      assertEquals(0, last[1]);
      for (int[] t : ticks) {
        assertTrue(t[1] <= 40, "at most the window in flight: " + t[1]);
        assertTrue(t[1] <= t[0], "at most as many in flight as peers on the ring: " + t[1] + " of " + t[0]);
      }
      assertTrue(c.awaitStable(120_000), () -> "not stable: " + c.checkRing());
      assertTrue(c.awaitConverged(600_000), () -> "fingers: " + c.check());
      assertEquals(400, c.check().peers());
    }
  }
}
