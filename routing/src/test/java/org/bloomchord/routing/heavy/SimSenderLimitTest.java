package org.bloomchord.routing.heavy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordLimits;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.SenderLimit;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The peer's admission with either sender limit, on the simulator, against a flood whose rogue
 * identities cycle through four times more identities than the exact map's cap: the exact map
 * evicts every identity before it returns, so none is ever refused; the counting filter refuses each
 * from its (limit+1)-th message on, within the first window. Honest senders below the limit are
 * refused by neither. Oracle: the exact counts of messages sent per identity.
 */
class SimSenderLimitTest {

  private static final int CAP = 64;
  private static final int RATE = 10;
  private static final int ROGUES = 4 * CAP;
  private static final int HONEST = 8;
  private static final long LIMIT = 20;
  private static final long WINDOW_MS = 1000;
  /** Rounds per window; every rogue identity sends once a round, every honest sender every tenth. */
  private static final int ROUNDS = 40;
  private static final long ROUND_MS = WINDOW_MS / ROUNDS;

  /** Messages admitted per rogue identity and per honest sender, and when the first rogue was refused. */
  private record Outcome(int[] rogueAccepted, int[] rogueAcceptedFirstWindow, int[] honestAccepted, long firstRefusalMs, long start, long refusedMetric) { }

  private static Outcome flood(SenderLimit.Factory kind) {
    ChordLimits limits = ChordLimits.defaults().withQuotas(CAP, RATE, 0).withSenderLimit(kind);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(7),
        ChordConfig.defaults().withLimits(limits))) {
      c.launch(4);
      assertTrue(c.awaitStable(60_000), () -> "ring did not stabilize: " + c.check());
      PeerHandle<ChordPeer> target = c.randomPeer();
      PeerRef[] rogues = new PeerRef[ROGUES];
      for (int i = 0; i < ROGUES; i++) {
        rogues[i] = fake(c, "rogue" + i);
      }
      PeerRef[] honest = new PeerRef[HONEST];
      for (int i = 0; i < HONEST; i++) {
        honest[i] = fake(c, "honest" + i);
      }
      int[] rogueAccepted = new int[ROGUES];
      int[] firstWindow = new int[ROGUES];
      int[] honestAccepted = new int[HONEST];
      long[] firstRefusal = {-1};
      long start = c.network().now();
      long before = c.network().metrics().counter(ChordCounter.QUOTA_REQUESTS);
      for (int round = 0; round < 2 * ROUNDS; round++) {
        boolean honestTurn = round % 10 == 0;
        c.network().call(target, p -> {
          // by the clock, not the round: a call may take simulated time of its own
          boolean first = c.network().now() - start < WINDOW_MS;
          for (int i = 0; i < ROGUES; i++) {
            if (deliver(p, rogues[i])) {
              rogueAccepted[i]++;
              firstWindow[i] += first ? 1 : 0;
            } else if (firstRefusal[0] < 0) {
              firstRefusal[0] = c.network().now() - start;
            }
          }
          for (int i = 0; honestTurn && i < HONEST; i++) {
            honestAccepted[i] += deliver(p, honest[i]) ? 1 : 0;
          }
          return Future.succeededFuture();
        }, 1_000);
        c.network().runFor(ROUND_MS);
      }
      return new Outcome(rogueAccepted, firstWindow, honestAccepted, firstRefusal[0], start,
          c.network().metrics().counter(ChordCounter.QUOTA_REQUESTS) - before);
    }
  }

  @Test
  void theExactMapNeverHoldsBackIdentitiesCyclingBeyondItsCap() {
    Outcome o = flood(SenderLimit.EXACT);
    for (int a : o.rogueAccepted()) {
      assertEquals(2 * ROUNDS, a, "every rogue message admitted: each identity found a fresh bucket");
    }
    for (int a : o.honestAccepted()) {
      assertEquals(2 * ROUNDS / 10, a, "honest senders admitted");
    }
    assertEquals(-1, o.firstRefusalMs());
  }

  @Test
  void theCountingFilterRefusesEveryRogueWithinOneWindowAndNoHonestSender() {
    Outcome o = flood(new CountingSenderLimit(1 << 14, 4, UpdateRule.CONSERVATIVE, LIMIT, WINDOW_MS));
    long refused = 0;
    for (int i = 0; i < ROGUES; i++) {
      // no false negatives: at most the limit within the window the flood began in and the next
      // (refused messages are not counted, so the third window, which the two-window flood may
      // reach, starts the count afresh: at most the limit again)
      assertTrue(o.rogueAcceptedFirstWindow()[i] <= LIMIT, "rogue admitted in the first window " + o.rogueAcceptedFirstWindow()[i]);
      assertTrue(o.rogueAccepted()[i] <= 2 * LIMIT, "rogue admitted " + o.rogueAccepted()[i]);
      refused += 2 * ROUNDS - o.rogueAccepted()[i];
    }
    for (int a : o.honestAccepted()) {
      assertEquals(2 * ROUNDS / 10, a, "no honest message refused");
    }
    assertTrue(o.firstRefusalMs() >= 0 && o.firstRefusalMs() < WINDOW_MS, "first refusal at " + o.firstRefusalMs());
    assertEquals(refused, o.refusedMetric(), "refusals counted under trust.quota.requests");
  }

  /** A peer that does not exist, with a valid identity (its id is the hash of its address). */
  private static PeerRef fake(ChordCluster c, String name) {
    String address = name + ":1";
    return new PeerRef(address, c.ring().hash(address));
  }

  private static boolean deliver(ChordPeer p, PeerRef from) {
    try {
      p.onRequest(from, new GetNeighbors());
      return true;
    } catch (MalformedMessageException e) {
      return false;
    }
  }
}
