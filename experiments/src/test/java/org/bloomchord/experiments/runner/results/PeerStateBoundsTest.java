package org.bloomchord.experiments.runner.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.junit.jupiter.api.Test;

/**
 * The per-peer state sample against what was planted: copies written through the store sit on
 * their replicas only, and each copy planted on a peer outside the key's replica set (by the ring
 * oracle) is counted once; the caps reported are the configured ones.
 */
class PeerStateBoundsTest {

  @Test
  void countsCopiesOutsideTheReplicaSetsAndReportsTheCaps() {
    ChordConfig config = ChordConfig.defaults();
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(7), config)) {
      c.launch(10);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      for (int i = 0; i < 50; i++) {
        assertTrue(c.put(c.randomPeer(), "k" + i, "v").stored());
      }
      c.network().runFor(5_000);
      PeerStateBounds before = new PeerStateBounds();
      before.sample(c);
      assertEquals(0L, before.entries().get("state.outOfRangeKeysTotal.max"), "copies written by puts");

      RingOracle oracle = c.oracle();
      int planted = 0;
      for (int i = 0; i < 20; i++) {
        String key = "planted" + i;
        long id = c.ring().hash(key);
        for (PeerHandle<ChordPeer> h : c.activePeers()) {
          if (!oracle.replicasOf(id, config).contains(h.ref())) {
            StoredEntry e = new StoredEntry(key, Version.next(null, 1, 1), "x");
            c.network().inspect(h, p -> p.store().merge(e));
            planted++;
            break;
          }
        }
      }
      PeerStateBounds after = new PeerStateBounds();
      after.sample(c);
      Map<String, Long> s = after.entries();
      assertEquals(planted, s.get("state.outOfRangeKeysTotal.max"));
      assertEquals(planted, s.get("state.outOfRangeKeysTotal.last"));
      assertEquals((long) config.limits().maxSuspects(), s.get("state.suspects.cap"));
      assertEquals((long) config.limits().maxPendingLookups(), s.get("state.pendingLookups.cap"));
      assertEquals(1L, s.get("state.samples"));
    }
  }
}
