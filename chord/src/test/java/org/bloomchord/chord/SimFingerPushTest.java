package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Finger pushes ({@link ChordConfig#fingerPush()}): a peer that gains a joiner as its predecessor
 * tells the peers that checked it as their finger, so a ring that doubles has every finger right
 * by the time its successors are, where fix-fingers alone needs about a pass over each table (a
 * round per distinct finger). Checked against the oracle, on the same seed with pushes on and off.
 */
class SimFingerPushTest {

  private static final int PEERS = 128;

  @Test
  void aDoublingReachesEveryFingerItChangesWithoutWaitingForFixFingers() {
    // pushes off: the doubling leaves fingers wrong after the ring is stable again
    try (ChordCluster c = doubled(false)) {
      assertTrue(c.check().fingerErrors() > 0, () -> "without pushes some finger should still be wrong: " + c.check());
      assertEquals(0, c.network().metrics().counter(ChordCounter.FINGER_PUSHED), "no finger pushed");
    }
    // pushes on: the same doubling, every finger already right
    try (ChordCluster c = doubled(true)) {
      assertEquals(0, c.check().fingerErrors(), () -> "with pushes every finger should be right: " + c.check());
      assertTrue(c.network().metrics().counter(ChordCounter.FINGER_PUSHED) > PEERS,
          () -> "fingers pushed: " + c.network().metrics().counter(ChordCounter.FINGER_PUSHED));
      assertTrue(sent(c, "FingerJoined") > 0, "FingerJoined messages sent");
    }
  }

  /** A ring of PEERS with every finger right, doubled in one wave, awaited until its successors are right. */
  private static ChordCluster doubled(boolean pushes) {
    ChordConfig config = ChordConfig.defaults().withPeriods(500, 500, 1000).withFingerPush(pushes);
    ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(21), config);
    c.launch(PEERS);
    assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
    c.launchWave(PEERS);
    assertTrue(c.awaitStable(60_000), () -> "ring not stable after the doubling: " + c.check());
    return c;
  }

  @Test
  void aPushFromAPeerThatIsNoFingerChangesNothing() {
    ChordConfig config = ChordConfig.defaults().withPeriods(500, 500, 1000).withFingerPush(true);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(22), config)) {
      c.launch(PEERS);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      c.pauseMaintenance(true);
      RingOracle oracle = c.oracle();
      PeerHandle<ChordPeer> target = c.peers().get(0);
      // a sender that is none of the target's fingers, naming a peer as if it had joined before it
      PeerHandle<ChordPeer> sender = null;
      for (PeerHandle<ChordPeer> h : c.peers()) {
        boolean finger = false;
        for (int i = 1; i <= c.ring().bits(); i++) {
          finger |= oracle.finger(target.ref(), i).equals(h.ref());
        }
        if (!finger && !h.equals(target)) {
          sender = h;
          break;
        }
      }
      PeerHandle<ChordPeer> from = sender;
      PeerRef named = oracle.predecessorOf(from.ref());
      long pushedBefore = c.network().metrics().counter(ChordCounter.FINGER_PUSHED);
      c.network().inspect(from, p -> {
        p.runtime().send(target.ref(), new FingerJoined(named));
        return null;
      });
      c.network().awaitUntil(() -> false, 200, 50);
      RoutingTable[] table = new RoutingTable[1];
      c.network().inspect(target, p -> table[0] = p.context().table());
      for (int i = 1; i <= c.ring().bits(); i++) {
        assertEquals(oracle.finger(target.ref(), i), table[0].fingers().get(i), "finger " + i);
      }
      assertEquals(pushedBefore, c.network().metrics().counter(ChordCounter.FINGER_PUSHED), "no finger moved");
    }
  }

  private static long sent(ChordCluster c, String type) {
    long[] counts = c.network().traffic().snapshot().get(type);
    return counts == null ? 0 : counts[0];
  }
}
