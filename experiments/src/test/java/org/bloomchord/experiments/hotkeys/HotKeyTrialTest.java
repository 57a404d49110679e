package org.bloomchord.experiments.hotkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Served load on a fixed-seed simulated ring of 200 peers, 400 keys, Zipf(1.0) reads at one per
 * peer per second for 10 s with 2% puts. Oracles: without relief the busiest peer serves at least
 * the hottest key's Zipf share, N / H(K) times the mean (H the harmonic number), less a tolerance
 * for the draw; with relief (threshold 1/s, budget 2/s) it serves at most {@value #BOUND} times
 * the mean, and every read returns the newest put acknowledged before it was issued, or a newer
 * one (the trial counts the others as violations).
 */
class HotKeyTrialTest {

  private static final int PEERS = 200;
  private static final int KEYS = 400;
  /** The stated bound on the busiest peer's served gets over the mean, with relief. */
  private static final double BOUND = 3.0;

  private static HotKeyTrial trial(long threshold, long budget) {
    return HotKeyTrial.builder().peers(PEERS).keys(KEYS).zipf(1.0).threshold(threshold).leaseMs(10_000)
        .budget(budget).readsPerPeerPerSecond(1.0).putShare(0.02).seconds(10).seed(7).build();
  }

  @Test
  void withoutReliefTheHottestKeysOwnerServesItsZipfShare() {
    HotKeyTrial.Result r = trial(0, 0).run();
    double harmonic = 0;
    for (int k = 1; k <= KEYS; k++) {
      harmonic += 1.0 / k;
    }
    double zipfShare = PEERS / harmonic; // about 30: the hottest key's reads over a peer's mean
    assertTrue(r.servedMaxOverMean() >= 0.8 * zipfShare, "max over mean " + r.servedMaxOverMean()
        + " against the hottest key's share " + zipfShare);
    assertEquals(0, r.delegated() + r.toReplicas(), "no relief hands no get on");
    assertEquals(0, r.violations());
  }

  @Test
  void withReliefTheBusiestPeerServesAtMostTheBoundAndEveryReadIsFresh() {
    HotKeyTrial.Result r = trial(1, 2).run();
    assertTrue(r.servedMaxOverMean() <= BOUND, "max over mean " + r.servedMaxOverMean());
    assertEquals(0, r.violations(), "reads older than a put acknowledged before they started");
    assertEquals(0, r.readsFailed());
    assertEquals(r.puts(), r.putsAcked(), "every put acknowledged once its leased copies took it");
    assertTrue(r.updates() > 0 && r.delegated() > 0, "puts pushed to copies; over-budget peers handed gets on");
  }
}
