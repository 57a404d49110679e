package org.bloomchord.routing.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.reconcile.ReconcileMethod;
import org.bloomchord.routing.reconcile.ReconcileResult.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reconciling replica repair on a small ring, checked against the {@link RingOracle}: after
 * repair rounds every one of a key's r replicas holds the newest version any peer holds. The
 * periodic sync is pushed far out (replicaSyncMs 10 min) so that the repairs the tests trigger are
 * what moves entries; joins still hand off through the reconciling sync. One subclass per runtime.
 */
abstract class ReplicaRepairContract {

  private static final int PEERS = 8;
  private static final long WAIT = 60_000;

  /** "sim" or "vertx". */
  abstract String runtime();

  static ChordConfig chordConfig() {
    return ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(500, 4000).withReplicaSyncMs(600_000);
  }

  ChordCluster cluster(long seed) {
    return cluster(seed, Map.of());
  }

  private ChordCluster cluster(long seed, Map<String, ChordExtension> rogues) {
    return cluster(seed, rogues, RepairConfig.defaults());
  }

  private ChordCluster cluster(long seed, Map<String, ChordExtension> rogues, RepairConfig repair) {
    ChordConfig config = chordConfig();
    Network<ChordPeer> net = Networks.create(runtime(), NetworkOptions.defaults().withSeed(seed),
        RepairCluster.registry(config));
    return new ChordCluster(net, config, seed, ref -> {
      ChordExtension rogue = rogues.get(ChordCluster.hostOf(ref));
      return List.of(rogue != null ? rogue : new ReconcilingReplicaSync(repair));
    });
  }

  static void ready(ChordCluster c, int keys) {
    c.launch(PEERS);
    assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
    for (int i = 0; i < keys; i++) {
      assertTrue(c.put(c.randomPeer(), "key-" + i, "value-" + i).stored());
    }
  }

  /** One repair round: every peer repairs its primary range with its replicas; returns every report. */
  private static List<RepairReport> round(ChordCluster c) {
    int[] failed = {0};
    List<RepairReport> all = RepairCluster.round(c, RepairMode.RECONCILE, WAIT, failed);
    assertEquals(0, failed[0], "failed repairs");
    return all;
  }

  private static List<String> staleReplicas(ChordCluster c) {
    return RepairCluster.staleReplicas(c);
  }

  static PeerHandle<ChordPeer> handle(ChordCluster c, PeerRef ref) {
    return c.activePeers().stream().filter(h -> h.ref().equals(ref)).findFirst().orElseThrow();
  }

  @ParameterizedTest
  @EnumSource(value = ReconcileMethod.class, names = {"RIBLT", "IBLT", "AUTO"})
  void repairRestoresAReplicaThatLostKeys(ReconcileMethod method) {
    try (ChordCluster c = cluster(31, Map.of(), RepairConfig.defaults().withMethod(method))) {
      ready(c, 120);
      assertEquals(List.of(), staleReplicas(c), "replicas before the loss");
      PeerHandle<ChordPeer> victim = c.activePeers().get(3);
      int lost = c.network().inspect(victim, p -> {
        int n = 0;
        for (StoredEntry e : p.store().all()) {
          if (n % 2 == 0 || e.key().hashCode() % 3 == 0) {
            p.store().forget(e.key());
          }
          n++;
        }
        return n - p.store().size();
      });
      assertTrue(lost > 0);
      assertEquals(lost, staleReplicas(c).size(), "the oracle sees the loss");
      round(c);
      assertEquals(List.of(), staleReplicas(c), "replicas after one repair round");
      assertEquals(0, c.keys().underReplicated());
      List<RepairReport> quiet = round(c);
      assertTrue(quiet.stream().allMatch(r -> r.difference() == 0 && r.pulled() == 0 && r.pushed() == 0),
          () -> "a round on repaired replicas moved entries: " + quiet);
    }
  }

