package org.bloomchord.routing.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.junit.jupiter.api.Test;

/**
 * With adaptive maintenance the store's periodic replica sync backs off too: an idle ring holding
 * keys, repaired by reconciliation, costs at most 0.2 messages per peer and second once every
 * interval reached its ceiling; a write brings the writer's sync back to its floor; and a replica
 * that silently lost entries (no link changed, so nothing else starts a sync) is repaired within
 * one ceiling interval and its jitter.
 */
class SimAdaptiveReplicaSyncTest {

  private static final int PEERS = 100;
  private static final int KEYS = 300;

  private static ChordConfig config() {
    return ChordConfig.defaults().withAdaptivePeriods(16_000, 64_000);
  }

  @Test
  void anIdleRingWithKeysBacksOffItsRepairAndStillRepairsASilentLossWithinTheCeiling() {
    ChordConfig config = config();
    long floor = config.replicaSyncMs();
    long ceiling = config.replicaSyncCeilingMs();
    // the larger factor of the two maintenance ceilings: 64 s / 500 ms = 128, so 640 s
    assertEquals(128 * floor, ceiling);
    try (ChordCluster c = RepairCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(45), config,
        RepairMode.RECONCILE, RepairConfig.defaults())) {
      c.launch(PEERS);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      for (int i = 0; i < KEYS; i++) {
        assertTrue(c.put(c.randomPeer(), "key-" + i, "value-" + i).stored());
      }
      // 1.2x per quiet round from 5 s to 640 s: 27 rounds, about 3,800 s; the sweeper's checks of
      // keys held as replicas back off from 300 s to 4,800 s
      c.network().runFor(12_000_000);
      for (PeerHandle<ChordPeer> h : c.activePeers()) {
        assertEquals(ceiling, (long) c.network().inspect(h, ChordPeer::replicaSyncIntervalMs),
            () -> h.ref() + " did not back off");
      }
      assertEquals(List.of(), RepairCluster.staleReplicas(c));

      long before = c.network().traffic().messages();
      long window = 2 * ceiling;
      c.network().runFor(window);
      double perPeerSecond = (c.network().traffic().messages() - before) * 1000.0 / window / PEERS;
      assertTrue(perPeerSecond <= 0.2, "messages per peer per second on an idle ring with keys: " + perPeerSecond);
      System.out.printf("adaptive maintenance and repair, %d idle peers with %d keys: %.3f messages per peer per second%n",
          PEERS, KEYS, perPeerSecond);

      // a replica silently loses its entries: repaired within one ceiling interval plus jitter
      PeerHandle<ChordPeer> victim = c.activePeers().get(7);
      int lost = c.network().inspect(victim, p -> {
        int n = 0;
        for (StoredEntry e : p.store().all()) {
          p.store().forget(e.key());
          n++;
        }
        return n;
      });
      assertTrue(lost > 0, "the victim held entries");
      assertTrue(RepairCluster.staleReplicas(c).size() >= lost);
      long bound = Math.round(ceiling * (1 + config.jitter())) + 60_000;
      assertTrue(c.network().awaitUntil(() -> RepairCluster.staleReplicas(c).isEmpty(), bound, 5_000),
          () -> "not repaired within " + bound + " ms: " + RepairCluster.staleReplicas(c).size());

      // a write that one replica does not take (it crashed): the primary's sync is back at its
      // floor as soon as the write's copies are settled
      c.network().runFor(ceiling);
      String key = "key-late";
      long id = c.ring().hash(key);
      PeerHandle<ChordPeer> primary = ReplicaRepairContract.handle(c, c.oracle().successor(id));
      assertEquals(ceiling, (long) c.network().inspect(primary, ChordPeer::replicaSyncIntervalMs));
      c.crash(ReplicaRepairContract.handle(c, c.oracle().successor(primary.ref().id() + 1)));
      c.put(primary, key, "value");
      assertEquals(floor, (long) c.network().inspect(primary, ChordPeer::replicaSyncIntervalMs),
          "the primary's sync after a write a replica missed");
    }
  }
}
