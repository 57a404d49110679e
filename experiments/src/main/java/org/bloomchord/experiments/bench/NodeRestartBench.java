package org.bloomchord.experiments.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.wire.ChordMessages;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.store.DurableStore;
import org.bloomchord.node.store.DurableStores;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * Restart of a node with a data directory: starts PEERS peers, puts KEYS keys, stops the node
 * cleanly, starts it again on the same directory and reports the time until it serves again (ring
 * stable), the acknowledged keys it lost (read back one by one), and the bytes replica repair sent
 * while the peers rejoined and during the {@code 2 × replicaSyncMs} after, against the bytes of a
 * full transfer (every peer receiving every entry it holds again, encoded as Chord store transfers).
 *
 * <pre>
 * java -Xmx4g -cp experiments/target/bloomchord.jar org.bloomchord.node.bench.NodeRestartBench \
 *     PEERS KEYS DIR
 * </pre>
 */
public final class NodeRestartBench {

  /** Message types of replica repair and of the reconciliation it runs (requests and replies). */
  static final Set<String> REPAIR_TYPES = Set.of("RangeRequest", "EntryRequest", "RepairDone", "StoreTransfer",
      "SymbolRequest", "SymbolReply", "PushRequest", "PushAck", "SetRequest", "ElementsReply", "StrataRequest",
      "IbltRequest", "IbltReply", "SketchRequest", "SketchReply");

  private NodeRestartBench() {
  }

  public static void main(String[] args) throws Exception {
    int peers = Integer.parseInt(args[0]);
    int keys = Integer.parseInt(args[1]);
    Path dir = Path.of(args[2]);
    if (Files.exists(dir)) {
      throw new IllegalArgumentException(dir + " exists; give a new directory");
    }
    NodeOptions options = new NodeOptions().setPeers(peers).setSeed(3).setDataDir(dir).setStartTimeoutMs(600_000);
    long t0 = System.nanoTime();
    List<String> acked;
    try (Node node = Node.start(options)) {
      System.out.printf(Locale.ROOT, "first start of %d peers: %.1f s%n", peers, (System.nanoTime() - t0) / 1e9);
      long t1 = System.nanoTime();
      acked = putAll(node, keys);
      System.out.printf(Locale.ROOT, "%d of %d puts acknowledged in %.1f s%n", acked.size(), keys,
          (System.nanoTime() - t1) / 1e9);
    }
    long full = fullTransferBytes(dir, options.getChord());

    long t2 = System.nanoTime();
    try (Node node = Node.start(options)) {
      double serve = (System.nanoTime() - t2) / 1e9;
      System.out.printf(Locale.ROOT, "restart: serving again (ring of %d stable) after %.1f s%n",
          node.peerNames().size(), serve);
      long[] atServe = repairAndAll(node);
      Thread.sleep(2 * options.getChord().replicaSyncMs());
      long[] after = repairAndAll(node);
      System.out.printf(Locale.ROOT, "repair bytes while restarting (joins until stable): %,d; in the %d s after: %,d;"
          + " full transfer: %,d bytes (restart+after = %.1f%% of it); all traffic while restarting: %,d bytes%n",
          atServe[0], 2 * options.getChord().replicaSyncMs() / 1000, after[0] - atServe[0], full,
          100.0 * after[0] / full, atServe[1]);
      int lost = 0;
      for (int from = 0; from < acked.size(); from += 512) {
        List<CompletableFuture<Boolean>> batch = new ArrayList<>();
        for (String k : acked.subList(from, Math.min(acked.size(), from + 512))) {
          batch.add(node.get(k).map(r -> r.found() && r.value().equals("v-" + k))
              .toCompletionStage().toCompletableFuture());
        }
        for (CompletableFuture<Boolean> f : batch) {
          if (!f.get(60, TimeUnit.SECONDS)) {
            lost++;
          }
        }
      }
      System.out.printf(Locale.ROOT, "acknowledged keys lost: %d of %d%n", lost, acked.size());
    }
  }

  /** {repair bytes, all bytes} sent since the node started. */
  private static long[] repairAndAll(Node node) {
    long repair = 0;
    long all = 0;
    for (Map.Entry<String, long[]> e : node.traffic().snapshot().entrySet()) {
      all += e.getValue()[1];
      if (REPAIR_TYPES.contains(e.getKey())) {
        repair += e.getValue()[1];
      }
    }
    return new long[] {repair, all};
  }

  private static List<String> putAll(Node node, int keys) throws Exception {
    List<String> acked = new ArrayList<>(keys);
    AtomicInteger failed = new AtomicInteger();
    for (int from = 0; from < keys; from += 256) {
      List<String> batchKeys = new ArrayList<>();
      List<CompletableFuture<Boolean>> batch = new ArrayList<>();
      for (int i = from; i < Math.min(keys, from + 256); i++) {
        String k = "key-" + i;
        batchKeys.add(k);
        batch.add(node.put(k, "v-" + k).map(w -> w.stored()).toCompletionStage().toCompletableFuture());
      }
      for (int i = 0; i < batch.size(); i++) {
        if (batch.get(i).get(60, TimeUnit.SECONDS)) {
          acked.add(batchKeys.get(i));
        } else {
          failed.incrementAndGet();
        }
      }
    }
    return acked;
  }

  /** The encoded size of a store transfer of every entry to every peer that holds it. */
  private static long fullTransferBytes(Path dir, ChordConfig chord) {
    WireRegistry wire = ChordWire.registry(chord);
    long bytes = 0;
    try (DurableStore store = DurableStores.open(dir)) {
      for (String peer : store.peers()) {
        List<StoredEntry> entries = store.entries(peer);
        for (int from = 0; from < entries.size(); from += chord.maxEntriesPerTransfer()) {
          bytes += wire.sizeOf(new ChordMessages.StoreTransfer(
              entries.subList(from, Math.min(entries.size(), from + chord.maxEntriesPerTransfer()))));
        }
      }
    }
    return bytes;
  }
}
