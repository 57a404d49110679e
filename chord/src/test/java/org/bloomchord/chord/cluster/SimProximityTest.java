package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.sim.LatencyModel;
import org.bloomchord.overlay.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * Proximity neighbour selection on a small simulated ring with the geographic latency model: the
 * same ring (seed 41, 150 peers) with and without it. The round trips compared are the model's
 * (the truth), over the fingers whose interval holds at least two peers (where there is a choice).
 */
class SimProximityTest {

  private static final LatencyModel GEOGRAPHIC = LatencyModel.geographic(100, 2, 20);
  private static final int PEERS = 150;

  @Test
  void proximityFingersAreCloserThanPlainOnesAndLookupsStayCorrect() {
    double plain = run(0);
    double pns = run(8);
    // seed 41 gives 76 ms against 117 ms (0.65); without proximity the ratio is 1 by
    // construction, so 0.8 leaves room for other seeds and catches a selection that does nothing
    assertTrue(pns < 0.8 * plain, () -> "mean finger round trip " + pns + " ms with proximity, " + plain + " without");
  }

  /** Runs the ring; returns the mean model round trip to the fingers that had a choice. */
  private static double run(int candidates) {
    ChordConfig config = ChordConfig.defaults().withProximity(candidates);
    NetworkOptions options = NetworkOptions.defaults().withSeed(41).withSim(s -> s.withLatency(GEOGRAPHIC));
    try (ChordCluster c = ChordCluster.create(Networks.SIM, options, config)) {
      c.launch(PEERS);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      c.network().runFor(40_000);
      RingCheck check = c.check();
      // with proximity a finger is right when it is successor(start) or a live peer of its interval
      assertEquals(0, check.fingerErrors(), () -> "fingers: " + check);
      RingOracle oracle = c.oracle();
      SimNetwork<ChordPeer> sim = (SimNetwork<ChordPeer>) c.network();
      IdRing ring = c.ring();
      long sum = 0;
      int count = 0;
      int chosenOffStart = 0;
      for (PeerSnapshot s : c.snapshots()) {
        for (int i = 2; i <= ring.bits(); i++) {
          PeerRef f = s.fingers().get(i - 1);
          PeerRef plainFinger = oracle.finger(s.self(), i);
          PeerRef next = oracle.successor(ring.add(plainFinger.id(), 1));
          boolean choice = oracle.proximityFinger(s.self(), i, plainFinger) && oracle.proximityFinger(s.self(), i, next);
          if (!choice) {
            continue;
          }
          if (!f.equals(plainFinger)) {
            chosenOffStart++;
          }
          sum += sim.modelRoundTripMs(s.self().address(), f.address());
          count++;
        }
      }
      assertTrue(count > PEERS, "too few fingers with a choice: " + count);
      assertEquals(candidates == 0, chosenOffStart == 0, "fingers other than successor(start): " + chosenOffStart);
      SplittableRandom random = new SplittableRandom(42);
      for (int k = 0; k < 200; k++) {
        long key = random.nextLong();
        LookupResult r = c.lookup(c.randomPeer(), key);
        assertTrue(r.found(), () -> "lookup " + IdRing.format(key) + " " + r.outcome());
        assertEquals(c.oracle().successor(key), r.successor(), () -> "lookup " + IdRing.format(key));
      }
      return (double) sum / count;
    }
  }
}
