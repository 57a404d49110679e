package org.bloomchord.chord.merge;

import org.bloomchord.chord.ChordCounter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.SimControls;
import org.junit.jupiter.api.Test;

/**
 * Ring unification on the simulator: a ring of 64 peers split into two or three groups for ten
 * simulated minutes becomes separate rings, and after the heal is one correct ring again by the
 * oracle within a bound; plain Chord stays split; a false alarm costs a bounded number of messages.
 */
class SimRingMergeTest {

  private static final int PEERS = 64;
  private static final long SPLIT_MS = 600_000;

  private static ChordCluster ring(MergeMode mode, long seed) {
    ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(seed), ChordConfig.defaults());
    c.mergeOptions(MergeOptions.defaults().withMode(mode));
    c.launch(PEERS);
    assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.checkRing());
    return c;
  }

  /** The peers dealt into {@code k} groups by a seeded shuffle (shares as equal as they can be). */
  private static List<List<PeerHandle<ChordPeer>>> split(ChordCluster c, int k, long seed) {
    List<PeerHandle<ChordPeer>> all = new ArrayList<>(c.peers());
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = all.size() - 1; i > 0; i--) {
      java.util.Collections.swap(all, i, random.nextInt(i + 1));
    }
    List<List<PeerHandle<ChordPeer>>> groups = new ArrayList<>();
    for (int g = 0; g < k; g++) {
      groups.add(new ArrayList<>());
    }
    for (int i = 0; i < all.size(); i++) {
      groups.get(i % k).add(all.get(i));
    }
    List<List<PeerRef>> refs = groups.stream().map(g -> g.stream().map(PeerHandle::ref).toList()).toList();
    c.network().simControls().orElseThrow().partition(refs);
    return groups;
  }

  private static long healToOneRing(ChordCluster c, long maxMs) {
    SimControls sim = c.network().simControls().orElseThrow();
    sim.heal();
    long healed = c.network().now();
    boolean one = c.network().awaitUntil(() -> c.checkRing().successorErrors() == 0, maxMs, 100);
    return one ? c.network().now() - healed : -1;
  }

  @Test
  void aTwoWaySplitOfTenMinutesHealsToOneCorrectRingWithinTwentyStabilizePeriods() {
    try (ChordCluster c = ring(MergeMode.BROADCAST, 5)) {
      List<List<PeerHandle<ChordPeer>>> sides = split(c, 2, 5);
      c.network().runFor(SPLIT_MS);
      assertEquals(2, c.rings(), "each side is a ring of its own at the end of the split");
      long ms = healToOneRing(c, 60_000);
      assertTrue(ms >= 0 && ms <= 20 * c.config().stabilizeMs(), "one ring " + ms + " ms after the heal: " + c.checkRing());
      assertEquals(1, c.rings());
      assertTrue(sides.get(0).size() + sides.get(1).size() == PEERS);
    }
  }

  @Test
  void aThreeWaySplitHealsToOneCorrectRing() {
    try (ChordCluster c = ring(MergeMode.BROADCAST, 7)) {
      split(c, 3, 7);
      c.network().runFor(SPLIT_MS);
      assertEquals(3, c.rings(), "three rings at the end of the split");
      long ms = healToOneRing(c, 60_000);
      assertTrue(ms >= 0 && ms <= 30 * c.config().stabilizeMs(), "one ring " + ms + " ms after the heal: " + c.checkRing());
    }
  }

  /**
   * The aim of 10 stabilize periods, with maintenance backed off as a node runs it (stabilize to
   * 16 s, fix-fingers to 64 s) through an hour of a 3-way split: the peers that join the merge
   * tell their predecessors and the predecessors the merge replaced, which the broadcast may miss
   * and which would otherwise stabilize only every 16 s.
   */
  @Test
  void aThreeWaySplitOfAnHourWithBackedOffMaintenanceHealsWithinTenStabilizePeriods() {
    ChordConfig config = ChordConfig.defaults().withAdaptivePeriods(16_000, 64_000);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(13), config)) {
      c.mergeOptions(MergeOptions.defaults().withMode(MergeMode.BROADCAST));
      c.launchPlaced(120);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.checkRing());
      split(c, 3, 13);
      c.network().runFor(3_600_000);
      assertTrue(c.rings() >= 3, "at least three rings at the end of the split");
      long ms = healToOneRing(c, 60_000);
      assertTrue(ms >= 0 && ms <= 10 * config.stabilizeMs(), "one ring " + ms + " ms after the heal: " + c.checkRing());
    }
  }

  @Test
  void plainChordStaysSplitLongAfterTheHeal() {
    try (ChordCluster c = ring(MergeMode.OFF, 5)) {
      split(c, 2, 5);
      c.network().runFor(SPLIT_MS);
      assertEquals(2, c.rings());
      assertEquals(-1, healToOneRing(c, 300_000), "plain Chord does not merge within 5 minutes of the heal");
      assertEquals(2, c.rings(), "still two rings");
    }
  }

  @Test
  void putsAcknowledgedOnEachSideDuringTheSplitAreReadFromBothSidesAfterTheMerge() {
    try (ChordCluster c = ring(MergeMode.BROADCAST, 11)) {
      List<List<PeerHandle<ChordPeer>>> sides = split(c, 2, 11);
      c.network().runFor(60_000);
      List<String> keys = new ArrayList<>();
      for (int s = 0; s < 2; s++) {
        for (int i = 0; i < 10; i++) {
          String key = "side" + s + "-k" + i;
          assertTrue(c.put(sides.get(s).get(i), key, "v" + i).stored(), "put " + key + " acknowledged on side " + s);
          keys.add(key);
          c.expectKey(key);
        }
      }
      assertTrue(healToOneRing(c, 60_000) >= 0, "merged");
      c.network().runFor(20_000);
      for (String key : keys) {
        for (int s = 0; s < 2; s++) {
          ReadResult r = c.get(sides.get(s).get(20), key);
          assertTrue(r.found(), key + " read from side " + s + ": " + r);
        }
      }
    }
  }

  @Test
  void aFalseAlarmCostsNothingForAPeerInTheTablesAndOneLookupOtherwise() {
    try (ChordCluster c = ring(MergeMode.BROADCAST, 3)) {
      c.network().runFor(5_000);
      PeerHandle<ChordPeer> a = c.peers().get(0);
      PeerRef inTables = c.network().inspect(a, p -> p.links().successors().get(0));
      PeerRef elsewhere = c.peers().stream().map(PeerHandle::ref)
          .filter(r -> !c.network().inspect(a, p -> p.links().fingers().contains(r) || p.links().successors().contains(r)
              || r.equals(p.links().predecessor()) || r.equals(p.self())))
          .findFirst().orElseThrow();
      // maintenance paused and given time to drain: what is sent from now on is the false alarms' cost
      c.pauseMaintenance(true);
      c.network().runFor(30_000);
      long before = c.network().traffic().messages();
      c.network().call(a, p -> {
        p.offerContact(inTables);
        p.offerContact(elsewhere);
        p.offerContact(elsewhere);
        return io.vertx.core.Future.succeededFuture();
      }, 1_000);
      c.network().runFor(10_000);
      long after = c.network().traffic().messages();
      // two lookups of a 64-peer ring: at most log2(64) = 6 forwards and one answer each, plus acks
      assertTrue(after - before <= 2 * 2 * (6 + 1), "false alarms cost " + (after - before) + " messages");
      assertEquals(0, c.network().metrics().counter(ChordCounter.MERGE_DETECTED), "no merge started");
      assertEquals(3, c.network().metrics().counter(ChordCounter.MERGE_FALSE_ALARMS));
      assertEquals(0, c.network().metrics().counter(SimControls.PARTITION_LOST));
    }
  }
}
