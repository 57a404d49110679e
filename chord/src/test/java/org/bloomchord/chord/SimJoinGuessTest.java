package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/** A join into the range of a successor that has no predecessor. */
class SimJoinGuessTest {

  /**
   * A successor whose predecessor was found dead names a guess from its own tables, which point
   * forward: the peer they know closest before the joiner lies about half the ring back. A joiner
   * that took it as predecessor answered for the keys of every peer in between (a lookup started
   * at the joiner named the joiner itself, 0 hops). Taken only as a hint, the joiner has no
   * predecessor until one confirms, and the key of the peer before the dead one is that peer's.
   */
  @Test
  void aJoinerDoesNotTakeAGuessedPredecessor() {
    ChordConfig config = ChordConfig.defaults().withPeriods(3_600_000, 3_600_000, 7_200_000).withSuccessorPush(true);
    try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(7), config)) {
      List<PeerHandle<ChordPeer>> first = c.launch(1);
      for (int k = 0; k < 31; k++) {
        assertEquals(1, c.launchThrough(first.get(0), 1).size(), "join " + k);
      }
      c.network().runFor(1000);
      RingOracle before = c.oracle();
      PeerHandle<ChordPeer> s = c.peers().get(10);
      PeerRef dead = before.predecessorOf(s.ref());
      PeerRef owner = before.predecessorOf(dead);
      c.crash(handleOf(c, dead));
      // what check-predecessor does when its ping goes unanswered (its round waits for a quiet
      // window of two stabilize periods, an hour here)
      c.network().inspect(s, p -> p.context().table().forget(dead, p.context().now()));
      assertNull(snapshotOf(c, s.ref()).predecessor(), "the successor forgot its dead predecessor");

      PeerRef joinerRef = c.refsInArc("j", dead.id(), s.ref().id(), 1).get(0);
      assertEquals(1, c.join(List.of(joinerRef)).size());
      c.network().runFor(1000);
      PeerRef pred = snapshotOf(c, joinerRef).predecessor();
      assertTrue(pred == null || pred.equals(owner), () -> "joiner's predecessor " + pred + ", the ring's " + owner);
      LookupResult r = c.lookup(handleOf(c, joinerRef), owner.id());
      assertTrue(r.found(), r::toString);
      assertEquals(owner, r.successor(), "the key of the peer before the dead one is that peer's");
    }
  }

  private static PeerHandle<ChordPeer> handleOf(ChordCluster c, PeerRef ref) {
    return c.peers().stream().filter(h -> h.ref().equals(ref)).findFirst().orElseThrow();
  }

  private static PeerSnapshot snapshotOf(ChordCluster c, PeerRef ref) {
    return c.snapshots().stream().filter(p -> p.self().equals(ref)).findFirst().orElseThrow();
  }
}
