package org.bloomchord.experiments.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.reconcile.ReconcileMethod;
import org.bloomchord.routing.reconcile.StreamOptions;
import org.bloomchord.routing.repair.RepairCluster;
import org.bloomchord.routing.repair.RepairConfig;
import org.bloomchord.routing.repair.RepairMode;
import org.bloomchord.routing.repair.RepairReport;

/**
 * Bytes of one replica-repair round, pushing whole ranges against reconciling (key, version)
 * digests, on the deterministic simulator. For each mode: a ring of {@code peers} peers (r = 3)
 * stores {@code keys} keys; a first round runs with nothing lost (the steady-state cost); then one
 * peer loses {@code lost} of its entries and a second round repairs them. A round is every peer
 * bringing its primary range up to date on its next two successors, all at once
 * ({@link RepairCluster#round}). The periodic sync is set to one hour so that only the measured
 * rounds move entries.
 *
 * <p>Bytes are the runtime's traffic counts (encoded frames) of the messages replica sync sends:
 * {@code StoreTransfer}, the repair and reconciliation messages, and one {@code Ack} per
 * {@code StoreTransfer} (acks are counted by their number, since Chord's pings are answered by
 * acks too). After each round the oracle counts (key, replica) pairs lacking the newest version;
 * {@code rtt(max)} is the most round trips one repair's reconciliation of digests took.
 *
 * <p>Usage: {@code RepairRoundBench [peers] [keys] [lost] [method] [seed] [rateless]}; defaults 100
 * 10000 100 riblt 1 stream ({@code batched}: the rateless exchange of one round trip per batch, to
 * compare).
 */
public final class RepairRoundBench {

  private static final Set<String> SYNC_TYPES = Set.of("StoreTransfer", "RangeRequest", "EntryRequest",
      "RepairDone", "SymbolReply", "SketchReply", "IbltReply", "ElementsReply", "PushAck", "SymbolOffer",
      "OfferReply");

  private RepairRoundBench() {
  }

  public static void main(String[] args) {
    int peers = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    int keys = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
    int lost = args.length > 2 ? Integer.parseInt(args[2]) : 100;
    ReconcileMethod method = ReconcileMethod.parse(args.length > 3 ? args[3] : "riblt");
    long seed = args.length > 4 ? Long.parseLong(args[4]) : 1;
    StreamOptions.Mode rateless = args.length > 5 && args[5].equals("batched") ? StreamOptions.Mode.BATCHED
        : StreamOptions.Mode.STREAM;
    RepairConfig base = RepairConfig.defaults().withMethod(method);
    RepairConfig repair = base.withReconcile(base.reconcile().withStream(base.reconcile().stream().withMode(rateless)));
    System.out.printf(Locale.ROOT, "repair round: %d peers, %d keys, r = 3, %d entries lost on one peer, method %s"
        + " (%s), seed %d (sim)%n", peers, keys, lost, method.wireName(), rateless.name().toLowerCase(Locale.ROOT), seed);
    System.out.printf(Locale.ROOT, "%-10s %-8s %8s %12s %10s %8s %8s %8s %10s%n", "mode", "round", "messages", "bytes",
        "bytes/key", "diff", "moved", "stale", "rtt(max)");
    for (RepairMode mode : RepairMode.values()) {
      run(mode, peers, keys, lost, repair, seed);
    }
  }

  private static void run(RepairMode mode, int peers, int keys, int lost, RepairConfig repair, long seed) {
    ChordConfig config = ChordConfig.defaults().withReplicaSyncMs(3_600_000);
    try (ChordCluster c = RepairCluster.create("sim", NetworkOptions.defaults().withSeed(seed), config, mode, repair)) {
      c.launch(peers);
      if (!c.awaitStable(600_000)) {
        throw new IllegalStateException("ring did not stabilize: " + c.check());
      }
      for (int i = 0; i < keys; i++) {
        if (!c.put(c.randomPeer(), "key-" + i, "value-" + i).stored()) {
          throw new IllegalStateException("put failed: key-" + i);
        }
      }
      measure(c, mode, "no loss", keys);
      PeerHandle<ChordPeer> victim = c.activePeers().get(0);
      int forgotten = c.network().inspect(victim, p -> {
        List<StoredEntry> all = p.store().all();
        int n = Math.min(lost, all.size());
        for (int i = 0; i < n; i++) {
          p.store().forget(all.get((int) ((long) i * all.size() / n)).key());
        }
        return n;
      });
      measure(c, mode, "lost " + forgotten, keys);
    }
  }

  private static void measure(ChordCluster c, RepairMode mode, String label, int keys) {
    WireRegistry wire = RepairCluster.registry(c.config());
    Map<String, long[]> before = c.network().traffic().snapshot();
    int[] failed = {0};
    List<RepairReport> reports = RepairCluster.round(c, mode, 600_000, failed);
    Map<String, long[]> after = c.network().traffic().snapshot();
    long messages = 0;
    long bytes = 0;
    for (String type : SYNC_TYPES) {
      long[] a = after.getOrDefault(type, new long[2]);
      long[] b = before.getOrDefault(type, new long[2]);
      messages += a[0] - b[0];
      bytes += a[1] - b[1];
    }
    long transfers = after.getOrDefault("StoreTransfer", new long[2])[0] - before.getOrDefault("StoreTransfer", new long[2])[0];
    messages += transfers;
    bytes += transfers * wire.sizeOf(new Ack());
    int diff = reports.stream().mapToInt(r -> Math.max(0, r.difference())).sum();
    int moved = reports.stream().mapToInt(r -> r.pulled() + r.pushed()).sum();
    int stale = RepairCluster.staleReplicas(c).size();
    // round trips of the digests' reconciliation, the most any one repair of the round took
    int rounds = reports.stream().mapToInt(r -> r.reconcile().rounds()).max().orElse(0);
    System.out.printf(Locale.ROOT, "%-10s %-8s %8d %12d %10.2f %8s %8s %8d %10s%s%n", mode.wireName(), label, messages,
        bytes, (double) bytes / keys, mode == RepairMode.PUSH ? "-" : Integer.toString(diff),
        mode == RepairMode.PUSH ? "-" : Integer.toString(moved), stale,
        mode == RepairMode.PUSH ? "-" : Integer.toString(rounds), failed[0] > 0 ? "  (" + failed[0] + " failed)" : "");
  }
}
