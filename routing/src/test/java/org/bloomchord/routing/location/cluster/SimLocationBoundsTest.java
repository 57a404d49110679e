package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationMessages.PointerUpdate;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.PointerRecord;
import org.junit.jupiter.api.Test;

/**
 * The location layer's per-holder and per-request maps stay at their configured caps under a flood
 * (pointer leases from many fake holders and many keys from one, locates beyond the cap, summary
 * pulls), each refusal or eviction is counted, and honest locates still find a live holder.
 */
class SimLocationBoundsTest {

  private static final int POINTERS_PER_HOLDER = 5;
  private static final int TRACKED_HOLDERS = 7;
  private static final int PENDING_LOCATES = 3;
  private static final int PULLS = 4;

  @Test
  void floodsOfLeasesLocatesAndPullsStayAtTheirCapsAndHonestLocatesStillSucceed() {
    ChordConfig chord = ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(500, 4000);
    LocationConfig config = LocationConfig.defaults().withPeriods(200, 3000).withQueryTimeoutMs(5000)
        .withCaps(PENDING_LOCATES, PULLS, POINTERS_PER_HOLDER, TRACKED_HOLDERS);
    try (LocationCluster c = LocationCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(61), chord,
        config)) {
      c.chord().launch(16);
      assertTrue(c.chord().awaitConverged(120_000), () -> "ring did not converge: " + c.chord().check());
      Map<String, List<PeerRef>> placed = c.publishRandom("obj", 20, 2, new SplittableRandom(5));
      c.network().runFor(2_000);

      // leases: a primary and keys whose pointers it owns
      PeerHandle<ChordPeer> primary = c.servicePeers().get(0);
      List<String> keys = new ArrayList<>();
      for (int i = 0; keys.size() < 40; i++) {
        String key = "flood" + i;
        if (c.chord().oracle().successor(c.chord().ring().hash(PointerRecord.storeKey(key))).equals(primary.ref())) {
          keys.add(key);
        }
      }
      long refusedBefore = c.network().metrics().counter(RoutingCounter.REFUSED_POINTERS);
      long evictedBefore = c.network().metrics().counter(RoutingCounter.EVICTED_POINTER_HOLDERS);
      int[] accepted = new int[2];
      PeerRef greedy = fake(c, "greedy");
      c.network().call(primary, p -> {
        for (String key : keys) {
          accepted[0] += lease(p, greedy, key) ? 1 : 0;
        }
        for (int h = 0; h < 100; h++) {
          accepted[1] += lease(p, fake(c, "holder" + h), keys.get(h % keys.size())) ? 1 : 0;
        }
        return Future.succeededFuture();
      }, 1_000);
      assertEquals(POINTERS_PER_HOLDER, accepted[0], "one holder gets its cap of leases");
      assertEquals(keys.size() - POINTERS_PER_HOLDER,
          c.network().metrics().counter(RoutingCounter.REFUSED_POINTERS) - refusedBefore);
      assertEquals(100, accepted[1], "distinct holders each get a lease");
      LocationService.Bounded b = c.inspect(primary, LocationService::bounded);
      assertEquals(TRACKED_HOLDERS, b.trackedHolders(), "tracked holders at their cap");
      assertTrue(b.mostLeasesPerHolder() <= POINTERS_PER_HOLDER);
      assertTrue(c.network().metrics().counter(RoutingCounter.EVICTED_POINTER_HOLDERS) - evictedBefore >= 100 + 1
          - TRACKED_HOLDERS);

      // locates: more than the cap at once from one peer
      PeerHandle<ChordPeer> origin = c.servicePeers().get(3);
      List<String> objects = new ArrayList<>(placed.keySet());
      List<Future<LocateResult>> started = new ArrayList<>();
      long refusedLocates = c.network().metrics().counter(RoutingCounter.REFUSED_LOCATES);
      c.network().call(origin, p -> {
        LocationService s = p.extension(LocationService.class);
        for (int i = 0; i < 10; i++) {
          started.add(s.locate(objects.get(i)));
        }
        return Future.succeededFuture();
      }, 1_000);
      c.network().runFor(10_000);
      int found = 0;
      for (int i = 0; i < started.size(); i++) {
        LocateResult r = started.get(i).result();
        if (r.outcome() == LocateOutcome.LOCAL) {
          found++;
        } else if (r.holder() != null) {
          found++;
          assertTrue(placed.get(objects.get(i)).contains(r.holder()), "a holder the placement names");
        }
      }
      long refused = c.network().metrics().counter(RoutingCounter.REFUSED_LOCATES) - refusedLocates;
      assertEquals(10, found + refused, "every locate either found a holder or was refused");
      assertTrue(refused <= 10 - PENDING_LOCATES && refused > 0, "refused " + refused);

      // summary pulls: never more in flight than the cap, anywhere
      for (PeerHandle<ChordPeer> h : c.servicePeers()) {
        assertTrue(c.inspect(h, LocationService::bounded).summaryPulls() <= PULLS);
      }
      assertTrue(c.network().metrics().counter(RoutingCounter.REFUSED_SUMMARY_PULLS) > 0, "16 peers have more links than 4");

      // honest locates one at a time all find a holder the placement names
      for (String key : objects) {
        LocateResult r = c.locate(c.servicePeers().get(7), key);
        assertTrue(r.holder() != null && placed.get(key).contains(r.holder()), () -> key + ": " + r);
      }
    }
  }

  private static boolean lease(ChordPeer p, PeerRef holder, String key) {
    try {
      p.onRequest(holder, new PointerUpdate(key, 3000, false));
      return true;
    } catch (MalformedMessageException e) {
      return false;
    }
  }

  /** A peer that does not exist, with a valid identity (its id is the hash of its address). */
  private static PeerRef fake(LocationCluster c, String name) {
    String address = name + ":1";
    return new PeerRef(address, c.chord().ring().hash(address));
  }
}
