package org.bloomchord.routing.repair;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.Links;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.store.PushReplicaSync;
import org.bloomchord.chord.store.ReplicaPlacement;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * Builds Chord clusters whose replicas are kept up to date in a chosen {@link RepairMode}: with
 * {@code push} every peer keeps Chord's default {@code PushReplicaSync}; with {@code reconcile}
 * every peer runs a {@link ReconcilingReplicaSync}. The network's registry always holds the
 * reconciliation and repair codecs, so both modes run on the same wire. {@link #round} runs one
 * repair round on demand and {@link #staleReplicas} is the oracle's check of the replicas.
 */
public final class RepairCluster {

  private RepairCluster() {
  }

  /** A cluster on a new network of the named runtime ("sim" or "vertx"). */
  public static ChordCluster create(String runtime, NetworkOptions options, ChordConfig chordConfig, RepairMode mode,
      RepairConfig config) {
    Network<ChordPeer> net = Networks.create(runtime, options, registry(chordConfig));
    return new ChordCluster(net, chordConfig, options.seed(), extensions(mode, config));
  }

  /** A registry with the Chord, reconciliation and repair codecs. */
  public static WireRegistry registry(ChordConfig chordConfig) {
    return RepairWire.register(ChordWire.registry(chordConfig), chordConfig);
  }

  /** The extensions of a new peer in {@code mode}. */
  public static Function<PeerRef, List<ChordExtension>> extensions(RepairMode mode, RepairConfig config) {
    return ref -> mode == RepairMode.RECONCILE ? List.of(new ReconcilingReplicaSync(config)) : List.of();
  }

  /**
   * One repair round, all peers at once: every active peer brings its primary range
   * (predecessor, self] up to date on its next replicas-1 successors, by pushing the whole range
   * ({@code push}) or through its {@link ReconcilingReplicaSync} ({@code reconcile}). Returns the
   * reports of the reconciling repairs (empty for push) and counts failures into {@code failed[0]}.
   */
  public static List<RepairReport> round(ChordCluster cluster, RepairMode mode, long maxWaitMs, int[] failed) {
    List<RepairReport> out = new ArrayList<>();
    for (var o : cluster.network().callAll(cluster.activePeers(), p -> roundAt(p, mode), maxWaitMs)) {
      if (o.succeeded()) {
        out.addAll(o.value());
      } else {
        failed[0]++;
      }
    }
    return out;
  }

  private static Future<List<RepairReport>> roundAt(ChordPeer p, RepairMode mode) {
    if (mode == RepairMode.RECONCILE) {
      ReconcilingReplicaSync sync = p.extension(ReconcilingReplicaSync.class);
      return sync == null ? Future.failedFuture("no reconciling replica sync") : sync.repairPrimaryRange();
    }
    Links l = p.links();
    if (l.predecessor() == null) {
      return Future.succeededFuture(List.of());
    }
    PushReplicaSync push = new PushReplicaSync(p.store(), p.config().maxEntriesPerTransfer(),
        (to, m) -> p.runtime().request(to, m, p.config().requestTimeoutMs()));
    List<Future<Void>> all = new ArrayList<>();
    for (PeerRef t : ReplicaPlacement.targets(p.self(), l.successors(), p.config().replicas())) {
      if (!t.equals(p.self())) {
        all.add(push.sync(t, l.predecessor().id(), p.self().id()));
      }
    }
    return Future.all(all).map(v -> List.of());
  }

  /**
   * The oracle's check: the (key, peer) pairs, written {@code key@address}, where one of the key's
   * r replicas by the {@link RingOracle} lacks the newest version any active peer holds (tombstones
   * count as entries).
   */
  public static List<String> staleReplicas(ChordCluster cluster) {
    Map<PeerRef, Map<String, StoredEntry>> stores = new HashMap<>();
    Map<String, Version> newest = new HashMap<>();
    for (PeerHandle<ChordPeer> h : cluster.activePeers()) {
      Map<String, StoredEntry> s = new HashMap<>();
      for (StoredEntry e : cluster.network().inspect(h, p -> p.store().all())) {
        s.put(e.key(), e);
        newest.merge(e.key(), e.version(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
      }
      stores.put(h.ref(), s);
    }
    RingOracle oracle = cluster.oracle();
    List<String> stale = new ArrayList<>();
    newest.forEach((key, v) -> {
      for (PeerRef r : oracle.replicasOf(cluster.ring().hash(key), cluster.config())) {
        StoredEntry e = stores.getOrDefault(r, Map.of()).get(key);
        if (e == null || !e.version().equals(v)) {
          stale.add(key + "@" + r.address());
        }
      }
    });
    stale.sort(null);
    return stale;
  }
}
