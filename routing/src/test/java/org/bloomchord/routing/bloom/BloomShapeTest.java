package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Shape validation and the derived sizes. */
class BloomShapeTest {

  @Test
  void wordsRoundUpToWholeLongs() {
    assertEquals(1, new BloomShape(1, 1).words());
    assertEquals(1, new BloomShape(64, 1).words());
    assertEquals(2, new BloomShape(65, 1).words());
    assertEquals(Integer.MAX_VALUE, new BloomShape(BloomShape.MAX_BITS, 1).words());
  }

  @Test
  void outOfRangeParametersAreRefusedWithTheirName() {
    assertMessage(() -> new BloomShape(0, 3), "bits must be in");
    assertMessage(() -> new BloomShape(BloomShape.MAX_BITS + 1, 3), "bits must be in");
    assertMessage(() -> new BloomShape(100, 0), "hashes must be in");
    assertMessage(() -> new BloomShape(100, 65), "hashes must be in");
    assertMessage(() -> new BloomShape(1, 1).halved(), "m must be even");
    assertMessage(() -> new BloomShape(9, 1).halved(), "m must be even");
  }

  @Test
  void optimalShapesFollowTheSizingFormulas() {
    assertEquals(new BloomShape(8000, 6), BloomShape.optimal(8000, 1000));
    assertEquals(new BloomShape(9586, 7), BloomShape.forFalsePositiveRate(1000, 0.01));
    assertEquals(new BloomShape(10, 1), BloomShape.optimal(10, 1000), "k is at least 1");
    assertEquals(new BloomShape(100_000, 64), BloomShape.optimal(100_000, 10), "k is at most 64");
  }

  @Test
  void halvingKeepsTheProbeCount() {
    assertEquals(new BloomShape(50, 4), new BloomShape(100, 4).halved());
  }

  private static void assertMessage(org.junit.jupiter.api.function.Executable e, String fragment) {
    IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
    assertTrue(ex.getMessage().contains(fragment), ex.getMessage());
  }
}
