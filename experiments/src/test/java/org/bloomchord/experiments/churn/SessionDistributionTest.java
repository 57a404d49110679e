package org.bloomchord.experiments.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Sample statistics of 200,000 draws with fixed seeds against the closed forms. Tolerances are
 * several standard errors: the sample median's relative error is about 1/(2 f(m) m sqrt(n)), under
 * 0.5% for these shapes, and the sample mean's is CV/sqrt(n), under 0.5% too (CV <= 2.2 here).
 */
class SessionDistributionTest {

  private static final int N = 200_000;

  private static double[] draw(SessionDistribution d, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] s = new double[N];
    for (int i = 0; i < N; i++) {
      s[i] = d.sampleSeconds(rng);
      assertTrue(s[i] > 0);
    }
    Arrays.sort(s);
    return s;
  }

  private static double mean(double[] s) {
    return Arrays.stream(s).sum() / s.length;
  }

  private static double median(double[] s) {
    return s[s.length / 2];
  }

  @Test
  void exponentialMatchesItsMeanAndMedian() {
    SessionDistribution d = new SessionDistribution.Exponential(10);
    double[] s = draw(d, 1);
    assertEquals(10.0, mean(s), 10.0 * 0.015);
    assertEquals(10 * Math.log(2), median(s), d.medianSeconds() * 0.015);
  }

  @Test
  void weibullGivenByMedianMatchesMedianAndMean() {
    SessionDistribution.Weibull d = SessionDistribution.Weibull.withMedian(20, 0.6);
    assertEquals(20.0, d.medianSeconds(), 1e-9);
    // mean = scale * Gamma(1 + 1/0.6) = scale * Gamma(8/3), Gamma(8/3) = 1.5046...
    assertEquals(d.scale() * 1.504575488, d.meanSeconds(), 1e-6);
    double[] s = draw(d, 2);
    assertEquals(20.0, median(s), 20.0 * 0.02);
    assertEquals(d.meanSeconds(), mean(s), d.meanSeconds() * 0.03);
  }

  @Test
  void weibullOfShapeOneIsExponential() {
    SessionDistribution.Weibull d = new SessionDistribution.Weibull(10, 1);
    assertEquals(10.0, d.meanSeconds(), 1e-9);
    assertEquals(10.0, mean(draw(d, 3)), 10.0 * 0.015);
  }

  @Test
  void paretoGivenByMedianMatchesMedianAndMean() {
    SessionDistribution.Pareto d = SessionDistribution.Pareto.withMedian(20, 2.5);
    assertEquals(20.0, d.medianSeconds(), 1e-9);
    assertEquals(2.5 * d.scale() / 1.5, d.meanSeconds(), 1e-9);
    double[] s = draw(d, 4);
    assertEquals(20.0, median(s), 20.0 * 0.02);
    assertEquals(d.meanSeconds(), mean(s), d.meanSeconds() * 0.03);
    assertTrue(s[0] >= d.scale());
    assertEquals(Double.POSITIVE_INFINITY, new SessionDistribution.Pareto(1, 1).meanSeconds());
  }

  @Test
  void badParametersAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new SessionDistribution.Exponential(0));
    assertThrows(IllegalArgumentException.class, () -> SessionDistribution.Weibull.withMedian(20, -1));
    assertThrows(IllegalArgumentException.class, () -> new SessionDistribution.Pareto(Double.NaN, 2));
  }
}
