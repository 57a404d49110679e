package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.NetworkOptions;
import org.junit.jupiter.api.Test;

/**
 * Fix-fingers after a wave of joins that doubles a ring: the old peers' fingers go stale in runs
 * (a joiner lands before about half of them), and a round whose check changed a finger goes on
 * to the next one, so every finger is right in fewer rounds after the wave than a peer has
 * distinct fingers (about log2 N), the rounds one finger a round would need.
 */
class SimFingerRepairTest {

  private static final int PEERS = 256;
  private static final long PERIOD_MS = 500;

  @Test
  void afterARingDoubledEveryFingerIsRightWithinAFewRounds() {
    ChordConfig config = ChordConfig.defaults().withPeriods(PERIOD_MS, PERIOD_MS, 2 * PERIOD_MS);
    try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(19), config)) {
      c.launchPlaced(PEERS);
      assertTrue(c.awaitConverged(60_000), () -> "placed ring not converged: " + c.check());
      c.launchWave(PEERS);
      long waveEnd = c.network().now();
      assertTrue(c.awaitStable(60_000), () -> "not stable: " + c.checkRing());
      RingCheck stable = c.check();
      assertEquals(2 * PEERS, stable.peers());
      int log2n = Integer.numberOfTrailingZeros(2 * PEERS);
      long stale = stable.fingerErrors();
      assertTrue(c.awaitConverged(4L * log2n * PERIOD_MS), () -> "fingers not right: " + c.check());
      long rounds = (c.network().now() - waveEnd + PERIOD_MS - 1) / PERIOD_MS;
      System.out.printf("ring doubled to %d: %d fingers wrong once stable, all right %d rounds after the wave%n",
          2 * PEERS, stale, rounds);
      assertTrue(stale > 0, "the wave left stale fingers to repair");
      // one finger a round would need a round per distinct finger, about log2 N of them (11 rounds
      // here when a round ended after its check, seed 19)
      assertTrue(rounds < log2n, "every finger right in fewer than " + log2n + " rounds, took " + rounds);
    }
  }
}
