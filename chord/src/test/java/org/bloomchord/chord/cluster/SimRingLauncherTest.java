package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The shared launcher joining a second group of peers into a running ring whose maintenance has
 * backed off (what a second node does when it joins a quiet one): every join starts at once, and
 * with successor-list pushes the ring is stable within a few stabilize periods of the last join,
 * not after the backed-off peers' next rounds, one per peer back from each joiner.
 */
class SimRingLauncherTest {

  private static final int RUNNING = 200;
  private static final int JOINERS = 200;
  private static final long STABILIZE_MS = 500;

  /** Simulated ms from the start of the second group's launch to a stable ring. */
  private static long joinIntoABackedOffRing(boolean push, List<int[]> ticks) {
    ChordConfig config = ChordConfig.defaults().withPeriods(STABILIZE_MS, STABILIZE_MS, STABILIZE_MS)
        .withAdaptivePeriods(32 * STABILIZE_MS, 128 * STABILIZE_MS).withSuccessorPush(push);
    try (ChordCluster c = ChordCluster.create("sim", NetworkOptions.defaults().withSeed(11), config)) {
      c.launchPlaced(RUNNING);
      c.network().runFor(300_000); // five quiet minutes: stabilize at its 16 s ceiling (reached in about 80 s)
      List<PeerRef> onRing = new ArrayList<>();
      c.peers().forEach(h -> onRing.add(h.ref()));
      List<PeerRef> refs = new ArrayList<>();
      for (int i = 0; i < JOINERS; i++) {
        refs.addAll(c.hostRefs("q", i));
      }
      RingLauncher launcher = new RingLauncher(c.network(), new SplittableRandom(7),
          (ref, boot) -> new ChordPeer(config, boot, List.of()), config.joinWaitMs(), 60_000);
      long start = c.network().now();
      RingLauncher.Launch done = launcher.stream(refs, onRing, 1000, 100, (j, f) -> ticks.add(new int[] {j, f}));
      assertEquals(JOINERS, done.joined().size());
      assertEquals(List.of(), done.failed());
      assertTrue(c.awaitStable(3_600_000), () -> "not stable: " + c.checkRing());
      assertEquals(RUNNING + JOINERS, c.checkRing().peers());
      return c.network().now() - start;
    }
  }

  @Test
  void aSecondGroupJoinsAllAtOnceAndTheRingIsStableWithinAFewPeriods() {
    List<int[]> ticks = new ArrayList<>();
    long withPush = joinIntoABackedOffRing(true, ticks);
    int[] first = ticks.get(0);
    assertEquals(JOINERS, first[0] + first[1], "every join started in the first tick: " + first[0] + "+" + first[1]);
    long withoutPush = joinIntoABackedOffRing(false, new ArrayList<>());
    System.out.printf("second group of %d into a backed-off ring of %d: stable after %d ms with pushes, %d ms without%n",
        JOINERS, RUNNING, withPush, withoutPush);
    assertTrue(withPush <= 10 * STABILIZE_MS, "stable within 10 stabilize periods with pushes: " + withPush + " ms");
    assertTrue(withPush < withoutPush, "pushes beat the backed-off rounds: " + withPush + " vs " + withoutPush);
  }
}