  /**
   * A new peer's store is empty, so its successor pushes the joiner's range at once instead of
   * reconciling with nothing (which held the joiner in JOINING for several round trips); when its
   * join completes it holds every key of its range.
   */
  @Test
  void aNewPeerIsHandedItsRangeByOnePush() {
    try (ChordCluster c = cluster(34)) {
      ready(c, 200);
      long pushes = c.network().metrics().counter(RoutingCounter.REPAIR_HAND_OFF_PUSHES);
      PeerHandle<ChordPeer> joiner = c.launch(1).get(0);
      assertEquals(pushes + 1, c.network().metrics().counter(RoutingCounter.REPAIR_HAND_OFF_PUSHES), "hand-offs by push");
      RingOracle oracle = c.oracle();
      List<String> owned = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        if (oracle.successor(c.ring().hash("key-" + i)).equals(joiner.ref())) {
          owned.add("key-" + i);
        }
      }
      assertFalse(owned.isEmpty(), "the joiner owns keys (seed chosen so)");
      List<String> missing = c.network().inspect(joiner,
          p -> owned.stream().filter(k -> p.store().get(k) == null).toList());
      assertEquals(List.of(), missing, "keys of the joiner's range it lacks when its join completed");
    }
  }

  @Test
  void eachLostEntryIsOneDecodedDifferenceAndOneTransfer() {
    try (ChordCluster c = cluster(32, Map.of())) {
      ready(c, 100);
      PeerHandle<ChordPeer> victim = c.activePeers().get(5);
      int lost = c.network().inspect(victim, p -> {
        List<StoredEntry> all = p.store().all();
        for (int i = 0; i < all.size(); i += 3) {
          p.store().forget(all.get(i).key());
        }
        return (all.size() + 2) / 3;
      });
      // different ranges are repaired independently, so every lost entry is decoded exactly once
      List<RepairReport> reports = round(c);
      assertEquals(lost, reports.stream().mapToInt(RepairReport::difference).sum());
      assertEquals(lost, reports.stream().mapToInt(r -> r.pulled() + r.pushed()).sum());
      assertTrue(reports.stream().allMatch(r -> r.reconcile().outcome() == Outcome.EXACT));
      assertEquals(List.of(), staleReplicas(c));
    }
  }

  @Test
  void aNewerVersionOnOneReplicaWinsEverywhereTombstonesIncluded() {
    try (ChordCluster c = cluster(33, Map.of())) {
      ready(c, 40);
      RingOracle oracle = c.oracle();
      String updated = "key-7";
      String deleted = "key-11";
      for (String key : List.of(updated, deleted)) {
        List<PeerRef> replicas = oracle.replicasOf(c.ring().hash(key), c.config());
        // the last replica alone learns a newer version: a value for one key, a delete for the other
        PeerHandle<ChordPeer> last = handle(c, replicas.get(replicas.size() - 1));
        c.network().inspect(last, p -> {
          StoredEntry old = p.store().get(key);
          Version newer = new Version(old.version().counter() + 1000, p.self().id());
          return p.store().merge(new StoredEntry(key, newer, key.equals(updated) ? "newer" : null));
        });
      }
      assertFalse(staleReplicas(c).isEmpty());
      round(c);
      round(c);
      assertEquals(List.of(), staleReplicas(c), "every replica holds the newest version");
      for (PeerRef r : oracle.replicasOf(c.ring().hash(updated), c.config())) {
        assertEquals("newer", c.network().inspect(handle(c, r), p -> p.store().get(updated).value()));
      }
      for (PeerRef r : oracle.replicasOf(c.ring().hash(deleted), c.config())) {
        assertTrue((boolean) c.network().inspect(handle(c, r), p -> p.store().get(deleted).tombstone()));
      }
      assertEquals(ReadOutcome.NOT_FOUND, c.get(c.randomPeer(), deleted).outcome());
    }
  }

  @ParameterizedTest
  @EnumSource(RogueRepair.Mode.class)
  void corruptOrOversizedRepliesAreRejectedAndTheStoreIsUntouched(RogueRepair.Mode mode) {
    RogueRepair rogue = new RogueRepair(mode);
    try (ChordCluster c = cluster(34, Map.of("p2", rogue))) {
      ready(c, 60);
      PeerRef rogueRef = c.activePeers().stream().map(PeerHandle::ref).filter(r -> ChordCluster.hostOf(r).equals("p2"))
          .findFirst().orElseThrow();
      RingOracle oracle = c.oracle();
      PeerHandle<ChordPeer> primary = handle(c, oracle.predecessorOf(rogueRef));
      long from = oracle.predecessorOf(primary.ref()).id();
      long to = primary.ref().id();
      List<StoredEntry> before = c.network().inspect(primary, p -> p.store().all());
      long failuresBefore = c.network().inspect(primary, p -> p.extension(ReconcilingReplicaSync.class).failures());
      RepairReport report = null;
      try {
        report = c.network().call(primary,
            p -> p.extension(ReconcilingReplicaSync.class).repair(rogueRef, from, to), WAIT);
      } catch (RuntimeException rejected) {
        assertEquals(failuresBefore + 1,
            (long) c.network().inspect(primary, p -> p.extension(ReconcilingReplicaSync.class).failures()));
      }
      if (mode != RogueRepair.Mode.CORRUPT) {
        assertNull(report, "a reply that breaks the protocol fails the repair");
      } else if (report != null) {
        // corrupt symbols may also never decode: the reconciliation gives up and nothing is pulled
        assertEquals(Outcome.FAILED, report.reconcile().outcome());
        assertEquals(0, report.pulled());
      }
      assertTrue(rogue.requests() > 0);
      assertEquals(before, c.network().inspect(primary, p -> p.store().all()), "the primary's store is unchanged");
    }
  }

  @Test
  void repairConfigRefusesApproximateMethods() {
    assertThrows(IllegalArgumentException.class, () -> RepairConfig.defaults().withMethod(ReconcileMethod.BLOOM));
    assertNotNull(RepairConfig.defaults().withMethod(ReconcileMethod.SET));
  }
}
