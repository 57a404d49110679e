package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.lookup.LookupOutcome;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.junit.jupiter.api.Test;

/** A peer that stops fails every lookup it started, whatever the lookup was doing. */
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
}
