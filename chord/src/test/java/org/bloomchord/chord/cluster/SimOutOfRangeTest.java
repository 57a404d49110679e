package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordLimits;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * After joins move ranges away, every peer's store converges to the keys it replicates by the
 * oracle (the key's successor and the next replicas-1 peers), and no key is lost.
 */
class SimOutOfRangeTest {

  @Test
  void afterJoinsTheOldPeersLetGoOfTheRangesTheyNoLongerReplicateAndNoKeyIsLost() {
    ChordConfig config = ChordConfig.defaults().withSuccessors(4, 3).withReplicaSyncMs(1000)
        .withLimits(ChordLimits.defaults().withOutOfRangeGraceMs(4000));
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(71), config)) {
      c.launch(6);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < 120; i++) {
        String key = "k" + i;
        assertTrue(c.put(c.randomPeer(), key, "v" + i).stored(), "put " + key);
        c.expectKey(key);
        keys.add(key);
      }
      // ten joins: most ranges move, and the six first peers end outside most replica sets
      c.launch(10);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize after the joins: " + c.check());
      c.network().runFor(30_000);
      RingOracle oracle = c.oracle();
      int extra = 0;
      for (PeerSnapshot s : c.snapshots()) {
        Set<String> held = new HashSet<>(s.liveKeys());
        for (String key : held) {
          List<PeerRef> replicas = oracle.replicasOf(c.ring().hash(key), config);
          if (!replicas.contains(s.self())) {
            extra++;
          }
        }
      }
      assertEquals(0, extra, "copies held outside their replica sets");
      assertTrue(c.network().metrics().counter(ChordCounter.DROPPED_OUT_OF_RANGE) > 0, "the joins moved keys away");
      KeyReport report = c.keys();
      assertEquals(0, report.lost(), () -> "lost " + report.lostKeys());
      assertEquals(0, report.underReplicated());
      for (String key : keys) {
        ReadResult r = c.get(c.randomPeer(), key);
        assertTrue(r.found(), () -> key + " read back: " + r);
      }
    }
  }
}
