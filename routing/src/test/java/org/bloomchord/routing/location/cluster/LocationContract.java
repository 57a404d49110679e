package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The location layer's behaviour, checked against the {@link LinkOracle}; one subclass per runtime
 * runs it unchanged. Periods are shortened so the Vert.x runs stay quick.
 */
abstract class LocationContract {

  /** "sim" or "vertx". */
  abstract String runtime();

  /** Peers in the rings of the tests. */
  abstract int ringSize();

  static ChordConfig chordConfig() {
    return ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(500, 4000).withReplicaSyncMs(1000);
  }

  static LocationConfig locationConfig() {
    return LocationConfig.defaults().withPeriods(200, 3000).withQueryTimeoutMs(5000);
  }

  LocationCluster cluster(LocationConfig config, long seed) {
    return LocationCluster.create(runtime(), NetworkOptions.defaults().withSeed(seed), chordConfig(), config);
  }

  static void ready(LocationCluster c, int peers) {
    c.chord().launch(peers);
    assertTrue(c.chord().awaitConverged(120_000), () -> "ring did not converge: " + c.chord().check());
    settle(c);
  }

  static void settle(LocationCluster c) {
    assertTrue(c.awaitSettled(2, 60_000), "link filters did not settle");
  }

  PeerHandle<ChordPeer> handle(LocationCluster c, PeerRef ref) {
    for (PeerHandle<ChordPeer> h : c.servicePeers()) {
      if (h.ref().equals(ref)) {
        return h;
      }
    }
    throw new AssertionError("no live peer " + ref);
  }

