package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.junit.jupiter.api.Test;

/** Virtual nodes spread keys more evenly over hosts (Chord paper, section on load balance). */
class LoadBalanceTest {

  private static final int HOSTS = 32;
  private static final int KEYS = 3200;

  /** The most keys any host is primary of, with {@code v} ring ids per host. */
  private static int maxKeysPerHost(int v) {
    ChordConfig config = ChordConfig.defaults().withVirtualNodes(v).withSuccessors(8, 1);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(4), config)) {
      c.launch(HOSTS);
      assertTrue(c.awaitStable(120_000), () -> "not stable: " + c.check());
      assertEquals(HOSTS * v, c.check().peers());
      for (int i = 0; i < KEYS; i++) {
        c.expectKey("key-" + i);
      }
      Map<String, Integer> load = c.keysPerHost();
      assertEquals(HOSTS, load.size());
      assertEquals(KEYS, load.values().stream().mapToInt(Integer::intValue).sum());
      return load.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
    }
  }

  @Test
  void virtualNodesLowerTheHeaviestHostsLoad() {
    int plain = maxKeysPerHost(1);
    int virtual = maxKeysPerHost(8);
    // fixed seed; with v = 8 the heaviest host should carry clearly less (mean is 100 keys)
    assertTrue(virtual < plain, "v=1 max " + plain + ", v=8 max " + virtual);
    assertTrue(virtual < 2.5 * KEYS / HOSTS, "v=8 max " + virtual);
  }
}
