package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Adaptive maintenance on the simulator: periods back off on a quiet ring down to a small message
 * rate, return to their floors after a change, and a crashed successor is still noticed within
 * the stated bound (stabilize ceiling plus two request timeouts at their ceiling).
 */
class SimAdaptiveMaintenanceTest {

  private static final long STABILIZE_CEILING = 16_000;
  private static final long FINGERS_CEILING = 64_000;

  private static ChordConfig config() {
    return ChordConfig.defaults().withAdaptivePeriods(STABILIZE_CEILING, FINGERS_CEILING);
  }

  @Test
  void aQuietRingBacksOffToAFractionOfAMessagePerPeerAndSecondAndAChangeBringsThePeriodsBack() {
    int n = 100;
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(41), config())) {
      c.launch(n);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      // 1.2x per quiet round from 500 ms: about 27 rounds, some 400 s, to reach 64 s
      c.network().runFor(600_000);
      for (PeerHandle<ChordPeer> h : c.peers()) {
        long[] periods = c.network().inspect(h, ChordPeer::maintenancePeriodsMs);
        assertEquals(STABILIZE_CEILING, periods[0], "stabilize backed off to its ceiling");
        assertEquals(FINGERS_CEILING, periods[1], "fix-fingers backed off to its ceiling");
      }
      long before = c.network().traffic().messages();
      long windowMs = 120_000;
      c.network().runFor(windowMs);
      double perPeerSecond = (c.network().traffic().messages() - before) * 1000.0 / windowMs / n;
      // at the ceilings: stabilize 2 messages per 16 s, fix-fingers 2 per 64 s = 0.16 per peer-second
      assertTrue(perPeerSecond <= 0.2, "messages per peer per second on a quiet ring: " + perPeerSecond);
      assertTrue(c.check().converged(), () -> "ring changed while idle: " + c.check());

      System.out.printf("adaptive maintenance, %d quiet peers: %.3f messages per peer per second%n", n, perPeerSecond);

      // crashes one at a time: each victim's predecessor notices within the bound, and its
      // periods snap back; the ring backs off again between crashes
      long bound = STABILIZE_CEILING + 2 * 4 * config().requestTimeoutMs();
      long[] detection = new long[12];
      for (int k = 0; k < detection.length; k++) {
        PeerHandle<ChordPeer> victim = c.randomPeer();
        PeerRef predecessor = c.oracle().predecessorOf(victim.ref());
        PeerHandle<ChordPeer> pred = c.peers().stream().filter(h -> h.ref().equals(predecessor)).findFirst()
            .orElseThrow();
        c.crash(victim);
        long start = c.network().now();
        assertTrue(c.network().awaitUntil(() -> !c.network().inspect(pred, p -> p.links().successors().get(0))
            .equals(victim.ref()), bound, 50), "crashed successor not noticed within " + bound + " ms");
        detection[k] = c.network().now() - start;
        long[] periods = c.network().inspect(pred, ChordPeer::maintenancePeriodsMs);
        assertTrue(periods[0] < STABILIZE_CEILING, "stabilize back near its floor: " + periods[0]);
        assertTrue(c.awaitStable(120_000), () -> "not stable after the crash: " + c.check());
        c.network().runFor(120_000);
      }
      java.util.Arrays.sort(detection);
      System.out.printf("crashed successor noticed after %d ms (median), %d ms (max of %d); bound %d ms%n",
          detection[detection.length / 2], detection[detection.length - 1], detection.length, bound);
      SplittableRandom r = new SplittableRandom(3);
      for (int i = 0; i < 50; i++) {
        long key = r.nextLong();
        LookupResult res = c.lookup(c.randomPeer(), key);
        assertEquals(c.oracle().successor(key), res.successor(), () -> "lookup " + Long.toHexString(key));
      }
    }
  }
}
