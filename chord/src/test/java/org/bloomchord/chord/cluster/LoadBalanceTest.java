package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.junit.jupiter.api.Test;

/**
 * Virtual nodes spread keys more evenly over hosts (Chord paper, section on load balance), judged
 * by what the peers' stores hold after the keys were put on the ring.
 */
class LoadBalanceTest {

  private static final int HOSTS = 32;
  private static final int KEYS = 1600;

  /**
   * Puts {@link #KEYS} keys on a stable ring of {@link #HOSTS} hosts with {@code v} ring ids each and
   * one copy per key, and returns how many keys each host's peers store; checks on the way that the
   * stores hold every key exactly once, at the host the oracle names as its successor's.
   */
  private static Map<String, Integer> storedPerHost(int v) {
    ChordConfig config = ChordConfig.defaults().withVirtualNodes(v).withSuccessors(8, 1);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(4), config)) {
      c.launch(HOSTS);
      assertTrue(c.awaitStable(120_000), () -> "not stable: " + c.check());
      assertEquals(HOSTS * v, c.check().peers());
      for (int i = 0; i < KEYS; i++) {
        WriteResult w = c.put(c.randomPeer(), "key-" + i, "v" + i);
        assertTrue(w.stored(), () -> "put refused: " + w);
      }
      Map<String, Integer> stored = new TreeMap<>();
      int copies = 0;
      for (PeerSnapshot s : c.snapshots()) {
        stored.merge(ChordCluster.hostOf(s.self()), s.liveKeys().size(), Integer::sum);
        copies += s.liveKeys().size();
      }
      assertEquals(KEYS, copies, "with one copy per key, the stores hold each key once");
      assertEquals(new TreeMap<>(c.keysPerHost()), stored, "each key stored at its successor's host");
      assertEquals(0, c.keys().lost());
      return stored;
    }
  }

  @Test
  void virtualNodesLowerTheHeaviestHostsStoredLoad() {
    int plain = storedPerHost(1).values().stream().mapToInt(Integer::intValue).max().orElseThrow();
    int virtual = storedPerHost(8).values().stream().mapToInt(Integer::intValue).max().orElseThrow();
    // fixed seed; with v = 8 the heaviest host should carry clearly less (mean is 50 keys)
    assertTrue(virtual < plain, "v=1 max " + plain + ", v=8 max " + virtual);
    assertTrue(virtual < 2.5 * KEYS / HOSTS, "v=8 max " + virtual);
  }
}
