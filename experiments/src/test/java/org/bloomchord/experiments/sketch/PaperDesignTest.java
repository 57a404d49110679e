package org.bloomchord.experiments.sketch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.experiments.sketch.CompressedTable.PaperColumn;
import org.bloomchord.experiments.sketch.CompressedTable.View;
import org.bloomchord.routing.compress.CompressedDesign;
import org.junit.jupiter.api.Test;

/** The optimiser and the compression model against the published table (Mitzenmacher 2002). */
class PaperDesignTest {

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
}
