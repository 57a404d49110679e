package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.bloomchord.routing.bloom.SpectralBloomFilter.Estimator;
import org.bloomchord.routing.bloom.SpectralBloomFilter.Removal;
import org.junit.jupiter.api.Test;

/**
 * Frequency estimates of the three spectral estimators over Zipf-skewed multisets, against the
 * exact counts. The filters are loaded so that errors occur (about 0.6 distinct keys per counter).
 */
class SpectralBloomFilterTest {

  private static final BloomShape PRIMARY = new BloomShape(3000, 4);
  private static final BloomShape SECONDARY = new BloomShape(1500, 4);

  /** 20,000 draws from 2,000 keys with P(rank r) proportional to 1 / r. */
  private static List<Long> zipfStream(long seed) {
    Random rnd = new Random(seed);
    int keys = 2000;
    double[] cdf = new double[keys];
    double sum = 0;
    for (int r = 0; r < keys; r++) {
      sum += 1.0 / (r + 1);
      cdf[r] = sum;
    }
    long[] ids = new long[keys];
    for (int r = 0; r < keys; r++) {
      ids[r] = rnd.nextLong();
    }
    List<Long> stream = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      int idx = java.util.Arrays.binarySearch(cdf, rnd.nextDouble() * sum);
      stream.add(ids[idx < 0 ? -idx - 1 : idx]);
    }
    return stream;
  }

  private static Map<Long, Integer> counts(List<Long> stream) {
    Map<Long, Integer> truth = new HashMap<>();
    stream.forEach(k -> truth.merge(k, 1, Integer::sum));
    return truth;
  }

  private static SpectralBloomFilter filter(Estimator e) {
    return e == Estimator.RECURRING_MINIMUM ? SpectralBloomFilter.recurringMinimum(PRIMARY, SECONDARY)
        : new SpectralBloomFilter(PRIMARY, e);
  }

  /** Mean of (estimate - truth) over the distinct keys; fails if any estimate is below truth. */
  private static double meanErrorNeverBelow(SpectralBloomFilter f, Map<Long, Integer> truth) {
    long total = 0;
    for (Map.Entry<Long, Integer> e : truth.entrySet()) {
      int estimate = f.frequency(e.getKey());
      assertTrue(estimate >= e.getValue(), f + ": key " + e.getKey() + " estimated " + estimate + " < " + e.getValue());
      total += estimate - e.getValue();
    }
    return (double) total / truth.size();
  }

  /** Share of distinct keys whose estimate is below the truth, and the mean |estimate - truth|. */
  private static double[] underestimates(SpectralBloomFilter f, Map<Long, Integer> truth) {
    int below = 0;
    long abs = 0;
    for (Map.Entry<Long, Integer> e : truth.entrySet()) {
      int estimate = f.frequency(e.getKey());
      if (estimate < e.getValue()) {
        below++;
      }
      abs += Math.abs(estimate - e.getValue());
    }
    return new double[] {(double) below / truth.size(), (double) abs / truth.size()};
  }

  @Test
  void minimumSelectionAndMinimalIncreaseNeverUnderestimateAnInsertOnlyStream() {
    for (long seed = 1; seed <= 3; seed++) {
      List<Long> stream = zipfStream(seed);
      Map<Long, Integer> truth = counts(stream);
      for (Estimator e : new Estimator[] {Estimator.MINIMUM_SELECTION, Estimator.MINIMAL_INCREASE}) {
        SpectralBloomFilter f = filter(e);
        stream.forEach(f::insert);
        meanErrorNeverBelow(f, truth);
      }
    }
  }

  @Test
  void minimalIncreaseAndRecurringMinimumErrLessThanMinimumSelection() {
    for (long seed = 1; seed <= 3; seed++) {
      List<Long> stream = zipfStream(seed);
      Map<Long, Integer> truth = counts(stream);
      SpectralBloomFilter ms = filter(Estimator.MINIMUM_SELECTION);
      SpectralBloomFilter mi = filter(Estimator.MINIMAL_INCREASE);
      SpectralBloomFilter rm = filter(Estimator.RECURRING_MINIMUM);
      stream.forEach(ms::insert);
      stream.forEach(mi::insert);
      stream.forEach(rm::insert);
      double msError = meanErrorNeverBelow(ms, truth);
      double miError = meanErrorNeverBelow(mi, truth);
      double[] rmError = underestimates(rm, truth);
      assertTrue(msError > 0, "the load makes MS err");
      assertTrue(miError <= msError, "MI " + miError + " vs MS " + msError);
      assertTrue(rmError[1] <= msError, "RM " + rmError[1] + " vs MS " + msError);
      // RM is not one-sided (secondary false positives); measured about 1% of keys at this load
      assertTrue(rmError[0] <= 0.02, "RM underestimates " + rmError[0] + " of the keys");
    }
  }

  @Test
  void minimumSelectionStaysAboveTheTruthThroughRemovalsAndRecurringMinimumMostly() {
    List<Long> stream = zipfStream(9);
    SpectralBloomFilter ms = filter(Estimator.MINIMUM_SELECTION);
    SpectralBloomFilter rm = filter(Estimator.RECURRING_MINIMUM);
    stream.forEach(ms::insert);
    stream.forEach(rm::insert);
    Map<Long, Integer> truth = counts(stream);
    List<Long> remaining = new ArrayList<>(stream);
    java.util.Collections.shuffle(remaining, new Random(9));
    for (int i = 0; i < 10_000; i++) {
      long key = remaining.remove(remaining.size() - 1);
      assertEquals(Removal.REMOVED, ms.remove(key));
      assertEquals(Removal.REMOVED, rm.remove(key));
      truth.merge(key, -1, Integer::sum);
    }
    double msError = meanErrorNeverBelow(ms, truth);
    double[] rmError = underestimates(rm, truth);
    assertTrue(rmError[1] <= msError, "RM " + rmError[1] + " vs MS " + msError);
    // measured about 4% of keys at this load after removing half the occurrences
    assertTrue(rmError[0] <= 0.06, "RM underestimates " + rmError[0] + " of the keys");
  }

  @Test
  void removingEveryOccurrenceEmptiesTheCounters() {
    SpectralBloomFilter f = new SpectralBloomFilter(new BloomShape(500, 3), Estimator.MINIMUM_SELECTION);
    for (long key = 0; key < 50; key++) {
      for (int i = 0; i <= key % 4; i++) {
        f.insert(key);
      }
    }
    assertEquals(4, f.frequency(7L), "7 was inserted 4 times; no collision at this load");
    for (long key = 0; key < 50; key++) {
      for (int i = 0; i <= key % 4; i++) {
        f.remove(key);
      }
    }
    for (int i = 0; i < 500; i++) {
      assertEquals(0, f.counter(i));
    }
    assertEquals(Removal.CERTAINLY_ABSENT, f.remove(1L));
  }

  @Test
  void thresholdQueries() {
    SpectralBloomFilter f = new SpectralBloomFilter(new BloomShape(10_000, 5), Estimator.MINIMAL_INCREASE);
    for (int i = 0; i < 12; i++) {
      f.insert(42L);
    }
    f.insert(43L);
    assertTrue(f.atLeast(42L, 12));
    assertTrue(!f.atLeast(43L, 2));
    assertEquals(0, f.frequency(44L));
  }

  @Test
  void minimalIncreaseRefusesRemoval() {
    SpectralBloomFilter f = new SpectralBloomFilter(new BloomShape(100, 3), Estimator.MINIMAL_INCREASE);
    f.insert(1L);
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> f.remove(1L));
    assertTrue(e.getMessage().contains("does not support removal"));
  }

  @Test
  void recurringMinimumNeedsItsSecondary() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SpectralBloomFilter(PRIMARY, Estimator.RECURRING_MINIMUM));
    assertTrue(e.getMessage().contains("secondary"));
  }
}
