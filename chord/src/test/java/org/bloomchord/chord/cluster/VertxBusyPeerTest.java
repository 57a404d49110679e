package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Networks;
import org.junit.jupiter.api.Test;

/**
 * A peer whose event loop stalls (a collection, a burst, cores shared with other JVMs) is behind,
 * not failed: its neighbours keep it, and lookups of its keys made during the stall name it or fail,
 * never another peer (before, all 84 named its successor). On Vert.x in one JVM a peer that still runs is behind; a crashed one
 * leaves the network at once (the crash tests of {@link VertxChordRingTest}).
 */
class VertxBusyPeerTest {

  private static final int PEERS = 8;
  private static final long STALL_MS = 2_000;

  @Test
  void aStalledPeerIsNeitherDroppedNorAnsweredFor() throws Exception {
    // requests time out after 300 ms, so the stall costs its neighbours six timeouts each
    ChordConfig config = ChordConfig.defaults().withPeriods(100, 100, 200).withTimeouts(300, 6_000)
        .withReplicaSyncMs(1000);
    Network<ChordPeer> net = Networks.create(Networks.VERTX,
        NetworkOptions.defaults().withSeed(31).withVertx(v -> v.withEventLoopThreads(PEERS)), ChordWire.registry(config));
    try (ChordCluster c = new ChordCluster(net, config, 31, ref -> List.of())) {
      c.launch(PEERS);
      assertTrue(c.awaitStable(60_000), () -> "ring did not stabilize: " + c.check());
      RingOracle oracle = c.oracle();
      PeerHandle<ChordPeer> victim = c.peers().get(3);
      PeerRef v = victim.ref();
      long from = oracle.predecessorOf(v).id();
      long span = (v.id() - from) & c.ring().mask();
      long[] keys = new long[12];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = (from + 1 + span / keys.length * i) & c.ring().mask();
      }
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>(c.peers());
      origins.remove(victim);

      Thread stall = new Thread(() -> net.call(victim, p -> {
        sleepOnTheLoop();
        return Future.succeededFuture(null);
      }, 30_000), "stall");
      stall.start();
      Thread.sleep(100);
      List<Network.Outcome<List<LookupResult>>> during = net.callAll(origins, p -> lookups(p, keys), 60_000);
      stall.join();

      int answered = 0;
      List<String> wrong = new ArrayList<>();
      for (Network.Outcome<List<LookupResult>> o : during) {
        assertTrue(o.succeeded(), () -> "lookups failed: " + o.failure());
        for (LookupResult r : o.value()) {
          if (r.found()) {
            answered++;
            if (!r.successor().equals(v)) {
              wrong.add(Long.toUnsignedString(r.key(), 16) + " -> " + r.successor());
            }
          }
        }
      }
      assertEquals(0, wrong.size(), () -> wrong.size() + " lookups during the stall named another peer than the stalled"
          + " owner " + v + ", e.g. " + wrong.subList(0, Math.min(4, wrong.size())));
      long behind = net.metrics().counter(ChordCounter.BEHIND);
      assertTrue(behind > 0, "the stalled peer's silence was not taken for a backlog");
      assertEquals(0, net.metrics().counter(ChordCounter.SUSPECTED), "a peer took the stalled one for failed");

      // after the stall: the ring is the one before, and every lookup of its keys names it at once
      assertTrue(c.awaitStable(30_000), () -> "ring not stable after the stall: " + c.check());
      assertEquals(oracle.peers(), c.oracle().peers());
      for (Network.Outcome<List<LookupResult>> o : net.callAll(origins, p -> lookups(p, keys), 60_000)) {
        assertTrue(o.succeeded(), () -> "lookups failed: " + o.failure());
        for (LookupResult r : o.value()) {
          assertTrue(r.found(), () -> "lookup " + Long.toUnsignedString(r.key(), 16) + " " + r.outcome());
          assertEquals(v, r.successor());
        }
      }
      System.out.printf("stall of %d ms: %d of %d lookups answered during it, none wrong; %d silences taken as backlog%n",
          STALL_MS, answered, keys.length * origins.size(), behind);
    }
  }

  private static Future<List<LookupResult>> lookups(ChordPeer p, long[] keys) {
    List<Future<LookupResult>> fs = new ArrayList<>();
    for (long k : keys) {
      fs.add(p.lookup(k));
    }
    return Future.all(fs).map(cf -> cf.<LookupResult>list());
  }

  /** Holds the peer's event loop, as a collection or a busy JVM would. */
  private static void sleepOnTheLoop() {
    try {
      Thread.sleep(STALL_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
