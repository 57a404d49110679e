package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.sim.LatencyModel;
import org.bloomchord.overlay.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * Acknowledged means replicated: a write the store acknowledges survives the crash of its primary
 * before any replica sync ran, because a write quorum of replicas held it when it was acknowledged.
 */
class SimAcknowledgedWriteTest {

  @Test
  void aWriteAcknowledgedWhileItsCopiesWereLostSurvivesTheCrashOfItsPrimaryBeforeTheNextSync() {
    // replica sync once a minute, so the only copies are those the write itself made
    ChordConfig config = ChordConfig.defaults().withReplicaSyncMs(60_000);
    NetworkOptions options = NetworkOptions.defaults().withSeed(31).withSim(s -> s.withLatency(LatencyModel.constant(20)));
    try (ChordCluster c = ChordCluster.create(Networks.SIM, options, config)) {
      c.launch(16);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      c.network().runFor(61_000);
      PeerHandle<ChordPeer> primary = c.randomPeer();
      String key = keyOwnedBy(c, primary);
      // the primary writes its own key: let every message it sends from the moment its lookup of
      // the key has answered be lost for 300 ms; the lookup takes the same time each time
      // (constant latency, same tables), so it is measured first
      long t0 = c.network().now();
      c.lookup(primary, c.ring().hash(key));
      long lookupMs = c.network().now() - t0;
      SimNetwork<ChordPeer> sim = (SimNetwork<ChordPeer>) c.network();
      if (lookupMs < 5) {
        sim.blackout(300);
      }
      List<WriteResult> result = new ArrayList<>();
      c.network().call(primary, p -> {
        p.put(key, "v1").onSuccess(result::add);
        return Future.succeededFuture();
      }, 1_000);
      if (lookupMs >= 5) {
        c.network().runFor(lookupMs - 5);
        sim.blackout(300);
      }
      assertTrue(c.network().awaitUntil(() -> !result.isEmpty(), 60_000, 10), "the write never ended");
      WriteResult w = result.get(0);
      // the blackout is short: a later attempt is confirmed by the replicas
      assertTrue(w.stored(), () -> "not acknowledged: " + w);
      c.crash(primary);
      assertTrue(c.awaitStable(120_000), () -> "ring did not heal: " + c.check());
      ReadResult r = c.get(c.randomPeer(), key);
      assertEquals(ReadOutcome.FOUND, r.outcome(), () -> "acknowledged write lost: " + r);
      assertEquals("v1", r.value());
      assertTrue(w.replicas() >= c.config().replicas() / 2 + 1, () -> "acknowledged with " + w.replicas() + " copies");
    }
  }

  @Test
  void aTransferWithAVersionFarAheadOfTheClockIsRejectedAndTheKeyStaysWritable() {
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(32), ChordConfig.defaults())) {
      c.launch(8);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      PeerHandle<ChordPeer> primary = c.randomPeer();
      String key = keyOwnedBy(c, primary);
      assertTrue(c.put(primary, key, "v1").stored());
      PeerRef rogue = c.oracle().predecessorOf(primary.ref());
      StoredEntry planted = new StoredEntry(key, new Version(Version.MAX_COUNTER, 1), "planted");
      assertThrows(MalformedMessageException.class,
          () -> c.network().call(primary, p -> p.onRequest(rogue, new StoreTransfer(List.of(planted))), 1_000));
      assertEquals(1, c.network().metrics().counter(ChordCounter.VERSIONS_AHEAD));
      WriteResult w = c.put(c.randomPeer(), key, "v2");
      assertTrue(w.stored(), w::toString);
      assertEquals("v2", c.get(c.randomPeer(), key).value());
    }
  }

  @Test
  void aPeerThatLostItsPredecessorRefusesWritesInsteadOfVersioningThemFromItsOwnStore() {
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(33), ChordConfig.defaults())) {
      c.launch(8);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      PeerHandle<ChordPeer> target = c.randomPeer();
      PeerRef predecessor = c.oracle().predecessorOf(target.ref());
      c.peers().stream().filter(h -> h.ref().equals(predecessor)).findFirst().ifPresent(c::crash);
      // check-predecessor notices the crash and forgets it before the next predecessor notifies
      assertTrue(c.network().awaitUntil(() -> c.network().inspect(target, p -> p.links().predecessor()) == null,
          30_000, 1), "the target never forgot its crashed predecessor");
      String key = keyOwnedBy(c, target);
      PeerRef client = c.oracle().successorOf(target.ref());
      PutReply reply = (PutReply) c.network().call(target, p -> p.onRequest(client, new PutRequest(key, "v")), 5_000);
      assertEquals(false, reply.responsible(), reply::toString);
      assertEquals(false, c.network().inspect(target, p -> p.store().contains(key)));
      // once the ring settled the write goes through
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      assertTrue(c.put(c.randomPeer(), key, "v").stored());
    }
  }

  /** A key whose primary is {@code owner} by the oracle. */
  private static String keyOwnedBy(ChordCluster c, PeerHandle<ChordPeer> owner) {
    RingOracle oracle = c.oracle();
    for (int i = 0;; i++) {
      String key = "key-" + i;
      if (oracle.successor(c.ring().hash(key)).equals(owner.ref())) {
        return key;
      }
    }
  }
}
