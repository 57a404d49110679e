package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The estimate of the difference from the counts of two sides' symbols, against the difference
 * the sets were built with.
 */
class DifferenceSamplesTest {

  private static final ElementShape SHAPE = ElementShape.KEY64;

  /** Relative errors of the estimate over {@code trials} set pairs, counts at [8, 8 + n). */
  private static double[] errors(int d, int n, int trials, long seed) {
    double[] e = new double[trials];
    for (int t = 0; t < trials; t++) {
      SetPair p = SetPair.of(SHAPE, 3000, d / 2, d - d / 2, seed + t);
      DifferenceSamples s = new DifferenceSamples();
      s.sampleCounts(8, IndexCounts.of(p.a(), 8, n), IndexCounts.of(p.b(), 8, n));
      assertEquals(n, s.samples());
      e[t] = s.estimate(p.a().size() - p.b().size()) / d - 1;
    }
    return e;
  }

  /**
   * Over 40 pairs each, the estimate from n counts below index 2d has a relative standard error of
   * sqrt(2 / n) within a factor 0.6..1.5 (the variance of a chi-square sample; measured 0.85 to
   * 1.12 at d = 30 to 10^5) and no bias beyond three standard errors of the mean.
   */
  @Test
  void theEstimateFromCountsErrsBySqrtTwoOverTheSamples() {
    int[][] cases = {{300, 256}, {3000, 1024}};
    for (int[] c : cases) {
      int trials = 40;
      double[] e = errors(c[0], c[1], trials, 31L * c[0]);
      double mean = 0;
      double squares = 0;
      for (double x : e) {
        mean += x / trials;
        squares += x * x / trials;
      }
      double sd = Math.sqrt(squares - mean * mean);
      double expected = Math.sqrt(2.0 / c[1]);
      String what = "d=" + c[0] + " n=" + c[1] + ": sd " + sd + ", mean " + mean;
      assertTrue(sd > 0.6 * expected && sd < 1.5 * expected, what);
      assertTrue(Math.abs(mean) < 3 * sd / Math.sqrt(trials), what);
    }
  }

  @Test
  void noSamplesGiveTheSizeDifferenceAndIndexZeroIsNoSample() {
    DifferenceSamples s = new DifferenceSamples();
    assertEquals(7, s.estimate(-7));
    s.sample(0, 1000);
    assertEquals(0, s.samples());
    assertEquals(3, s.estimate(3));
  }
}
