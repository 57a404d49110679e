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
   * Every recorded (digest, direction, link) is held, and absent ones are held at the rate the
   * filters predict from their fill (within 3 standard deviations of a binomial count over 40,000
   * queries). The first filter is sized for the initial rate (10/s, 10 entries, at least 16) and
   * fills at once; the next ones are sized from the rate they saw and fill to capacity, so the
   * interval of the last 1,000 entries overlaps several filters at capacity: more than p.
   */
  @Test
  void recordedDigestsAreHeldAndOthersAtTheFiltersRate() {
    double p = 0.01;
    TracebackConfig config = TracebackConfig.defaults().withWindows(1000, 3).withFalsePositiveRate(p);
    DigestLog log = new DigestLog(config);
    SplittableRandom r = new SplittableRandom(3);
    long[] digests = new long[2000];
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
    double predicted = log.falsePositiveRate(2000, 2999);
    assertTrue(predicted > 1.5 * p && predicted < 5 * p, "a few filters at capacity: " + predicted);
    assertEquals(predicted, rate, 3 * Math.sqrt(predicted / queries), "false-positive rate");
    assertFalse(log.holds(Direction.SENT, A, digests[0], 2000, 2999), "direction is part of the key");
  }

  /**
   * A filter is retired when it holds the entries it was sized for, before its time ends: the next
   * entry opens a new filter. The retired filter is full, so its false-positive rate, measured over
   * 200,000 absent keys (seed 5), lies within 10% of the target p = 0.01 (the binomial standard
   * deviation is 2.2% of p; integer k and whole words put the formula's own rate at 0.01003), and it
   * spends within 1% of 1.44 log2(1/p) bits per entry.
   */
  @Test
  void aFilterIsRetiredAtCapacityFilledToItsTargetRate() {
    double p = 0.01;
    // 1,000/s over windows of 10 s: the first filter is sized for 10,000 entries
    TracebackConfig config = new TracebackConfig(10_000, 3, p, 1000, 256, 1024);
    DigestLog log = new DigestLog(config);
    SplittableRandom r = new SplittableRandom(5);
    // until the filter holds 10,000 distinct keys (a key that tests positive already sets no bit)
    int i = 0;
    for (; log.entries() < 10_000; i++) {
      log.record(Direction.RECEIVED, A, r.nextLong(), 40, i / 10);
    }
    long end = (i - 1) / 10;
    assertEquals(10_000, log.currentCapacity());
    assertEquals(1, log.windowsIn(0, 100_000));
    long bytes = log.filterBytes();
    log.record(Direction.RECEIVED, A, r.nextLong(), 40, end + 1);
    assertEquals(2, log.windowsIn(0, 100_000), "a full filter is retired at its next entry, 9 s before its time ends");
    assertEquals(1, log.usage().atCapacity());
    assertEquals(0, log.usage().byTime());
    // the rate the full filter saw (10,000 in about 1 s) sizes the next one for 80% of 10 s of it
    assertEquals(DigestLog.SIZING * 10_000 * 10_000.0 / (end + 1), log.currentCapacity(), 1.0);
    double optimumBits = 1.44 * Math.log(1 / p) / Math.log(2);
    assertEquals(optimumBits, bytes * 8.0 / 10_000, 0.01 * optimumBits, "bits per entry of the full filter");

    int queries = 200_000;
    int falsePositives = 0;
    for (int q = 0; q < queries; q++) {
      // the retired filter alone: the next one starts after its last entry
      falsePositives += log.holds(Direction.SENT, B, r.nextLong(), 0, end) ? 1 : 0;
    }
    double rate = falsePositives / (double) queries;
    assertEquals(p, log.falsePositiveRate(0, end), 0.05 * p, "the rate at the filter's fill");
    assertEquals(p, rate, 0.1 * p, "measured false-positive rate of the full filter");
  }

  /**
   * A filter whose time ends at most half full (the rate fell) is folded in half, as often as that
   * holds, and keeps every entry; it stays within p; the next filter is sized for the rate it saw.
   */
  @Test
  void aFilterRetiredByTimeUnderHalfFullIsFolded() {
    double p = 0.001;
    TracebackConfig config = new TracebackConfig(10_000, 3, p, 1000, 256, 1024);
    DigestLog log = new DigestLog(config);
    SplittableRandom r = new SplittableRandom(9);
    long[] digests = new long[2000];
    for (int i = 0; i < digests.length; i++) {
      digests[i] = r.nextLong();
      log.record(Direction.SENT, B, digests[i], 40, i);
    }
    long entries = log.entries();
    long bytes = log.filterBytes();
    log.advance(10_000);
    // 2,000 of 10,000: folded to 5,000 and to 2,500, not to 1,250
    assertEquals(2, log.usage().folds());
    assertEquals((bytes / 4 + 7) / 8 * 8, log.filterBytes(), "a quarter of the bits, in whole words");
    for (long d : digests) {
      assertTrue(log.holds(Direction.SENT, B, d, 0, 10_000));
    }
    double fp = log.falsePositiveRate(0, 10_000);
    assertTrue(fp <= p && fp > p / 10, "folded filter at 80% of its capacity: " + fp);
    log.record(Direction.SENT, B, r.nextLong(), 40, 10_000);
    assertEquals((long) Math.ceil(DigestLog.SIZING * entries), log.currentCapacity(),
        "the entries of 10 s size the next filter, times the sizing share");
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
