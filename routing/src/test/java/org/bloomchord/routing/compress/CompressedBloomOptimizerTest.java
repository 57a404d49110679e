package org.bloomchord.routing.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.routing.compress.CompressedTable.PaperColumn;
import org.bloomchord.routing.compress.CompressedTable.View;
import org.junit.jupiter.api.Test;

class CompressedBloomOptimizerTest {

  private static final long N = 10_000;

  /** The grid the paper printed m/n on: whole numbers, halves (37.5) or tenths (12.6). */
  private static double precision(double published) {
    if (published == Math.rint(published)) {
      return 1;
    }
    return published * 2 == Math.rint(published * 2) ? 0.5 : 0.1;
  }

  @Test
  void fixedSizeViewPicksThePublishedArrayAndProbes() {
    for (PaperColumn c : CompressedTable.PAPER) {
      if (c.view() != View.FIXED_SIZE) {
        continue;
      }
      CompressedDesign d = CompressedTable.optimise(c, N);
      assertEquals(c.hashes(), d.hashes(), c::toString);
      assertEquals(c.bitsPerElement(), d.bitsPerElement(), 1.0 / N, c::toString);
      // published figures are rounded to 3 or 4 significant digits: 0.3% covers the rounding
      assertEquals(c.falsePositiveRate(), d.falsePositiveRate(), 0.003 * c.falsePositiveRate(), c::toString);
      assertTrue(d.compressedBitsPerElement() <= c.groupBitsPerElement());
    }
  }

  @Test
  void fixedRateViewPicksThePublishedProbesAndTheArrayRoundedUpToTheTableGrid() {
    for (PaperColumn c : CompressedTable.PAPER) {
      if (c.view() != View.FIXED_RATE) {
        continue;
      }
      CompressedDesign d = CompressedTable.optimise(c, N);
      assertEquals(c.hashes(), d.hashes(), c::toString);
      double grid = precision(c.bitsPerElement());
      assertTrue(d.bitsPerElement() <= c.bitsPerElement() && d.bitsPerElement() > c.bitsPerElement() - grid,
          () -> c + " optimiser m/n " + d.bitsPerElement());
      assertTrue(d.falsePositiveRate() <= CompressedTable.groupFalsePositiveRate(c, N));
    }
  }

  @Test
  void modelAtThePublishedDesignsGivesThePublishedFigures() {
    for (PaperColumn c : CompressedTable.PAPER) {
      long m = Math.round(c.bitsPerElement() * N);
      CompressedDesign d = CompressedDesign.of(N, m, c.hashes());
      if (c.bitsPerElement() != c.groupBitsPerElement()) {
        // the uncompressed columns are sent raw in the paper (z = m); the others are m H(p) to 4 digits
        assertEquals(c.compressedBitsPerElement(), d.compressedBitsPerElement(), 0.001, c::toString);
      }
      // 12.6 is itself rounded: at 12.6 the rate is 0.02154, at the optimiser's 12.589 it is 0.02158
      assertEquals(c.falsePositiveRate(), d.falsePositiveRate(), 0.005 * c.falsePositiveRate(), c::toString);
    }
  }

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
