package org.bloomchord.routing.location.cluster;

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

/**
 * What an idle ring costs at the node's default ceilings (stabilize 16 s, fix-fingers 64 s, so the
 * replica sync backs off to 640 s and the summary pulls to 4,096 s): the node's periodic parts
 * (Chord maintenance, the location layer with no object published, reconciling replica repair with
 * {@link #KEYS_PER_PEER} keys per peer) on the simulator. The ring is launched by joins, the keys
 * are stored, the ring idles until every interval reached its ceiling (27,000 simulated seconds:
 * the pulls back off 1.2 times per quiet round from 1 s to 4,096 s in 46 rounds, about 24,600 s),
 * and the messages of the next two pull ceilings are counted by type. Deterministic: the same size
 * and seed give the same counts on every machine.
 */
public final class IdleRing {

  /** Stabilize's ceiling, the node's default. */
  public static final long STABILIZE_CEILING_MS = 16_000;
  /** Fix-fingers' ceiling, the node's default. */
  public static final long FINGERS_CEILING_MS = 64_000;
  /** Keys stored per peer, so that replica repair has something to reconcile. */
  public static final int KEYS_PER_PEER = 3;
  /** Simulated time the ring idles before the count: long enough for every interval to reach its ceiling. */
  static final long SETTLE_MS = 27_000_000;

  private IdleRing() {
  }

  /**
   * What was measured on an idle ring of {@code peers}, over two pull ceilings.
   *
   * @param linksPerPeer distinct links per peer (successors, predecessor, fingers) at the count
   * @param belowCeiling peers of which a maintenance interval had not reached its ceiling at the count (0 expected)
   * @param windowMs the simulated time counted: two pull ceilings
   * @param perType messages per peer per second by message type (types that sent none left out)
   * @param schedule what the schedule alone sends, per peer per second: a stabilize round trip per
   *     16 s, a finger check per 64 s, (replicas - 1) repairs of three messages per replica-sync
   *     ceiling and a pull round trip per link per pull ceiling
   * @param converged whether the ring was still converged by the oracle after the count
   */
  public record Result(int peers, long seed, double linksPerPeer, int belowCeiling, long windowMs, Map<String, Double> perType,
      double schedule, boolean converged) {

    /** The keys stored in the ring. */
    public int keys() {
      return KEYS_PER_PEER * peers;
    }

    /** Messages per peer per second of every type. */
    public double messagesPerPeerPerSecond() {
      return perType.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** The out-of-range sweeper's lookups ({@code FindSuccessor}, {@code LookupDone}, {@code Ack}), per peer per second. */
    public double lookupTraffic() {
      return rate("FindSuccessor") + rate("LookupDone") + rate("Ack");
    }

    /** The rate of one message type, 0 when it sent none. */
    public double rate(String type) {
      return perType.getOrDefault(type, 0.0);
    }
  }

  /** Measures an idle ring of {@code peers} launched with {@code seed}. */
  public static Result measure(int peers, long seed) {
    if (peers < 2) {
      throw new IllegalArgumentException("an idle ring needs at least 2 peers, got " + peers);
    }
    ChordConfig chord = ChordConfig.defaults().withAdaptivePeriods(STABILIZE_CEILING_MS, FINGERS_CEILING_MS);
    LocationConfig location = LocationConfig.defaults();
    LocationWire wire = new LocationWire(location, chord);
    WireRegistry registry = LocationWire.register(RepairCluster.registry(chord), location, chord);
    NetworkOptions options = NetworkOptions.defaults().withSeed(seed);
    Network<ChordPeer> net = Networks.create(Networks.SIM, options, registry);
    try (ChordCluster c = new ChordCluster(net, chord, options.seed(),
        ref -> List.of(new LocationService(location, wire), new ReconcilingReplicaSync(RepairConfig.defaults())))) {
      c.launch(peers);
      if (!c.awaitConverged(600_000)) {
        throw new IllegalStateException("the ring of " + peers + " did not converge: " + c.check());
      }
      for (int i = 0; i < KEYS_PER_PEER * peers; i++) {
        if (!c.put(c.randomPeer(), "key-" + i, "value-" + i).stored()) {
          throw new IllegalStateException("key-" + i + " was not stored on a converged ring");
        }
      }
      long pullCeiling = 32 * chord.backedOff(location.refreshMs());
      net.runFor(SETTLE_MS);
      double links = 0;
      int below = 0;
      for (PeerHandle<ChordPeer> h : c.peers()) {
        long[] periods = net.inspect(h, ChordPeer::maintenancePeriodsMs);
        boolean atCeilings = periods[0] == STABILIZE_CEILING_MS && periods[1] == FINGERS_CEILING_MS
            && net.inspect(h, ChordPeer::replicaSyncIntervalMs) == chord.replicaSyncCeilingMs()
            && net.inspect(h, p -> p.extension(LocationService.class).refreshIntervalMs()) == pullCeiling;
        below += atCeilings ? 0 : 1;
        links += net.inspect(h, p -> p.links().distinct().size());
      }
      links /= peers;
      Map<String, long[]> before = net.traffic().snapshot();
      // two pull ceilings: more than one period of the out-of-range sweeper's checks (16 graces)
      long window = 2 * pullCeiling;
      net.runFor(window);
      Map<String, Double> perType = new TreeMap<>();
      for (Map.Entry<String, long[]> e : net.traffic().snapshot().entrySet()) {
        long[] b = before.get(e.getKey());
        double rate = (e.getValue()[0] - (b == null ? 0 : b[0])) * 1000.0 / window / peers;
        if (rate > 0) {
          perType.put(e.getKey(), rate);
        }
      }
      double schedule = 2000.0 / STABILIZE_CEILING_MS + 2000.0 / FINGERS_CEILING_MS
          + (chord.replicas() - 1) * 3000.0 / chord.replicaSyncCeilingMs() + links * 2000.0 / pullCeiling;
      return new Result(peers, seed, links, below, window, java.util.Collections.unmodifiableMap(perType), schedule,
          c.check().converged());
    }
  }
}
