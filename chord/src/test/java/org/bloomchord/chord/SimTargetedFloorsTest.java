package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Adaptive maintenance brings back to its floor only the task that keeps what changed: a new
 * finger fix-fingers, a new predecessor stabilize, a suspected peer both. Each change is made on a
 * peer whose two tasks have backed off to their ceilings, and the periods are read at once.
 */
class SimTargetedFloorsTest {

  private static final long FLOOR = 500;
  private static final long STABILIZE_CEILING = 16_000;
  private static final long FINGERS_CEILING = 64_000;

  @Test
  void aChangeBringsBackOnlyTheTaskThatKeepsIt() {
    ChordConfig config = ChordConfig.defaults().withPeriods(FLOOR, FLOOR, FLOOR)
        .withAdaptivePeriods(STABILIZE_CEILING, FINGERS_CEILING);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(5), config)) {
      c.launch(40);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      c.network().runFor(600_000); // 1.2x per quiet round: both tasks at their ceilings well before
      List<PeerHandle<ChordPeer>> peers = List.copyOf(c.peers());
      long[] ceilings = {STABILIZE_CEILING, FINGERS_CEILING};
      for (PeerHandle<ChordPeer> h : peers.subList(0, 3)) {
        assertArrayEquals(ceilings, c.network().inspect(h, ChordPeer::maintenancePeriodsMs), "backed off first");
      }

      // a finger (the farthest, which is not the successor) set to another peer: fix-fingers only
      long[] afterFinger = c.network().inspect(peers.get(0), p -> {
        RoutingTable t = p.context().table();
        int last = t.fingers().size();
        PeerRef other = t.successors().get(1);
        t.fillFinger(last, other, p.runtime().now());
        return p.maintenancePeriodsMs();
      });
      assertArrayEquals(new long[] {STABILIZE_CEILING, FLOOR}, afterFinger, "a new finger");

      // a new predecessor: stabilize only
      long[] afterPredecessor = c.network().inspect(peers.get(1), p -> {
        RoutingTable t = p.context().table();
        t.setPredecessor(t.successors().get(2));
        return p.maintenancePeriodsMs();
      });
      assertArrayEquals(new long[] {FLOOR, FINGERS_CEILING}, afterPredecessor, "a new predecessor");

      // a suspected successor: both
      long[] afterSuspicion = c.network().inspect(peers.get(2), p -> {
        RoutingTable t = p.context().table();
        t.suspect(t.successor(), p.runtime().now());
        return p.maintenancePeriodsMs();
      });
      assertArrayEquals(new long[] {FLOOR, FLOOR}, afterSuspicion, "a suspected successor");
    }
  }
}
