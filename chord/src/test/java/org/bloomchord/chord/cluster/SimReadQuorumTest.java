package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * A read quorum: a get that waits for q replicas answers with the newest version among them and
 * repairs the ones that held an older one; the default (q = 1) answers from the first replica
 * holding the key, the primary.
 */
class SimReadQuorumTest {

  @Test
  void aQuorumReadReturnsTheNewestCopyAndRepairsTheStaleOnes() {
    ChordConfig config = ChordConfig.defaults().withReplicaSyncMs(600_000);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(41), config)) {
      c.launch(8);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      String key = "quorum-key";
      assertTrue(c.put(c.randomPeer(), key, "v1").stored());
      List<PeerRef> replicas = c.oracle().replicasOf(c.ring().hash(key), config);
      assertEquals(3, replicas.size());
      // the last replica alone holds a newer version (as after a write acknowledged by it and a
      // primary that crashed before repair, seen from the new primary)
      PeerHandle<ChordPeer> last = handle(c, replicas.get(2));
      StoredEntry old = c.network().inspect(handle(c, replicas.get(0)), p -> p.store().get(key));
      StoredEntry newer = new StoredEntry(key, new Version(old.version().counter() + (1000L << 16),
          replicas.get(2).id()), "v2");
      c.network().inspect(last, p -> p.store().merge(newer));

      PeerHandle<ChordPeer> reader = c.peers().stream().filter(h -> !replicas.contains(h.ref())).findFirst()
          .orElseThrow();
      ReadResult one = c.get(reader, key);
      assertEquals("v1", one.value(), "q = 1 answers from the primary");

      c.network().inspect(reader, p -> {
        p.storePolicy(p.storePolicy().withReadQuorum(3));
        return null;
      });
      ReadResult all = c.get(reader, key);
      assertEquals("v2", all.value(), () -> "q = 3 answers with the newest copy: " + all);
      assertEquals(newer.version(), all.version());
      c.network().runFor(1_000);
      for (PeerRef r : replicas) {
        assertEquals("v2", c.network().inspect(handle(c, r), p -> p.store().get(key).value()),
            () -> r + " repaired by the read");
      }
      assertEquals(2, c.network().metrics().counter(ChordCounter.READ_REPAIRS));
      // a second quorum read finds nothing to repair
      assertEquals("v2", c.get(reader, key).value());
      assertEquals(2, c.network().metrics().counter(ChordCounter.READ_REPAIRS));
    }
  }

  @Test
  void aQuorumReadAnswersWhileOneReplicaIsDownAndQuorumsAreValidated() {
    ChordConfig config = ChordConfig.defaults().withQuorums(2, 2);
    assertEquals(2, config.readQuorum());
    assertEquals(2, ChordConfig.defaults().writeQuorum());
    assertEquals(1, ChordConfig.defaults().readQuorum());
    assertThrows(IllegalArgumentException.class, () -> ChordConfig.defaults().withQuorums(0, 4));
    assertThrows(IllegalArgumentException.class, () -> ChordConfig.defaults().withQuorums(-1, 0));
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(42), config)) {
      c.launch(8);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      String key = "quorum-key";
      assertTrue(c.put(c.randomPeer(), key, "v1").stored());
      List<PeerRef> replicas = c.oracle().replicasOf(c.ring().hash(key), config);
      c.crash(handle(c, replicas.get(1)));
      PeerHandle<ChordPeer> reader = c.peers().stream().filter(h -> !replicas.contains(h.ref())).findFirst()
          .orElseThrow();
      ReadResult r = c.get(reader, key);
      assertTrue(r.found(), r::toString);
      assertEquals("v1", r.value());
    }
  }

  private static PeerHandle<ChordPeer> handle(ChordCluster c, PeerRef ref) {
    return c.peers().stream().filter(h -> h.ref().equals(ref)).findFirst().orElseThrow();
  }
}
