package org.bloomchord.routing.traceback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.bloomchord.chord.MessageObserver.Direction;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

class DigestLogTest {

  private static final PeerRef A = new PeerRef("a", 1);
  private static final PeerRef B = new PeerRef("b", 2);

  /**
   * Every recorded (digest, direction, link) is held, and absent ones are held no more often than
   * the target rate: the filter is sized for the rate of the window before with headroom, so the
   * measured rate lies below the target (within sampling error over 40,000 queries).
   */
  @Test
  void recordedDigestsAreHeldAndOthersAtMostAtTheTargetRate() {
    double p = 0.01;
    TracebackConfig config = TracebackConfig.defaults().withWindows(1000, 3).withFalsePositiveRate(p);
    DigestLog log = new DigestLog(config);
    SplittableRandom r = new SplittableRandom(3);
    long[] digests = new long[2000];
    // first window at the initial rate (50/s, 50 in a window); the second sized from 2,000 in the first
    for (int w = 0; w < 3; w++) {
      for (int i = 0; i < digests.length; i++) {
        digests[i] = r.nextLong();
        log.record(Direction.RECEIVED, A, digests[i], 100, w * 1000L + i / 2);
      }
    }
    for (long d : digests) {
      assertTrue(log.holds(Direction.RECEIVED, A, d, 2000, 2999));
    }
    int falsePositives = 0;
    int queries = 40_000;
    for (int i = 0; i < queries; i++) {
      falsePositives += log.holds(Direction.SENT, B, r.nextLong(), 2000, 2999) ? 1 : 0;
    }
    double rate = falsePositives / (double) queries;
    assertTrue(rate <= p + 3 * Math.sqrt(p / queries), "false-positive rate " + rate);
    assertFalse(log.holds(Direction.SENT, A, digests[0], 2000, 2999), "direction is part of the key");
  }

  /** Windows beyond the retention are dropped: memory stays bounded and old digests are gone. */
  @Test
  void digestsOlderThanTheWindowsKeptAreGone() {
    TracebackConfig config = TracebackConfig.defaults().withWindows(1000, 3);
    DigestLog log = new DigestLog(config);
    log.record(Direction.RECEIVED, A, 42, 80, 0);
    assertTrue(log.holds(Direction.RECEIVED, A, 42, 0, 10_000));
    for (long t = 1000; t <= 5000; t += 1000) {
      log.record(Direction.RECEIVED, B, t, 80, t);
    }
    assertEquals(3, log.windowsIn(0, 10_000));
    assertEquals(3000, log.oldest(5000));
    assertFalse(log.holds(Direction.RECEIVED, A, 42, 0, 10_000));
    assertEquals(3 * 80, log.messageBytes());
    assertTrue(log.filterBytes() > 0);
  }
}
