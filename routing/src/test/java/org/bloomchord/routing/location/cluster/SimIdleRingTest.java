package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.chord.ChordConfig;
import org.junit.jupiter.api.Test;

/**
 * What an idle ring costs at the node's default ceilings ({@link IdleRing}). The oracle is the
 * schedule itself: a stabilize round trip per 16 s, a finger check per 64 s, two repairs of three
 * messages per 640 s and a pull round trip per link per 4,096 s, with the links counted from the
 * peers' tables; the measured rate less the out-of-range sweeper's lookups must lie within 10% of
 * it, the sweeper may look up each predecessor's range at most twice in the window (its checks
 * come every 16 graces of 300 s), the whole at most 0.2 messages per peer per second, and no
 * summary notice may go out on a ring where nothing changes. {@code -Dbloomchord.idlePeers=N,...}
 * runs other sizes ({@code bloomchord bench idle} prints the same measure as a table or JSON).
 */
class SimIdleRingTest {

  @Test
  void anIdleRingAtTheNodesDefaultCeilingsSendsAtMostAFifthOfAMessagePerPeerAndSecond() {
    for (String size : System.getProperty("bloomchord.idlePeers", "300").split(",")) {
      check(IdleRing.measure(Integer.parseInt(size.trim()), 43));
    }
  }

  private static void check(IdleRing.Result r) {
    ChordConfig chord = ChordConfig.defaults();
    double measured = r.messagesPerPeerPerSecond();
    System.out.printf("idle ring, %d peers (%.2f links each), %d keys: %.4f messages per peer per second "
        + "(schedule %.4f, lookups %.4f) %s%n", r.peers(), r.linksPerPeer(), r.keys(), measured, r.schedule(),
        r.lookupTraffic(), r.perType());
    assertEquals(0, r.belowCeiling(), "peers whose intervals had not reached their ceilings");
    assertTrue(Math.abs(measured - r.lookupTraffic() - r.schedule()) <= 0.1 * r.schedule(),
        "measured " + measured + " less lookups " + r.lookupTraffic() + ", schedule " + r.schedule());
    assertTrue(r.rate("LookupDone") <= (chord.replicas() - 1) * 2 * 1000.0 / r.windowMs(),
        "more than two checks per predecessor's range in the window: " + r.rate("LookupDone"));
    assertTrue(measured <= 0.2, "messages per peer per second on an idle ring: " + measured);
    assertTrue(!r.perType().containsKey("SummaryChanged"), "a notice on a ring where nothing changed");
    assertTrue(r.converged(), "ring changed while idle");
  }
}
