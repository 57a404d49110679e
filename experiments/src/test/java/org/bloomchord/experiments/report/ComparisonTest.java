package org.bloomchord.experiments.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ComparisonTest {

  @Test
  void severalSeedsGiveTheirMeanWithAStudentTInterval() {
    // mean 3, sample sd 1 (values 2, 3, 4); t(0.975, 2) = 4.302653; half-width 4.302653 / sqrt(3)
    Comparison c = Comparison.ofRuns("p = 0.1", "hops", 3.5, new double[] {2, 3, 4});
    assertEquals(3.0, c.measured(), 1e-12);
    assertEquals(3, c.runs());
    double half = 4.302653 / Math.sqrt(3);
    assertEquals(3.0 - half, c.low(), 1e-5);
    assertEquals(3.0 + half, c.high(), 1e-5);
    assertEquals(3.0 / 3.5, c.ratio(), 1e-12);
  }

  @Test
  void oneRunIsItsOwnInterval() {
    Comparison c = Comparison.ofRuns("p = 0.1", "hops", 0, new double[] {7});
    assertEquals(7, c.low());
    assertEquals(7, c.high());
    assertEquals(1, c.runs());
    assertEquals(Double.NaN, c.ratio());
  }
}
