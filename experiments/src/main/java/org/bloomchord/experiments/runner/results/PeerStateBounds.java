package org.bloomchord.experiments.runner.results;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.repair.ReconcilingReplicaSync;

/**
 * The largest per-peer state a run reached: at each sample every live peer's bounded maps are
 * read (suspicions, strikes, senders whose quota is tracked, lookups in progress, repair
 * conversations served, locates in progress, summary pulls in flight, holders whose leases it
 * tallies) together with the stored copies that lie outside the peer's replica ranges by the ring
 * oracle; the maxima over peers and samples are reported in the summary's {@code trust} section
 * as {@code state.<name>.max}, with the configured cap beside each as {@code state.<name>.cap}
 * where there is one. Keys outside a peer's ranges have no cap: the out-of-range sweeper drops
 * them once their grace has passed and the owner confirmed holding them, so their count is also
 * reported at the last sample ({@code state.outOfRangeKeys.last}) and as a total over all peers
 * ({@code state.outOfRangeKeysTotal.max}, {@code .last}).
 *
 * <p>Reading a peer's state changes nothing in it (no message, no random draw), so a sampled run
 * keeps the outputs of one that is not sampled; the runner samples simulator runs only, where the
 * read is a direct call, once a simulated minute and at the end.
 */
public final class PeerStateBounds {

  /** Run time between samples. */
  public static final long EVERY_MS = 60_000;

  private final Map<String, Long> max = new TreeMap<>();
  private final Map<String, Long> caps = new TreeMap<>();
  private long lastOutside;
  private long lastOutsideTotal;
  private int samples;

  /** Reads every live peer of {@code cluster} once. */
  public void sample(ChordCluster cluster) {
    List<PeerHandle<ChordPeer>> live = cluster.activePeers();
    if (live.isEmpty()) {
      return;
    }
    ChordConfig config = cluster.config();
    RingOracle oracle = cluster.oracle();
    IdRing ring = cluster.ring();
    caps.put("suspects", (long) config.limits().maxSuspects());
    caps.put("strikes", (long) config.limits().maxStrikes());
    caps.put("senders", (long) config.limits().maxSenders());
    caps.put("pendingLookups", (long) config.limits().maxPendingLookups());
    long outsideMost = 0;
    long outsideTotal = 0;
    for (PeerHandle<ChordPeer> h : live) {
      long outside = cluster.network().inspect(h, p -> {
        ChordPeer.Bounded b = p.bounded();
        raise("suspects", b.suspects());
        raise("strikes", b.strikes());
        raise("senders", b.senders());
        raise("pendingLookups", b.pendingLookups());
        ReconcilingReplicaSync repair = p.extension(ReconcilingReplicaSync.class);
        if (repair != null) {
          raise("repairConversations", repair.openConversations());
          caps.putIfAbsent("repairConversations", (long) repair.config().maxConversations());
        }
        LocationService location = p.extension(LocationService.class);
        if (location != null) {
          LocationService.Bounded l = location.bounded();
          raise("pendingLocates", l.pendingLocates());
          raise("summaryPulls", l.summaryPulls());
          raise("trackedHolders", l.trackedHolders());
          raise("leasesPerHolder", l.mostLeasesPerHolder());
        }
        return outsideRanges(p, oracle, ring, config);
      });
      outsideMost = Math.max(outsideMost, outside);
      outsideTotal += outside;
    }
    raise("outOfRangeKeys", outsideMost);
    raise("outOfRangeKeysTotal", outsideTotal);
    lastOutside = outsideMost;
    lastOutsideTotal = outsideTotal;
    samples++;
  }

  private static long outsideRanges(ChordPeer p, RingOracle oracle, IdRing ring, ChordConfig config) {
    PeerRef self = p.self();
    long n = 0;
    for (StoredEntry e : p.store().all()) {
      if (!oracle.replicasOf(ring.hash(e.key()), config).contains(self)) {
        n++;
      }
    }
    return n;
  }

  private void raise(String name, long value) {
    max.merge(name, value, Math::max);
  }

  /** Samples taken. */
  public int samples() {
    return samples;
  }

  /** The {@code trust} section's {@code state.*} entries; empty when nothing was sampled. */
  public Map<String, Long> entries() {
    Map<String, Long> out = new TreeMap<>();
    if (samples == 0) {
      return out;
    }
    max.forEach((k, v) -> out.put("state." + k + ".max", v));
    caps.forEach((k, v) -> out.put("state." + k + ".cap", v));
    out.put("state.outOfRangeKeys.last", lastOutside);
    out.put("state.outOfRangeKeysTotal.last", lastOutsideTotal);
    out.put("state.samples", (long) samples);
    return out;
  }
}
