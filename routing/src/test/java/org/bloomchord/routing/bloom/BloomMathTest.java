package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The formulas against values computed by hand. */
class BloomMathTest {

  @Test
  void eightBitsPerKeyWithSixProbesGiveAbout2Point16Percent() {
    // (1 - e^{-6/8})^6 = 0.527633^6 = 0.021577
    assertEquals(0.021577, BloomMath.falsePositiveApprox(8000, 6, 1000), 1e-6);
    // (1 - (1 - 1/8000)^6000)^6: (1 - 1/8000)^6000 = e^{-0.7500469} = 0.4723444
    assertEquals(0.021577, BloomMath.falsePositiveExact(8000, 6, 1000), 2e-5);
    assertEquals(0.4723444, BloomMath.zeroBitProbability(8000, 6, 1000), 1e-6);
  }

  @Test
  void exactAndApproximateRatesConvergeForLargeFilters() {
    double exact = BloomMath.falsePositiveExact(1L << 30, 7, 100_000_000);
    double approx = BloomMath.falsePositiveApprox(1L << 30, 7, 100_000_000);
    assertEquals(approx, exact, approx * 1e-6);
  }

  @Test
  void smallFiltersDifferFromTheApproximation() {
    // m = 2, k = 1, n = 1: exact = 1 - (1/2) = 0.5; approx = 1 - e^{-1/2} = 0.393469
    assertEquals(0.5, BloomMath.falsePositiveExact(2, 1, 1), 1e-12);
    assertEquals(0.393469, BloomMath.falsePositiveApprox(2, 1, 1), 1e-6);
  }

  @Test
  void theOptimalRateIsAbout0Point6185ToTheBitsPerKey() {
    assertEquals(0.6185, Math.pow(0.5, Math.log(2)), 1e-4);
    // m/n = 10: k = round(6.93) = 7, (1 - e^{-0.7})^7 = 0.0081937 vs 0.6185^10 = 0.0081966
    assertEquals(7, BloomMath.optimalHashes(10_000, 1000));
    assertEquals(0.0081937, BloomMath.falsePositiveApprox(10_000, 7, 1000), 1e-6);
    for (int bitsPerKey = 4; bitsPerKey <= 20; bitsPerKey++) {
      int k = BloomMath.optimalHashes(bitsPerKey * 1000L, 1000);
      double rule = Math.pow(0.6185, bitsPerKey);
      double rate = BloomMath.falsePositiveApprox(bitsPerKey * 1000L, k, 1000);
      // integer k costs at most a few percent against the rule with real-valued k
      assertTrue(rate >= rule * 0.999 && rate <= rule * 1.06, bitsPerKey + ": " + rate + " vs " + rule);
    }
  }

  @Test
  void sizingForATargetRate() {
    // m = ceil(1000 * ln(100) / ln(2)^2) = ceil(9585.06) = 9586
    assertEquals(9586, BloomMath.optimalBits(1000, 0.01));
    assertEquals(7, BloomMath.optimalHashes(9586, 1000));
    assertEquals(1, BloomMath.optimalHashes(1, 1000));
  }

  @Test
  void elementEstimateInvertsTheFill() {
    // -(100/1) ln(1 - 1/2) = 69.3147
    assertEquals(69.3147, BloomMath.estimateElements(100, 1, 50), 1e-4);
    assertEquals(0.0, BloomMath.estimateElements(100, 3, 0));
    assertEquals(Double.POSITIVE_INFINITY, BloomMath.estimateElements(100, 3, 100));
  }

  @Test
  void binaryEntropy() {
    assertEquals(1.0, BloomMath.entropy(0.5), 1e-12);
    assertEquals(0.468996, BloomMath.entropy(0.1), 1e-6);
    assertEquals(0.0, BloomMath.entropy(0));
    assertEquals(0.0, BloomMath.entropy(1));
  }

  @Test
  void invalidParametersAreRefusedWithAClearMessage() {
    assertMessage(() -> BloomMath.optimalBits(1000, 0), "false-positive rate must be in (0, 1)");
    assertMessage(() -> BloomMath.optimalBits(1000, 1), "false-positive rate must be in (0, 1)");
    assertMessage(() -> BloomMath.optimalBits(0, 0.1), "elements must be positive");
    assertMessage(() -> BloomMath.optimalHashes(0, 10), "bits must be positive");
    assertMessage(() -> BloomMath.falsePositiveExact(100, 0, 10), "hashes must be positive");
    assertMessage(() -> BloomMath.falsePositiveApprox(100, 3, -1), "elements must be non-negative");
    assertMessage(() -> BloomMath.estimateElements(100, 3, 101), "outside [0, 100]");
    assertMessage(() -> BloomMath.estimateElements(100, 0, 10), "hashes must be positive");
  }

  private static void assertMessage(org.junit.jupiter.api.function.Executable e, String fragment) {
    IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
    assertTrue(ex.getMessage().contains(fragment), ex.getMessage());
  }
}