  @Test
  void aHolderWithinDepthAlwaysMatchesAtALevelNoLargerThanItsDistance() {
    LocationConfig config = locationConfig();
    try (LocationCluster c = cluster(config, 21)) {
      ready(c, ringSize());
      Map<String, List<PeerRef>> placement = c.publishRandom("obj-", 30, 2, new SplittableRandom(3));
      settle(c);
      LinkOracle oracle = c.oracle();
      int checked = 0;
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        for (String key : placement.keySet()) {
          int distance = oracle.distance(h.ref(), key);
          if (distance >= 1 && distance <= config.depth()) {
            int level = c.inspect(h, s -> s.lowestMatchingLevel(key));
            assertTrue(level >= 1 && level <= distance,
                () -> h.ref() + " sees " + key + " at level " + level + ", oracle distance " + distance);
            checked++;
          }
        }
      }
      assertTrue(checked > 0, "no holder within depth to check");
    }
  }

  @Test
  void everyLocateOfAPublishedObjectFindsALiveHolderAndNeverBeatsTheOracle() {
    LocationConfig config = locationConfig();
    try (LocationCluster c = cluster(config, 22)) {
      ready(c, ringSize());
      Map<String, List<PeerRef>> placement = c.publishRandom("obj-", 30, 2, new SplittableRandom(4));
      settle(c);
      LinkOracle oracle = c.oracle();
      List<PeerHandle<ChordPeer>> peers = c.servicePeers();
      List<String> keys = new ArrayList<>(placement.keySet());
      SplittableRandom r = new SplittableRandom(5);
      List<PeerHandle<ChordPeer>> from = new ArrayList<>();
      List<String> asked = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        from.add(peers.get(r.nextInt(peers.size())));
        asked.add(keys.get(r.nextInt(keys.size())));
      }
      List<LocateResult> results = c.runQueries(from, asked, LocationService::locate);
      for (int i = 0; i < results.size(); i++) {
        LocateResult res = results.get(i);
        String key = asked.get(i);
        assertTrue(res.found(), () -> "not found: " + res);
        assertTrue(placement.get(key).contains(res.holder()), () -> res.holder() + " does not hold " + key);
        int distance = oracle.distance(from.get(i).ref(), key);
        if (res.outcome() == LocateOutcome.PROBABILISTIC) {
          assertTrue(res.probabilisticHops() >= distance, () -> "shorter than the oracle: " + res);
        }
        if (res.outcome() == LocateOutcome.LOCAL) {
          assertEquals(0, distance);
        }
      }
    }
  }

  @Test
  void aFalsePositiveFromASaturatedFilterFallsBackToChordAndStillFindsTheObject() {
    LocationConfig config = locationConfig().withFilters(3, 64).withHashes(2);
    // short successor lists keep small rings from being full meshes, so some holder is 2 hops away
    ChordConfig sparse = chordConfig().withSuccessors(2, 2);
    try (LocationCluster c = LocationCluster.create(runtime(), NetworkOptions.defaults().withSeed(23), sparse,
        config)) {
      c.chord().launch(ringSize());
      assertTrue(c.chord().awaitConverged(120_000), () -> "ring did not converge: " + c.chord().check());
      List<PeerHandle<ChordPeer>> peers = c.servicePeers();
      PeerHandle<ChordPeer> saturated = peers.get(0);
      for (int i = 0; i < 300; i++) {
        c.publish(saturated, "decoy-" + i);
      }
      LinkOracle before = c.oracle();
      PeerHandle<ChordPeer> querier = null;
      PeerHandle<ChordPeer> holder = null;
      for (PeerHandle<ChordPeer> q : peers) {
        for (PeerHandle<ChordPeer> h : peers) {
          if (querier == null && q != saturated && h != saturated
              && before.graph().containsEdge(q.ref(), saturated.ref())
              && before.distance(q.ref(), List.of(h.ref())) >= 2) {
            querier = q;
            holder = h;
          }
        }
      }
      assertNotNull(querier, "no querier next to the saturated peer with a peer 2 hops away");
      for (int i = 0; i < 5; i++) {
        c.publish(holder, "target-" + i);
      }
      settle(c);
      assertEquals(before.graph().edgeSet().size(), c.oracle().graph().edgeSet().size(), "links changed");
      for (int i = 0; i < 5; i++) {
        LocateResult res = c.locate(querier, "target-" + i);
        assertEquals(LocateOutcome.FALLBACK, res.outcome(), res::toString);
        assertEquals(holder.ref(), res.holder());
        assertEquals(1, res.falsePositives(), res::toString);
        assertTrue(res.probabilisticHops() >= 1 && res.finalHops() == 1, res::toString);
      }
    }
  }

  @Test
  void onceSettledAPullCostsAFewBytesBecauseTheSummaryIsUnchanged() {
    LocationConfig config = locationConfig();
    try (LocationCluster c = cluster(config, 28)) {
      ready(c, ringSize());
      c.publishRandom("obj-", 20, 2, new SplittableRandom(9));
      settle(c);
      long[] before = c.network().traffic().snapshot().getOrDefault("SummaryReply", new long[2]);
      c.network().runFor(3 * config.refreshMs());
      long[] after = c.network().traffic().snapshot().get("SummaryReply");
      long replies = after[0] - before[0];
      assertTrue(replies >= ringSize(), "every peer pulls in every round");
      // tag (1 byte) + the version's 4-byte tag + empty level count (1 byte)
      assertEquals(6.0, (double) (after[1] - before[1]) / replies, 0.0, "bytes per unchanged reply");
    }
  }

  @Test
  void unpublishRemovesTheObjectFromEveryFilterAndFromTheDirectory() {
    try (LocationCluster c = cluster(locationConfig(), 24)) {
      ready(c, ringSize());
      List<PeerHandle<ChordPeer>> peers = c.servicePeers();
      PeerHandle<ChordPeer> holder = peers.get(1);
      c.publish(holder, "song");
      settle(c);
      assertTrue(matchingPeers(c, "song") > 0, "nobody's filters show the object");
      assertEquals(List.of(holder.ref()), c.directoryHolders(peers.get(2), "song"));

      c.unpublish(holder, "song");
      assertEquals(List.of(), c.directoryHolders(peers.get(2), "song"));
      settle(c);
      assertEquals(0, matchingPeers(c, "song"), "filters still show the unpublished object");
      assertEquals(LocateOutcome.NOT_FOUND, c.locate(peers.get(3), "song").outcome());
    }
  }

  @Test
  void aDepartedHolderLeavesTheFiltersAfterRefreshAndTheDirectoryAfterItsLease() {
    LocationConfig config = locationConfig();
    try (LocationCluster c = cluster(config, 25)) {
      ready(c, ringSize());
      List<PeerHandle<ChordPeer>> peers = c.servicePeers();
      PeerHandle<ChordPeer> holder = peers.get(2);
      PeerHandle<ChordPeer> asker = peers.get(5);
      c.publish(holder, "film");
      settle(c);
      assertTrue(matchingPeers(c, "film") > 0);

      long crashedAt = c.network().now();
      c.chord().crash(holder);
      assertTrue(c.network().awaitUntil(() -> matchingPeers(c, "film") == 0, 60_000, config.refreshMs()),
          "filters still show the departed holder");
      assertEquals(LocateOutcome.NOT_FOUND, c.locate(asker, "film").outcome());
      long sinceCrash = c.network().now() - crashedAt;
      if (sinceCrash < config.leaseMs()) {
        c.network().runFor(config.leaseMs() - sinceCrash);
      }
      c.network().runFor(config.refreshMs());
      assertEquals(List.of(), c.directoryHolders(asker, "film"), "lease of the departed holder still current");
    }
  }

  @Test
  void locatingAnObjectNobodyPublishedIsNotFound() {
    try (LocationCluster c = cluster(locationConfig(), 26)) {
      ready(c, ringSize());
      c.publishRandom("obj-", 10, 1, new SplittableRandom(7));
      settle(c);
      LocateResult res = c.locate(c.servicePeers().get(0), "nobody-has-this");
      assertEquals(LocateOutcome.NOT_FOUND, res.outcome(), res::toString);
      assertEquals(null, res.holder());
    }
  }

  @ParameterizedTest
  @EnumSource(RogueSummaries.Fault.class)
  void aMalformedSummaryIsRejectedCountedAndNeverStored(RogueSummaries.Fault fault) {
    LocationConfig config = locationConfig();
    try (LocationCluster c = LocationCluster.create(runtime(), NetworkOptions.defaults().withSeed(27), chordConfig(),
        config, (ref, cfg, wire) -> ChordCluster.hostOf(ref).equals("p3") ? new RogueSummaries(fault, cfg)
            : new LocationService(cfg, wire))) {
      c.chord().launch(ringSize());
      assertTrue(c.chord().awaitConverged(120_000), () -> "ring did not converge: " + c.chord().check());
      c.network().runFor(5 * config.refreshMs());
      PeerRef rogue = null;
      for (PeerHandle<ChordPeer> h : c.network().alive()) {
        if (ChordCluster.hostOf(h.ref()).equals("p3")) {
          rogue = h.ref();
        }
      }
      assertNotNull(rogue);
      long rejected = 0;
      int askers = 0;
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        PeerRef r = rogue;
        if (h.ref().equals(r)) {
          continue;
        }
        boolean links = c.network().inspect(h, p -> p.links().distinct().contains(r));
        long n = c.inspect(h, LocationService::rejectedMessages);
        boolean stored = c.inspect(h, s -> s.linkFilters().containsKey(r));
        assertFalse(stored, () -> h.ref() + " stored the rogue's filter");
        if (links) {
          askers++;
          assertTrue(n > 0, () -> h.ref() + " links to the rogue but counted no rejection");
        }
        rejected += n;
      }
      assertTrue(askers > 0 && rejected > 0);
      if (fault == RogueSummaries.Fault.ALL_ONES) {
        assertTrue(c.network().metrics().counter(RoutingCounter.REJECTED_SUMMARY_FILL) >= askers,
            "every asker counted the impossible fill");
      }
    }
  }

  static int matchingPeers(LocationCluster c, String key) {
    int n = 0;
    for (PeerHandle<ChordPeer> h : c.servicePeers()) {
      if (c.inspect(h, s -> s.lowestMatchingLevel(key)) > 0) {
        n++;
      }
    }
    return n;
  }
}
