package org.bloomchord.routing.heavy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.bloomchord.routing.bloom.BloomShape;
import org.junit.jupiter.api.Test;

/** Heavy-hitter flags against exact counts, and the window's two generations. */
class WindowedCountingFilterTest {

  /** Flags of one rule on a shuffled Zipf(1) stream of 20,000 items, 50 of them at or over T = 500. */
  private static int[] judge(UpdateRule rule, double[] bound) {
    int items = 20_000;
    int heavy = 50;
    long t = 500;
    List<Integer> stream = new ArrayList<>();
    long[] counts = new long[items];
    long total = 0;
    for (int r = 1; r <= items; r++) {
      counts[r - 1] = Math.max(1, Math.round(t * (double) heavy / r));
      total += counts[r - 1];
      for (int c = 0; c < counts[r - 1]; c++) {
        stream.add(r - 1);
      }
    }
    Collections.shuffle(stream, new Random(11));
    int m = 4000;
    int k = 4;
    WindowedCountingFilter f = new WindowedCountingFilter(new BloomShape(m, k), rule);
    for (int i : stream) {
      f.add(1_000_003L * i + 17, 1);
    }
    int fn = 0;
    int fp = 0;
    double expected = 0;
    for (int i = 0; i < items; i++) {
      long est = f.estimate(1_000_003L * i + 17);
      assertTrue(est >= counts[i], "estimate below the true count of item " + i);
      boolean isHeavy = counts[i] >= t;
      fn += isHeavy && est < t ? 1 : 0;
      fp += !isHeavy && est >= t ? 1 : 0;
      if (!isHeavy) {
        expected += WindowedCountingFilter.passBound(counts[i], t, total, m, k);
      }
    }
    bound[0] = expected;
    return new int[] {fn, fp};
  }

  @Test
  void everyHeavyItemIsFlaggedAndConservativeUpdateFlagsFewerInnocentOnes() {
    double[] bound = new double[1];
    int[] plain = judge(UpdateRule.PLAIN, bound);
    int[] conservative = judge(UpdateRule.CONSERVATIVE, bound);
    assertEquals(0, plain[0], "plain: heavy items missed");
    assertEquals(0, conservative[0], "conservative: heavy items missed");
    assertTrue(plain[1] <= bound[0], "plain false positives " + plain[1] + " above the bound " + bound[0]);
    assertTrue(plain[1] >= 5, "the setting should give the plain filter false positives to compare: " + plain[1]);
    assertTrue(conservative[1] < plain[1], "conservative " + conservative[1] + " vs plain " + plain[1]);
  }

  @Test
  void anEstimateCoversTheCurrentAndPreviousWindowAndForgetsOlderOnes() {
    HeavyHitterDetector d = new HeavyHitterDetector(new BloomShape(1024, 3), UpdateRule.CONSERVATIVE, 10, 1000, 0);
    for (int i = 0; i < 6; i++) {
      d.count(42, 100 + i);
    }
    for (int i = 0; i < 4; i++) {
      assertEquals(i == 3, d.count(42, 1500 + i), "6 in window 1 and " + (i + 1) + " in window 2");
    }
    assertTrue(d.isHeavy(42, 1999));
    assertTrue(!d.isHeavy(42, 2000), "window 1 has left the two generations");
    assertTrue(!d.isHeavy(42, 9000));
  }

  @Test
  void memoryStaysFixedHoweverManyItemsPassAndWindowsTurn() {
    for (UpdateRule rule : UpdateRule.values()) {
      WindowedCountingFilter f = new WindowedCountingFilter(new BloomShape(1024, 3), rule);
      long empty = f.memoryBytes();
      for (int window = 0; window < 3; window++) {
        for (int i = 0; i < 100_000; i++) {
          f.add(1_000_003L * (window * 100_000L + i), 1 + i % 7);
        }
        f.rotate();
        assertEquals(empty, f.memoryBytes(), rule + ": after window " + window + " of 100,000 new items");
      }
      WindowedCountingFilter twice = new WindowedCountingFilter(new BloomShape(2048, 3), rule);
      assertEquals(2 * empty, twice.memoryBytes(), "memory grows with the counters, not with the items");
      assertEquals(empty, new HeavyHitterDetector(new BloomShape(1024, 3), rule, 10, 1000, 0).memoryBytes(),
          "the detector holds one such filter");
    }
  }

  @Test
  void noEstimateFallsBelowTheTrueCountAcrossRotations() {
    // a crowded filter (3,000 items on 512 counters) over 4 windows, every item's estimate checked
    // against its exact count over the current and previous window after every window and right
    // after every rotation
    for (UpdateRule rule : UpdateRule.values()) {
      WindowedCountingFilter f = new WindowedCountingFilter(new BloomShape(512, 4), rule);
      Random random = new Random(5);
      int items = 3000;
      long[] previous = new long[items];
      for (int window = 0; window < 4; window++) {
        long[] current = new long[items];
        for (int n = 0; n < 20_000; n++) {
          int i = random.nextInt(items) % (1 + random.nextInt(items));
          f.add(31L * i + 7, 1);
          current[i]++;
        }
        for (int i = 0; i < items; i++) {
          assertTrue(f.estimate(31L * i + 7) >= current[i] + previous[i],
              rule + ": item " + i + " in window " + window + " below its true count");
        }
        f.rotate();
        previous = current;
        for (int i = 0; i < items; i++) {
          // right after the rotation, before the item is counted again
          assertTrue(f.estimate(31L * i + 7) >= previous[i],
              rule + ": item " + i + " after window " + window + " below its true count");
        }
      }
    }
  }

  @Test
  void anItemCountedOverBusyCountersKeepsItsCountAfterTheRotation() {
    // window 1 leaves every counter busy; in window 2 item x is counted 21 times, which (current +
    // previous) already covers, so a rule that raised only the sum would leave x's current counters
    // low and lose x at the next rotation
    for (UpdateRule rule : UpdateRule.values()) {
      WindowedCountingFilter f = new WindowedCountingFilter(new BloomShape(64, 4), rule);
      for (int i = 0; i < 500; i++) {
        f.add(1_000_003L * i + 1, 5);
      }
      f.rotate();
      long x = 424_242;
      for (int n = 0; n < 21; n++) {
        f.add(x, 1);
      }
      f.rotate();
      assertTrue(f.estimate(x) >= 21, rule + ": estimate " + f.estimate(x) + " after the rotation");
    }
  }
}
