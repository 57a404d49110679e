package org.bloomchord.routing.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompressedBloomOptimizerTest {

  private static final long N = 10_000;

  @Test
  void largestWithinIsTheBoundaryOfTheBudget() {
    for (int k = 1; k <= 8; k++) {
      CompressedDesign d = CompressedBloomOptimizer.largestWithin(N, k, 8, 1_000 * N).orElseThrow();
      assertTrue(d.compressedBitsPerElement() <= 8);
      assertTrue(CompressedDesign.of(N, d.bits() + 1, k).compressedBitsPerElement() > 8, "k=" + k);
    }
  }

  @Test
  void smallestReachingIsTheBoundaryOfTheRate() {
    for (int k = 1; k <= 8; k++) {
      CompressedDesign d = CompressedBloomOptimizer.smallestReaching(N, k, 0.001, 10_000 * N).orElseThrow();
      assertTrue(d.falsePositiveRate() <= 0.001);
      assertTrue(CompressedDesign.of(N, d.bits() - 1, k).falsePositiveRate() > 0.001, "k=" + k);
    }
  }

  @Test
  void withUnboundedMemoryTheBestDesignUsesOneProbe() {
    // Mitzenmacher: for a fixed compressed size the rate keeps falling as k -> 1 and m grows
    CompressedDesign eight = CompressedBloomOptimizer
        .minimiseFalsePositives(N, 8, new DesignLimits(1e6, 64)).orElseThrow();
    assertEquals(1, eight.hashes());
    assertEquals(96.91, eight.bitsPerElement(), 0.01);
    CompressedDesign rate = CompressedBloomOptimizer
        .minimiseCompressedSize(N, 0.0216, new DesignLimits(1e6, 64)).orElseThrow();
    assertEquals(1, rate.hashes());
  }

  @Test
  void withoutAProbeBoundTheDenseMirrorDesignWins() {
    // H(p) = H(1 - p): 14 bits per key with k = 28 leaves 13.5% zeros, as k = 2 leaves 13.5% ones,
    // and compresses as well with a lower rate; the probe bound of the paper's tables excludes it
    CompressedDesign d = CompressedBloomOptimizer
        .minimiseFalsePositives(N, 8, new DesignLimits(14, 64)).orElseThrow();
    assertEquals(28, d.hashes());
    assertTrue(d.falsePositiveRate() < 0.0177);
  }

  @Test
  void infeasibleDemandsGiveNoDesign() {
    assertTrue(CompressedBloomOptimizer.minimiseCompressedSize(N, 1e-9, new DesignLimits(10, 6)).isEmpty());
    assertTrue(CompressedBloomOptimizer.smallestReaching(N, 1, 1e-3, 10 * N).isEmpty());
  }
}
