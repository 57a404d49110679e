package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * A fix-fingers check learns two peers back in one answer: stabilize tells a successor its asker's
 * predecessor, a join tells it the joiner's, and a finger's answer to {@code GetPredecessor} names
 * its predecessor and that one's predecessor, so a finger with one peer joined before it is put
 * right by one request instead of two.
 */
class SimFingerCheckTwoDeepTest {

  private static final int PEERS = 64;

  @Test
  void everyPeerKnowsThePeerBeforeItsPredecessor() {
    ChordConfig config = ChordConfig.defaults().withPeriods(500, 500, 1000);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(11), config)) {
      c.launch(PEERS);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      RingOracle oracle = c.oracle();
      for (PeerHandle<ChordPeer> h : c.peers()) {
        PeerRef beyond = c.network().inspect(h, p -> p.context().table().beyondPredecessor());
        assertEquals(oracle.predecessorOf(oracle.predecessorOf(h.ref())), beyond, "beyond the predecessor of " + h.ref());
      }

      // a joiner: its successor knows the joiner's predecessor from the join, before any stabilize
      List<PeerHandle<ChordPeer>> joined = c.launchWave(1);
      assertEquals(1, joined.size(), "one joiner");
      PeerRef joiner = joined.get(0).ref();
      PeerHandle<ChordPeer> successor = handleOf(c, c.oracle().successorOf(joiner));
      PeerRef[] seen = c.network().inspect(successor, p -> new PeerRef[] {
          p.context().table().predecessor(), p.context().table().beyondPredecessor()});
      assertEquals(joiner, seen[0], "the joiner is its successor's predecessor");
      assertEquals(c.oracle().predecessorOf(joiner), seen[1], "the joiner's predecessor, told by the join");
    }
  }

  @Test
  void aFingerOnePeerPastItsStartIsPutRightByOneRequest() {
    ChordConfig config = ChordConfig.defaults().withPeriods(500, 500, 1000);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(12), config)) {
      c.launch(PEERS);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      RingOracle oracle = c.oracle();
      // every finger beyond the successor set to the peer after the right one
      for (PeerHandle<ChordPeer> h : c.peers()) {
        c.network().inspect(h, p -> {
          RoutingTable t = p.context().table();
          for (int i = 2; i <= t.fingers().size(); i++) {
            PeerRef right = oracle.finger(h.ref(), i);
            PeerRef past = oracle.successorOf(right);
            if (!right.equals(t.successor()) && !past.equals(h.ref())) {
              t.fillFinger(i, past, p.runtime().now());
            }
          }
          return null;
        });
      }
      assertTrue(c.check().fingerErrors() > 2 * PEERS, () -> "fingers made wrong: " + c.check());
      long checksBefore = sent(c, "GetPredecessor");
      long staleBefore = c.network().metrics().counter(ChordCounter.FINGER_STALE);
      long lookupsBefore = sent(c, "FindSuccessor");
      assertTrue(c.awaitConverged(30_000), () -> "fingers not put right: " + c.check());
      long checks = sent(c, "GetPredecessor") - checksBefore;
      long stale = c.network().metrics().counter(ChordCounter.FINGER_STALE) - staleBefore;
      // Each wrong finger answers stale once. Walking back one peer at a time costs a second
      // request per stale answer (2 x stale in all, plus the rounds' checks of right fingers);
      // with the peer beyond the predecessor in the answer, the stale answer settles the finger.
      assertTrue(stale >= 2 * PEERS, "stale answers: " + stale);
      assertTrue(checks < 2 * stale, "finger checks " + checks + " for " + stale + " stale answers");
      assertEquals(lookupsBefore, sent(c, "FindSuccessor"), "no finger was looked up");
    }
  }

  private static PeerHandle<ChordPeer> handleOf(ChordCluster c, PeerRef ref) {
    for (PeerHandle<ChordPeer> h : c.peers()) {
      if (h.ref().equals(ref)) {
        return h;
      }
    }
    throw new AssertionError("no running peer " + ref);
  }

  private static long sent(ChordCluster c, String type) {
    long[] counts = c.network().traffic().snapshot().get(type);
    return counts == null ? 0 : counts[0];
  }
}
