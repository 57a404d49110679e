package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.junit.jupiter.api.Test;

/**
 * With adaptive Chord maintenance the location layer's summary pulls back off too: on an idle ring
 * every peer's refresh interval reaches its ceiling (refresh times the larger maintenance ceiling
 * factor times 32) and the pulls fall with it; an object published afterwards is announced, so it
 * reaches the filters of its holder's links within one refresh and a pull's round trip, and the
 * rounds of those links come back to the floor; locates keep finding every object.
 */
class SimAdaptiveSummaryRefreshTest {

  private static final int PEERS = 60;

  @Test
  void anIdleRingPullsSummariesAtTheCeilingAndANewObjectStillReachesItsHoldersLinks() {
    ChordConfig chord = ChordConfig.defaults().withAdaptivePeriods(16_000, 64_000);
    LocationConfig config = LocationConfig.defaults();
    long floor = config.refreshMs();
    long ceiling = 128 * 32 * floor;
    try (LocationCluster c = LocationCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(71), chord,
        config)) {
      c.chord().launch(PEERS);
      assertTrue(c.chord().awaitConverged(300_000), () -> "ring did not converge: " + c.chord().check());
      Map<String, List<PeerRef>> placed = c.publishRandom("obj", 30, 2, new SplittableRandom(7));
      // 1.2x per quiet round from 1 s to 4,096 s: 46 rounds, about 24,600 s
      c.network().runFor(27_000_000);
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        assertEquals(ceiling, (long) c.inspect(h, LocationService::refreshIntervalMs), () -> h.ref() + " did not back off");
      }
      long before = pulls(c);
      long window = 2 * ceiling;
      c.network().runFor(window);
      double perPeerSecond = (pulls(c) - before) * 1000.0 / window / PEERS;
      int links = 0;
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        links = Math.max(links, c.network().inspect(h, p -> p.links().distinct().size()));
      }
      // each peer pulls each of its links about once per ceiling (jitter 0.2: at most once per 0.8 ceiling)
      double bound = links / (0.8 * ceiling / 1000.0);
      assertTrue(perPeerSecond <= bound, "summary pulls per peer per second " + perPeerSecond + " > " + bound);
      System.out.printf("idle location layer, %d peers: %.4f summary pulls per peer per second (at most %d links)%n",
          PEERS, perPeerSecond, links);

      // a new object: announced one refresh after it is published, pulled at once by every link of its holder
      PeerHandle<ChordPeer> holder = c.servicePeers().get(11);
      c.publish(holder, "late");
      List<PeerHandle<ChordPeer>> linkers = new ArrayList<>();
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        if (c.network().inspect(h, p -> p.links().distinct().contains(holder.ref()))) {
          linkers.add(h);
        }
      }
      assertTrue(!linkers.isEmpty(), "someone links to the holder");
      long bound2 = floor + 2 * chord.requestTimeoutMs();
      assertTrue(c.network().awaitUntil(() -> linkers.stream()
              .allMatch(h -> c.inspect(h, s -> s.lowestMatchingLevel("late")) == 1), bound2, floor),
          "the holder's links did not learn the new object within " + bound2 + " ms");
      for (PeerHandle<ChordPeer> h : linkers) {
        assertTrue(c.inspect(h, LocationService::refreshIntervalMs) < ceiling, "a change brings the rounds back");
      }

      // locates still find every object, the late one included
      SplittableRandom r = new SplittableRandom(3);
      List<String> keys = new ArrayList<>(placed.keySet());
      keys.add("late");
      for (String key : keys) {
        PeerHandle<ChordPeer> origin = c.servicePeers().get(r.nextInt(PEERS));
        LocateResult res = c.locate(origin, key);
        assertTrue(res.outcome() == LocateOutcome.LOCAL || res.holder() != null, () -> "not found: " + key);
      }
    }
  }

  private static long pulls(LocationCluster c) {
    long[] n = c.network().traffic().snapshot().get("SummaryRequest");
    return n == null ? 0 : n[0];
  }
}
