package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.junit.jupiter.api.Test;

/**
 * The Chord suite on the clustered Vert.x runtime: peers spread over three clustered nodes in this
 * JVM, each with its own cluster member, so most messages cross the event bus over loopback TCP.
 */
class ClusterChordRingTest extends ChordRingContract {

  @Override
  String runtime() {
    return Networks.LOOPBACK_CLUSTER;
  }

  @Override
  int ringSize() {
    return 6;
  }

  /**
   * With confirmed failures, a peer whose node reported a crashed peer gone drops it at its first
   * failed request: no second strike, no indirect probe. Peers of the crashed peers' own node
   * cannot know (within a JVM a crash is learnt by waiting) and confirm as before.
   */
  @Test
  void peersOfOtherNodesDropACrashedPeerTheyKnowIsGone() {
    ChordConfig config = fastConfig().withConfirmFailures(true);
    try (ChordCluster c = cluster(config, 23)) {
      c.launch(ringSize());
      stable(c);
      List<PeerHandle<ChordPeer>> crashed = c.crashConsecutive(2);
      assertEquals(2, crashed.size());
      stable(c);
      long gone = c.network().metrics().counter(ChordCounter.REPORTED_GONE);
      assertTrue(gone > 0, "no peer dropped a crashed peer its node reported gone");
      assertEquals(0, c.check().successorErrors());
    }
  }
}
