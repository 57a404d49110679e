package org.bloomchord.node.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.PeerView;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node restarted on its data directory, where a few peers missed some writes while it was down,
 * catches up by replica repair (reconciliation of key-version digests) with far fewer bytes than a
 * full transfer of every peer's entries, and every acknowledged key reads back.
 */
class RestartCatchUpTest {

  private static final int PEERS = 8;
  private static final int KEYS = 600;
  /** Copies dropped from each of three peers' stores while the node is down: the writes they missed. */
  private static final int MISSED = 4;

  /** Message types of replica repair and of the reconciliation it runs. */
  private static final Set<String> REPAIR_TYPES = Set.of("RangeRequest", "EntryRequest", "RepairDone",
      "StoreTransfer", "SymbolRequest", "SymbolReply", "SymbolOffer", "OfferReply", "PushRequest", "PushAck",
      "SetRequest", "ElementsReply", "StrataRequest", "IbltRequest", "IbltReply", "SketchRequest", "SketchReply");

  @Test
  void aRestartCatchesUpOnTheMissedWritesWithFarFewerBytesThanAFullTransfer(@TempDir Path dir) throws Exception {
    NodeOptions options = new NodeOptions().setPeers(PEERS).setSeed(11).setDataDir(dir).setEventLoopThreads(2);
    List<String> acked = new ArrayList<>();
    try (Node node = Node.start(options)) {
      for (int i = 0; i < KEYS; i++) {
        String k = "key-" + i;
        if (node.put(k, "v-" + k).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).stored()) {
          acked.add(k);
        }
      }
    }
    assertEquals(KEYS, acked.size(), "acknowledged writes");

    // while the node is down, three peers lose (never received) a few copies each
    ChordConfig chord = options.getChord();
    WireRegistry wire = ChordWire.registry(chord);
    long full = 0;
    Map<String, Integer> entriesBefore = new HashMap<>();
    try (DurableStore store = DurableStores.open(dir)) {
      List<String> peers = store.peers();
      assertEquals(PEERS, peers.size());
      for (String peer : peers) {
        List<StoredEntry> entries = store.entries(peer);
        entriesBefore.put(peer, entries.size());
        for (int from = 0; from < entries.size(); from += chord.maxEntriesPerTransfer()) {
          full += wire.sizeOf(new StoreTransfer(
              entries.subList(from, Math.min(entries.size(), from + chord.maxEntriesPerTransfer()))));
        }
      }
      for (String peer : peers.subList(0, 3)) {
        List<StoredEntry> entries = store.entries(peer);
        assertTrue(entries.size() > MISSED);
        for (StoredEntry e : entries.subList(0, MISSED)) {
          store.remove(peer, e.key());
        }
      }
    }

    try (Node node = Node.start(options)) {
      assertEquals(PEERS, node.peerNames().size());
      // repair brings every peer back to the copies it held (bounded wait; no timing asserted)
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!caughtUp(node, entriesBefore) && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertTrue(caughtUp(node, entriesBefore), "every peer holds its copies again");
      long repair = 0;
      for (Map.Entry<String, long[]> e : node.traffic().snapshot().entrySet()) {
        if (REPAIR_TYPES.contains(e.getKey())) {
          repair += e.getValue()[1];
        }
      }
      assertTrue(repair * 5 < full, "catch-up repair sent " + repair + " bytes; a full transfer is " + full);
      List<String> lost = new ArrayList<>();
      for (String k : acked) {
        ReadResult r = node.get(k).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (!r.found() || !r.value().equals("v-" + k)) {
          lost.add(k);
        }
      }
      assertEquals(List.of(), lost, "acknowledged keys lost");
    }
  }

  private static boolean caughtUp(Node node, Map<String, Integer> entriesBefore) throws Exception {
    for (PeerView v : node.peers().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)) {
      if (v.entries() < entriesBefore.get(v.name())) {
        return false;
      }
    }
    return true;
  }
}
