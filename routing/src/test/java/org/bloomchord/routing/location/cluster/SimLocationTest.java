package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.AttenuatedFilter;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.junit.jupiter.api.Test;

/**
 * The location suite on the deterministic simulator, and the checks of delta summaries against
 * the oracle of a full pull.
 */
class SimLocationTest extends LocationContract {

  /**
   * Objects come and go and peers crash while the filters are kept up by deltas; once settled,
   * every stored link filter is exactly the summary its link would send in a full pull now.
   */
  @Test
  void filtersKeptByDeltasAreExactlyWhatAFullPullWouldGive() {
    LocationConfig config = locationConfig();
    try (LocationCluster c = cluster(config, 31)) {
      ready(c, ringSize());
      SplittableRandom random = new SplittableRandom(5);
      Map<String, List<PeerRef>> first = c.publishRandom("a-", 40, 2, random);
      settle(c);
      List<PeerHandle<ChordPeer>> peers = c.servicePeers();
      for (int round = 0; round < 4; round++) {
        for (int i = 0; i < 5; i++) {
          c.publish(peers.get(random.nextInt(peers.size())), "b-" + round + "-" + i);
        }
        List<PeerRef> holders = first.get("a-" + round);
        c.unpublish(handle(c, holders.get(0)), "a-" + round);
        c.network().runFor(2 * config.refreshMs());
      }
      c.chord().crash(peers.get(7));
      settle(c);
      long[] deltas = c.network().traffic().snapshot().get("SummaryDelta");
      assertNotNull(deltas, "no summary travelled as a delta");
      assertTrue(deltas[0] > 0);
      int checked = 0;
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        Map<PeerRef, AttenuatedFilter> stored = c.inspect(h, LocationService::linkFilters);
        for (Map.Entry<PeerRef, AttenuatedFilter> e : stored.entrySet()) {
          AttenuatedFilter full = c.inspect(handle(c, e.getKey()), s -> s.summaryFor(h.ref()));
          assertEquals(full, e.getValue(), () -> h.ref() + "'s filter of " + e.getKey());
          checked++;
        }
      }
      assertTrue(checked > 3 * ringSize(), "checked " + checked);
    }
  }

  /** A neighbour's malformed deltas are rejected and counted; the filter stored stays its summary. */
  @Test
  void aMalformedDeltaIsRejectedCountedAndNeverCorruptsTheStoredFilter() {
    LocationConfig config = locationConfig();
    RogueDeltas[] rogueHolder = new RogueDeltas[1];
    try (LocationCluster c = LocationCluster.create(runtime(), NetworkOptions.defaults().withSeed(29), chordConfig(),
        config, (ref, cfg, wire) -> {
          if (ChordCluster.hostOf(ref).equals("p3")) {
            rogueHolder[0] = new RogueDeltas(cfg);
            return rogueHolder[0];
          }
          return new LocationService(cfg, wire);
        })) {
      c.chord().launch(ringSize());
      assertTrue(c.chord().awaitConverged(120_000), () -> "ring did not converge: " + c.chord().check());
      c.network().runFor(6 * config.refreshMs());
      PeerRef rogue = null;
      for (PeerHandle<ChordPeer> h : c.network().alive()) {
        if (ChordCluster.hostOf(h.ref()).equals("p3")) {
          rogue = h.ref();
        }
      }
      assertNotNull(rogue);
      int askers = 0;
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        PeerRef r = rogue;
        if (h.ref().equals(r) || !c.network().inspect(h, p -> p.links().distinct().contains(r))) {
          continue;
        }
        askers++;
        AttenuatedFilter stored = c.inspect(h, s -> s.linkFilters().get(r));
        assertTrue(stored == null || stored.equals(rogueHolder[0].summary()), () -> h.ref() + " stored a corrupt filter");
        assertTrue(c.inspect(h, LocationService::rejectedMessages) > 0, () -> h.ref() + " counted no rejection");
      }
      assertTrue(askers > 0);
    }
  }

  @Override
  String runtime() {
    return Networks.SIM;
  }

  @Override
  int ringSize() {
    return 32;
  }
}
