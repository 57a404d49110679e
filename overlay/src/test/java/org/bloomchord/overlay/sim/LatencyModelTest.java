package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each latency model stays in its bounds and reaches them. */
class LatencyModelTest {

  private record At(float x, float y) implements LatencyModel.Position {
  }

  @Test
  void uniformDrawsCoverExactlyTheClosedRange() {
    LatencyModel m = LatencyModel.uniform(10, 14);
    SplittableRandom r = new SplittableRandom(3);
    long[] seen = new long[15];
    for (int i = 0; i < 5_000; i++) {
      long d = m.delayMs(new At(0, 0), new At(1, 1), r);
      assertTrue(d >= 10 && d <= 14, "delay " + d);
      seen[(int) d]++;
    }
    for (int d = 10; d <= 14; d++) {
      // each value expects 1,000 draws (sd about 28); 800 is seven deviations below
      assertTrue(seen[d] > 800, "value " + d + " drawn " + seen[d] + " times");
    }
  }

  @Test
  void coordinatesScaleTheDiagonalToTheMaximum() {
    LatencyModel m = LatencyModel.coordinates(100);
    SplittableRandom r = new SplittableRandom(3);
    assertEquals(100, m.delayMs(new At(0, 0), new At(1, 1), r));
    assertEquals(0, m.delayMs(new At(0.3f, 0.3f), new At(0.3f, 0.3f), r));
    assertEquals(71, m.delayMs(new At(0, 0), new At(1, 0), r));
    assertEquals(35, m.delayMs(new At(0, 0.5f), new At(0.5f, 0.5f), r));
  }

  private record Placed(float x, float y, float access) implements LatencyModel.Position {
  }

  @Test
  void geographicAddsBothAccessDelaysToTheDistance() {
    LatencyModel m = LatencyModel.geographic(100, 2, 20);
    SplittableRandom r = new SplittableRandom(3);
    assertEquals(4, m.minMs());
    assertEquals(140, m.maxMs());
    // same point, slowest and fastest access links: 2 + 18·0 + 2 + 18·0
    assertEquals(4, m.delayMs(new Placed(0.3f, 0.3f, 0), new Placed(0.3f, 0.3f, 0), r));
    // across the diagonal, one end halfway: 100 + 2 + 2 + 18·0.5
    assertEquals(113, m.delayMs(new Placed(0, 0, 0.5f), new Placed(1, 1, 0), r));
    assertEquals(113, m.delayMs(new Placed(1, 1, 0), new Placed(0, 0, 0.5f), r));
    // a peer with no access of its own (the interface's default) is at the fastest access
    assertEquals(75, m.delayMs(new At(0, 0), new At(1, 0), r));
  }

  @Test
  void constantIsConstant() {
    assertEquals(7, LatencyModel.constant(7).delayMs(new At(0, 0), new At(1, 1), new SplittableRandom(1)));
  }
}
