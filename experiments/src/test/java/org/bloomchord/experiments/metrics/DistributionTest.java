package org.bloomchord.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Percentiles are nearest-rank and the mean is the plain sum over n, whatever the library does inside. */
class DistributionTest {

  /** The textbook nearest-rank percentile: the value of rank ceil(p/100 · n), 1-based, in ascending order. */
  private static double handNearestRank(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100 * sorted.length);
    return sorted[Math.max(1, rank) - 1];
  }

  @Test
  void percentilesAreTheNearestRankOfTheHandFormulaForEverySizeAndOrder() {
    SplittableRandom random = new SplittableRandom(38);
    double[] ps = {0.1, 1, 5, 10, 25, 33.3, 50, 66.7, 75, 90, 95, 99, 99.9, 100};
    for (int n = 1; n <= 400; n++) {
      double[] values = new double[n];
      for (int i = 0; i < n; i++) {
        // ties and integer samples (hops, keys per peer) as well as spread-out doubles
        values[i] = i % 3 == 0 ? random.nextInt(5) : random.nextDouble() * 1000;
      }
      for (double p : ps) {
        assertEquals(handNearestRank(values, p), Distribution.percentile(values, p), 0, "n " + n + ", p " + p);
      }
      double[] sorted = values.clone();
      Arrays.sort(sorted);
      Distribution d = Distribution.of(values);
      double sum = 0;
      for (double v : sorted) {
        sum += v;
      }
      assertEquals(sum / n, d.mean(), 0, "mean of " + n);
      assertEquals(handNearestRank(values, 1), d.p1(), 0);
      assertEquals(handNearestRank(values, 50), d.p50(), 0);
      assertEquals(handNearestRank(values, 99), d.p99(), 0);
      assertEquals(sorted[n - 1], d.max(), 0);
    }
  }

  @Test
  void smallSetsGiveTheRanksOneCountsOnPaper() {
    double[] ten = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
    assertEquals(1, Distribution.percentile(ten, 1));
    assertEquals(1, Distribution.percentile(ten, 10));
    assertEquals(2, Distribution.percentile(ten, 10.1));
    assertEquals(5, Distribution.percentile(ten, 50));
    assertEquals(10, Distribution.percentile(ten, 99));
    assertEquals(5.5, Distribution.mean(ten));
    assertEquals(0, Distribution.percentile(new double[0], 50));
    assertEquals(Distribution.EMPTY, Distribution.of(new double[0]));
  }
}
