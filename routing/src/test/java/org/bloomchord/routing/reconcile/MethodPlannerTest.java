package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MethodPlannerTest {

  @Test
  void theEstimatedDifferenceFollowsFromJaccardAndSizes() {
    // |A| = |B| = 1000 sharing 800: J = 800/1200, d = 400
    MethodPlanner.Plan p = MethodPlanner.choose(800.0 / 1200, 1000, 1000, ElementShape.KEY64);
    assertEquals(400, p.estimatedDifference());
  }

  @Test
  void ratelessForSimilarSetsAndTheWholeSetBelowTheDocumentedThreshold() {
    // for E = 8 and equal sizes the threshold is J = 0.73 (d = 0.31 N)
    ElementShape e = ElementShape.KEY64;
    assertEquals(ReconcileMethod.RIBLT, MethodPlanner.choose(1.0, 100_000, 100_000, e).method());
    assertEquals(ReconcileMethod.RIBLT, MethodPlanner.choose(0.75, 100_000, 100_000, e).method());
    assertEquals(ReconcileMethod.SET, MethodPlanner.choose(0.71, 100_000, 100_000, e).method());
    assertEquals(ReconcileMethod.SET, MethodPlanner.choose(0.0, 100_000, 100_000, e).method());
    // with E = 32 the threshold drops to about J = 0.58
    ElementShape wide = new ElementShape(32);
    assertEquals(ReconcileMethod.RIBLT, MethodPlanner.choose(0.60, 100_000, 100_000, wide).method());
    assertEquals(ReconcileMethod.SET, MethodPlanner.choose(0.56, 100_000, 100_000, wide).method());
  }

  @Test
  void keyVersionDigestsDifferWhenTheVersionDoes() {
    byte[] key = "user/42".getBytes(StandardCharsets.UTF_8);
    assertEquals(KeyVersionDigest.of(key, 7), KeyVersionDigest.of(key.clone(), 7));
    assertNotEquals(KeyVersionDigest.of(key, 7), KeyVersionDigest.of(key, 8));
    ElementSet a = KeyVersionDigest.setOf(new byte[][] {key, "x".getBytes(StandardCharsets.UTF_8)}, new long[] {7, 1});
    ElementSet b = KeyVersionDigest.setOf(new byte[][] {key, "x".getBytes(StandardCharsets.UTF_8)}, new long[] {8, 1});
    assertEquals(1, a.minus(b).size(), "one stale version at each side");
  }
}
