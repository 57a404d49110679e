package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.LocationWire;
import org.bloomchord.routing.repair.ReconcilingReplicaSync;
import org.bloomchord.routing.repair.RepairCluster;
import org.bloomchord.routing.repair.RepairConfig;
import org.junit.jupiter.api.Test;

/**
 * What an idle ring costs at the node's default ceilings (stabilize 16 s, fix-fingers 64 s, so the
 * replica sync backs off to 640 s and the summary pulls to 4,096 s): the node's periodic parts
 * (Chord maintenance, the location layer with no object published, reconciling replica repair with
 * three keys per peer) on the simulator, measured over two pull ceilings once every interval
 * reached its ceiling. The oracle is the schedule itself: a stabilize round trip per 16 s, a finger check
 * per 64 s, two repairs of three messages per 640 s and a pull round trip per link per 4,096 s,
 * with the links counted from the peers' tables; the measured rate less the out-of-range sweeper's
 * lookups must lie within 10% of it, the sweeper may look up each predecessor's range at most twice
 * in the window (its checks come every 16 graces of 300 s), the whole at most 0.2 messages per
 * peer per second, and no summary notice may go out on a ring where
 * nothing changes. {@code -Dbloomchord.idlePeers=500,2000,10000} runs other sizes and prints the
 * messages by type.
 */
class SimIdleRingTest {

  private static final long STABILIZE_CEILING = 16_000;
  private static final long FINGERS_CEILING = 64_000;
  private static final int KEYS_PER_PEER = 3;

  @Test
  void anIdleRingAtTheNodesDefaultCeilingsSendsAtMostAFifthOfAMessagePerPeerAndSecond() {
    for (String size : System.getProperty("bloomchord.idlePeers", "300").split(",")) {
      measure(Integer.parseInt(size.trim()));
    }
  }

  private static void measure(int n) {
    ChordConfig chord = ChordConfig.defaults().withAdaptivePeriods(STABILIZE_CEILING, FINGERS_CEILING);
    LocationConfig location = LocationConfig.defaults();
    LocationWire wire = new LocationWire(location, chord);
    WireRegistry registry = LocationWire.register(RepairCluster.registry(chord), location, chord);
    NetworkOptions options = NetworkOptions.defaults().withSeed(43);
    Network<ChordPeer> net = Networks.create(Networks.SIM, options, registry);
    try (ChordCluster c = new ChordCluster(net, chord, options.seed(),
        ref -> List.of(new LocationService(location, wire), new ReconcilingReplicaSync(RepairConfig.defaults())))) {
      c.launch(n);
      assertTrue(c.awaitConverged(600_000), () -> "ring did not converge: " + c.check());
      for (int i = 0; i < KEYS_PER_PEER * n; i++) {
        assertTrue(c.put(c.randomPeer(), "key-" + i, "value-" + i).stored());
      }
      long pullCeiling = 32 * chord.backedOff(location.refreshMs());
      // 1.2x per quiet round from 1 s to 4,096 s: 46 rounds, about 24,600 s
      net.runFor(27_000_000);
      double links = 0;
      for (PeerHandle<ChordPeer> h : c.peers()) {
        long[] periods = net.inspect(h, ChordPeer::maintenancePeriodsMs);
        assertEquals(STABILIZE_CEILING, periods[0], () -> h.ref() + ": stabilize");
        assertEquals(FINGERS_CEILING, periods[1], () -> h.ref() + ": fix-fingers");
        assertEquals(chord.replicaSyncCeilingMs(), (long) net.inspect(h, ChordPeer::replicaSyncIntervalMs));
        assertEquals(pullCeiling,
            (long) net.inspect(h, p -> p.extension(LocationService.class).refreshIntervalMs()),
            () -> h.ref() + ": pulls");
        links += net.inspect(h, p -> p.links().distinct().size());
      }
      links /= n;
      Map<String, long[]> before = net.traffic().snapshot();
      // two pull ceilings: more than one period of the out-of-range sweeper's checks (16 graces)
      long window = 2 * pullCeiling;
      net.runFor(window);
      Map<String, Double> perType = new TreeMap<>();
      double measured = 0;
      for (Map.Entry<String, long[]> e : net.traffic().snapshot().entrySet()) {
        long[] b = before.get(e.getKey());
        double rate = (e.getValue()[0] - (b == null ? 0 : b[0])) * 1000.0 / window / n;
        if (rate > 0) {
          perType.put(e.getKey(), rate);
          measured += rate;
        }
      }
      double expected = 2000.0 / STABILIZE_CEILING + 2000.0 / FINGERS_CEILING
          + (chord.replicas() - 1) * 3000.0 / chord.replicaSyncCeilingMs() + links * 2000.0 / pullCeiling;
      // the sweeper's lookups of replicated keys (one per predecessor's range and check), apart
      double lookups = perType.getOrDefault("LookupDone", 0.0);
      double lookupTraffic = lookups + perType.getOrDefault("FindSuccessor", 0.0) + perType.getOrDefault("Ack", 0.0);
      System.out.printf("idle ring, %d peers (%.2f links each), %d keys: %.4f messages per peer per second "
          + "(schedule %.4f, lookups %.4f) %s%n", n, links, KEYS_PER_PEER * n, measured, expected, lookupTraffic,
          perType);
      assertTrue(Math.abs(measured - lookupTraffic - expected) <= 0.1 * expected,
          "measured " + measured + " less lookups " + lookupTraffic + ", schedule " + expected);
      assertTrue(lookups <= (chord.replicas() - 1) * 2 * 1000.0 / window,
          "more than two checks per predecessor's range in the window: " + lookups);
      assertTrue(measured <= 0.2, "messages per peer per second on an idle ring: " + measured);
      assertTrue(!perType.containsKey("SummaryChanged"), "a notice on a ring where nothing changed");
      assertTrue(c.check().converged(), () -> "ring changed while idle: " + c.check());
    }
  }
}
