package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * A peer whose successor lies far beyond its true one, as rings that merged can leave it: the
 * peers in the gap are live and linked to each other, but nobody before the gap knows them, and
 * stabilize alone walks the successor back r peers a round (a gap of 200 peers at r = 8 and 500 ms
 * periods: about 12.5 s). The skipped peer's check of its predecessor finds the peer that skips it
 * and tells it, within a check period or two.
 */
class SimSkippedSuccessorTest {

  private static final int PEERS = 256;
  private static final int GAP = 200;
  /** Two check-predecessor periods (1 s each) and a quiet window of two stabilize periods, with room. */
  private static final long BOUND_MS = 4_000;

  @Test
  void theSkippedPeerTellsThePeerThatSkipsIt() {
    assertRelinked(false);
  }

  @Test
  void theSkippedPeerFindsThePeerThatSkipsItBehindAStalePredecessor() {
    assertRelinked(true);
  }

  private static void assertRelinked(boolean stalePredecessor) {
    ChordConfig config = ChordConfig.defaults();
    try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(5), config)) {
      c.launch(PEERS);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      RingOracle o = c.oracle();
      PeerHandle<ChordPeer> a = c.peers().get(17);
      PeerRef skipped = o.successorOf(a.ref());
      PeerRef far = o.successorsOf(a.ref(), GAP + 1).get(GAP);
      List<PeerRef> farList = o.successorsOf(far, config.successors());
      c.network().inspect(a, p -> p.context().table().adoptSuccessors(far, farList, p.context().now()));
      assertTrue(far.equals(successorOf(c, a.ref())), "the peer skips " + GAP + " peers");
      if (stalePredecessor) {
        PeerRef stale = o.predecessorOf(a.ref());
        c.network().inspect(handleOf(c, skipped), p -> p.context().table().setPredecessor(stale));
      }
      long start = c.network().now();
      long relinked = -1;
      while (c.network().now() - start < 30_000) {
        c.network().runFor(100);
        if (skipped.equals(successorOf(c, a.ref()))) {
          relinked = c.network().now() - start;
          break;
        }
      }
      long took = relinked;
      assertTrue(took >= 0 && took <= BOUND_MS, () -> "the peer that skipped " + GAP + " peers took "
          + (took < 0 ? "more than 30 s" : took + " ms") + " to name its successor again; bound " + BOUND_MS + " ms");
      assertTrue(c.awaitConverged(60_000), () -> "ring did not converge again: " + c.check());
    }
  }

  private static PeerRef successorOf(ChordCluster c, PeerRef peer) {
    PeerSnapshot s = c.snapshots().stream().filter(p -> p.self().equals(peer)).findFirst().orElseThrow();
    return s.successors().isEmpty() ? null : s.successors().get(0);
  }

  private static PeerHandle<ChordPeer> handleOf(ChordCluster c, PeerRef ref) {
    return c.peers().stream().filter(h -> h.ref().equals(ref)).findFirst().orElseThrow();
  }
}
