package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Lookups name the live owner while the ring changes under them, on the simulator (where the
 * oracle can be read at the moment a lookup completes): joins into the very arc being looked up,
 * and reads right after the owner of a key changed.
 */
class SimLookupConsistencyTest {

  private static ChordConfig config() {
    return ChordConfig.defaults().withPeriods(500, 500, 1000).withTimeouts(500, 4000).withReplicaSyncMs(1000);
  }

  private static ChordCluster cluster(long seed) {
    return ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(seed), config());
  }

  @Test
  void lookupsDuringABurstOfJoinsIntoOneArcAllNameTheLiveOwner() {
    try (ChordCluster c = cluster(31)) {
      c.launch(32);
      assertTrue(c.awaitStable(120_000), () -> "not stable: " + c.check());
      IdRing ring = c.ring();
      PeerRef a = c.randomPeer().ref();
      PeerRef b = c.oracle().successorOf(a);
      long arc = ring.distance(a.id(), b.id());
      List<PeerRef> joiners = c.refsInArc("burst", a.id(), b.id(), 12);
      c.startJoins(joiners);
      SplittableRandom r = new SplittableRandom(7);
      int answeredByJoiner = 0;
      for (int i = 0; i < 150; i++) {
        long key = ring.add(a.id(), Long.remainderUnsigned(r.nextLong(), arc) + 1);
        LookupResult res = c.lookup(c.randomPeer(), key);
        RingOracle oracle = c.oracle();
        assertTrue(res.found(), () -> "lookup " + IdRing.format(key) + " " + res.outcome());
        assertEquals(oracle.successor(key), res.successor(), () -> "lookup " + IdRing.format(key));
        if (joiners.contains(res.successor())) {
          answeredByJoiner++;
        }
        c.network().runFor(20);
      }
      long active = c.network().alive().stream()
          .filter(h -> joiners.contains(h.ref()))
          .filter(h -> c.network().inspect(h, ChordPeer::state) == PeerState.ACTIVE).count();
      assertEquals(joiners.size(), active, "every joiner is on the ring");
      assertTrue(answeredByJoiner > 0, "no lookup reached a joiner: the joins did not overlap the lookups");
    }
  }

  @Test
  void aGetRightAfterAnAcknowledgedPutFindsTheValueAfterTheOwnerChanged() {
    try (ChordCluster c = cluster(32)) {
      c.launch(16);
      assertTrue(c.awaitStable(120_000), () -> "not stable: " + c.check());
      for (int k = 0; k < 6; k++) {
        String key = "moved-" + k;
        assertTrue(c.put(c.randomPeer(), key, "value-" + k).stored(), "put " + key);
        long id = c.ring().hash(key);
        PeerRef owner = c.oracle().successor(id);
        if (owner.id() == id) {
          continue;
        }
        // a peer joins in [key, owner): it becomes the key's owner
        List<PeerRef> joiner = c.refsInArc("owner-" + k, c.ring().add(id, -1L), owner.id(), 1);
        List<PeerHandle<ChordPeer>> joined = c.join(joiner);
        assertEquals(1, joined.size(), "join of " + joiner);
        assertEquals(joiner.get(0), c.oracle().successor(id), "the joiner owns " + key);
        ReadResult read = c.get(c.randomPeer(), key);
        assertTrue(read.found(), () -> key + ": " + read);
        assertEquals("value-" + k, read.value());
      }
    }
  }
}
