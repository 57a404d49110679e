package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link NodePace} on a clock the test moves. */
class NodePaceTest {

  private final AtomicLong clock = new AtomicLong(1_000);
  private final NodePace pace = new NodePace(clock::get);

  @Test
  void aPeerOfANodeNeverHeardFromIsNotBehind() {
    assertFalse(pace.slowNotGone("two", "b@two"), "silence from a node never heard is failure as before");
  }

  @Test
  void aPeerOfANodeHeardFromIsBehindUntilTheNodeReportsItGone() {
    pace.heard("two");
    assertTrue(pace.slowNotGone("two", "b@two"));
    assertFalse(pace.slowNotGone("three", "c@three"), "paces are per node");
    pace.gone("two", "b@two");
    assertFalse(pace.slowNotGone("two", "b@two"), "its node said it is not there: its silence is failure");
    assertTrue(pace.slowNotGone("two", "a@two"), "the node's other peers are still only behind");
    pace.answered("two", "b@two");
    assertTrue(pace.slowNotGone("two", "b@two"), "it answered again (restarted at the same address)");
  }

  @Test
  void aNodeThatTalksSteadilyMayBeDeadAfterASecondOfSilence() {
    for (int i = 0; i < 100; i++) {
      pace.heard("two");
      clock.addAndGet(10);
    }
    assertEquals(NodePace.MIN_SILENCE_MS, pace.silenceBoundMs("two"));
    clock.addAndGet(NodePace.MIN_SILENCE_MS - 10);
    assertTrue(pace.slowNotGone("two", "b@two"), "heard exactly the bound ago");
    clock.addAndGet(1);
    assertFalse(pace.slowNotGone("two", "b@two"), "silent past the bound: dead or cut off, not behind");
    pace.heard("two");
    assertTrue(pace.slowNotGone("two", "b@two"), "heard again");
  }

  @Test
  void aNodeThatPausedLatelyIsGivenTwiceItsLongestPauseUpToTheCeiling() {
    pace.heard("two");
    clock.addAndGet(3_000);
    pace.heard("two");
    assertEquals(6_000, pace.silenceBoundMs("two"), "a 3 s pause between words: 6 s of silence is still a pause");
    clock.addAndGet(5_000);
    assertTrue(pace.slowNotGone("two", "b@two"));
    clock.addAndGet(1_001);
    assertFalse(pace.slowNotGone("two", "b@two"));
    pace.heard("two");
    assertEquals(NodePace.MAX_SILENCE_MS, pace.silenceBoundMs("two"), "a 6 s pause: the 10 s ceiling");
  }

  @Test
  void thePausesOfAStormAreForgottenByHalves() {
    pace.heard("two");
    clock.addAndGet(4_000);
    pace.heard("two");
    assertEquals(8_000, pace.silenceBoundMs("two"));
    for (int i = 0; i < 3; i++) {
      for (long t = 0; t < NodePace.GAP_DECAY_MS; t += 100) {
        clock.addAndGet(100);
        pace.heard("two");
      }
    }
    assertEquals(NodePace.MIN_SILENCE_MS, pace.silenceBoundMs("two"), "4 s halved three times is below the floor");
  }

  @Test
  void peersReportedGoneLongAgoAreForgottenOnlyWhenManyAre() {
    pace.gone("two", "old@two");
    clock.addAndGet(NodePace.GONE_MEMORY_MS + 1);
    pace.heard("two");
    assertFalse(pace.slowNotGone("two", "old@two"), "remembered while few are");
    for (int i = 0; i < 5_000; i++) {
      pace.gone("two", "p" + i + "@two");
    }
    assertTrue(pace.slowNotGone("two", "old@two"), "forgotten once the memory was swept");
    assertFalse(pace.slowNotGone("two", "p4999@two"), "recent reports kept");
  }
}
