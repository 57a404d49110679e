package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.Comparator;
import java.util.List;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.lookup.LookupOutcome;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteOutcome;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.junit.jupiter.api.Test;

/** A peer that stops fails every lookup, write and read it started, whatever each was doing. */
class SimStoppedOriginTest {

  /**
   * The lookup's owner and every other peer crashed, so its attempts give up one after another,
   * with a back-off between them. The origin crashes at every 100 ms of the lookup's first five
   * seconds, in attempts and between them: each time the lookup ends at once as stopped. Between
   * two attempts it used to be in no list of the engine, and a stopped peer's timers do not fire,
   * so it never ended.
   */
  @Test
  void aLookupEndsWhenItsOriginCrashesEvenBetweenTwoAttempts() {
    for (long crashAtMs = 0; crashAtMs <= 5_000; crashAtMs += 100) {
      try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(11), ChordConfig.defaults())) {
        List<PeerHandle<ChordPeer>> peers = c.launch(3);
        assertTrue(c.awaitStable(60_000));
        PeerHandle<ChordPeer> origin = peers.get(0);
        for (PeerHandle<ChordPeer> other : peers.subList(1, 3)) {
          c.crash(other);
        }
        long key = peers.get(1).ref().id();
        Future<LookupResult> lookup = c.network().inspect(origin, p -> p.lookup(key));
        c.network().runFor(crashAtMs);
        if (lookup.isComplete()) {
          continue;
        }
        c.crash(origin);
        long at = crashAtMs;
        assertTrue(lookup.isComplete(), () -> "crashed at " + at + " ms into the lookup, it never ended");
        assertEquals(LookupOutcome.ORIGIN_STOPPED, lookup.result().outcome(), "crashed at " + at + " ms");
      }
    }
  }

  /**
   * The origin's successor crashed unnoticed, so a put or a get of a key it owns finds it by the
   * origin's own table and waits for its reply, which never comes. The origin crashes at every
   * 100 ms of the operation's first five seconds: each time the operation ends at once as failed
   * (a put so ended is not acknowledged). Before, a crashed origin's request timeouts never fired
   * on the simulator, so the operation never ended.
   */
  @Test
  void aPutOrGetEndsWhenItsOriginCrashesWhileItWaitsForAReplica() {
    for (boolean write : new boolean[] {true, false}) {
      int crashedUnderWay = 0;
      for (long crashAtMs = 0; crashAtMs <= 5_000; crashAtMs += 100) {
        try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(11), ChordConfig.defaults())) {
          List<PeerHandle<ChordPeer>> peers = c.launch(3);
          assertTrue(c.awaitStable(60_000));
          List<PeerHandle<ChordPeer>> byId = peers.stream()
              .sorted(Comparator.comparingLong(p -> p.ref().id())).toList();
          PeerHandle<ChordPeer> origin = byId.get(0);
          PeerHandle<ChordPeer> successor = byId.get(1);
          String key = keyOwnedBy(c.ring(), origin.ref().id(), successor.ref().id());
          c.crash(successor);
          Future<?> op = write
              ? c.network().inspect(origin, p -> p.put(key, "v"))
              : c.network().inspect(origin, p -> p.get(key));
          c.network().runFor(crashAtMs);
          if (op.isComplete()) {
            continue;
          }
          c.crash(origin);
          crashedUnderWay++;
          String at = (write ? "put" : "get") + ", origin crashed " + crashAtMs + " ms into it";
          assertTrue(op.isComplete(), () -> at + ": it never ended");
          if (write) {
            assertEquals(WriteOutcome.FAILED, ((WriteResult) op.result()).outcome(), at);
          } else {
            assertEquals(ReadOutcome.FAILED, ((ReadResult) op.result()).outcome(), at);
          }
        }
      }
      assertTrue(crashedUnderWay > 0, (write ? "put" : "get") + ": never under way at a crash");
    }
  }

  /** A key whose id lies in {@code (from, to]}, so its primary is the peer at {@code to}. */
  private static String keyOwnedBy(IdRing ring, long from, long to) {
    for (int i = 0; ; i++) {
      String key = "key-" + i;
      if (ring.inHalfOpen(ring.hash(key), from, to)) {
        return key;
      }
    }
  }
}
