package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordLimits;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupOutcome;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Every map a peer keeps per other peer or per request stays at its configured bound under a flood
 * of distinct senders or requests, each eviction or refusal is counted, a greedy sender is
 * throttled by its quota while others are not, and honest lookups stay correct by the oracle.
 */
class SimTrustBoundsTest {

  private static final int SENDERS = 8;
  private static final int RATE = 50;
  private static final int LOOKUPS = 4;

  private static ChordCluster ring() {
    ChordConfig config = ChordConfig.defaults().withLimits(ChordLimits.defaults()
        .withQuotas(SENDERS, RATE, 0).withMaxPendingLookups(LOOKUPS).withSuspicionCaps(6, 6));
    ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(43), config);
    c.launch(12);
    assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
    return c;
  }

  @Test
  void aFloodOfDistinctSendersLeavesTheQuotaMapAtItsCapAndLookupsStayCorrect() {
    try (ChordCluster c = ring()) {
      PeerHandle<ChordPeer> target = c.randomPeer();
      long evictedBefore = c.network().metrics().counter(ChordCounter.EVICTED_SENDERS);
      int flood = 500;
      c.network().call(target, p -> {
        for (int i = 0; i < flood; i++) {
          p.onRequest(fake(c, "flood" + i), new Ping());
        }
        return Future.succeededFuture();
      }, 1_000);
      ChordPeer.Bounded b = c.network().inspect(target, ChordPeer::bounded);
      assertEquals(SENDERS, b.senders(), "tracked senders at the configured cap");
      // the honest ring's own senders were tracked too, so at least the flood beyond the cap was evicted
      assertTrue(c.network().metrics().counter(ChordCounter.EVICTED_SENDERS) - evictedBefore >= flood - SENDERS);
      c.network().runFor(5_000);
      assertTrue(c.check().stable(), () -> "tables differ from the oracle: " + c.check());
      assertAllLookupsCorrect(c, 40);
      // every peer's maps are within their caps
      for (PeerHandle<ChordPeer> h : c.activePeers()) {
        ChordPeer.Bounded x = c.network().inspect(h, ChordPeer::bounded);
        assertTrue(x.senders() <= SENDERS && x.suspects() <= 6 && x.strikes() <= 6, x::toString);
      }
    }
  }

  @Test
  void aGreedySenderIsThrottledAndOthersAreNot() {
    try (ChordCluster c = ring()) {
      PeerHandle<ChordPeer> target = c.randomPeer();
      PeerRef greedy = fake(c, "greedy");
      PeerRef other = fake(c, "modest");
      long before = c.network().metrics().counter(ChordCounter.QUOTA_REQUESTS);
      int[] accepted = new int[2];
      c.network().call(target, p -> {
        for (int i = 0; i < 500; i++) {
          accepted[0] += deliver(p, greedy, new GetNeighbors()) ? 1 : 0;
        }
        for (int i = 0; i < 20; i++) {
          accepted[1] += deliver(p, other, new GetNeighbors()) ? 1 : 0;
        }
        return Future.succeededFuture();
      }, 1_000);
      // the bucket starts full at two seconds' worth and does not refill within one instant
      assertEquals(2 * RATE, accepted[0], "the greedy sender gets its burst, no more");
      assertEquals(20, accepted[1], "another sender is unaffected");
      assertEquals(500 - 2 * RATE, c.network().metrics().counter(ChordCounter.QUOTA_REQUESTS) - before);
      // one second later the bucket has refilled by the rate
      c.network().runFor(1_000);
      c.network().call(target, p -> {
        accepted[0] = 0;
        for (int i = 0; i < 500; i++) {
          accepted[0] += deliver(p, greedy, new GetNeighbors()) ? 1 : 0;
        }
        return Future.succeededFuture();
      }, 1_000);
      assertEquals(RATE, accepted[0], "refilled at the configured rate");
      assertAllLookupsCorrect(c, 20);
    }
  }

  @Test
  void lookupsBeyondTheCapAreRefusedAndCountedAndTheOthersAnswerCorrectly() {
    try (ChordCluster c = ring()) {
      PeerHandle<ChordPeer> origin = c.randomPeer();
      long before = c.network().metrics().counter(ChordCounter.REFUSED_LOOKUPS);
      List<Future<LookupResult>> started = new ArrayList<>();
      c.network().call(origin, p -> {
        for (int i = 0; i < 10; i++) {
          started.add(p.lookup(c.ring().hash("key" + i)));
        }
        return Future.succeededFuture();
      }, 1_000);
      c.network().runFor(10_000);
      int found = 0;
      for (int i = 0; i < started.size(); i++) {
        LookupResult r = started.get(i).result();
        if (r.outcome() == LookupOutcome.FOUND) {
          found++;
          assertEquals(c.oracle().successor(c.ring().hash("key" + i)), r.successor());
        }
      }
      assertEquals(LOOKUPS, found, "as many lookups as the cap ran");
      assertEquals(10 - LOOKUPS, c.network().metrics().counter(ChordCounter.REFUSED_LOOKUPS) - before);
      assertEquals(0, c.network().inspect(origin, ChordPeer::bounded).pendingLookups());
    }
  }

  private static void assertAllLookupsCorrect(ChordCluster c, int n) {
    for (int i = 0; i < n; i++) {
      long key = c.ring().hash("honest" + i);
      LookupResult r = c.lookup(c.randomPeer(), key);
      assertEquals(LookupOutcome.FOUND, r.outcome());
      assertEquals(c.oracle().successor(key), r.successor(), "lookup of key " + i);
    }
  }

  /** A peer that does not exist, with a valid identity (its id is the hash of its address). */
  private static PeerRef fake(ChordCluster c, String name) {
    String address = name + ":1";
    return new PeerRef(address, c.ring().hash(address));
  }

  /** Hands {@code m} to the peer as from {@code from}; whether it was admitted. */
  private static boolean deliver(ChordPeer p, PeerRef from, Message m) {
    try {
      p.onRequest(from, m);
      return true;
    } catch (MalformedMessageException e) {
      return false;
    }
  }
}
