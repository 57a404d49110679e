package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The plan's inputs against the decoder, and the sizes it derives from them. */
class StreamPlanTest {

  private static final ElementShape SHAPE = ElementShape.KEY64;

  /**
   * Over 200 set pairs each, the symbols a difference needs average {@link StreamPlan#need} within
   * 5% and spread by 0.45 to 1.1 times 0.9 / sqrt(d) of it (measured 28% at d = 10 and 7.5% at
   * d = 100): the spread the second flight's margin covers and no estimate removes.
   */
  @Test
  void theSymbolsADifferenceNeedsAverageTheFormulaAndSpreadAsAssumed() {
    for (int d : new int[] {10, 100}) {
      int trials = 200;
      double sum = 0;
      double squares = 0;
      for (int t = 0; t < trials; t++) {
        SetPair p = SetPair.of(SHAPE, 500, d / 2, d - d / 2, 97L * d + t);
        RatelessEncoder encoder = new RatelessEncoder(p.a());
        RatelessDecoder decoder = new RatelessDecoder(p.b(), 1 << 20);
        while (!decoder.add(encoder.next(1))) {
          // one symbol at a time: the exact need
        }
        sum += decoder.received();
        squares += (double) decoder.received() * decoder.received();
      }
      double mean = sum / trials;
      double relSpread = Math.sqrt(squares / trials - mean * mean) / mean;
      double assumed = StreamPlan.NEED_SPREAD / Math.sqrt(d);
      String what = "d=" + d + ": mean " + mean + ", relative spread " + relSpread;
      assertEquals(StreamPlan.need(d), mean, 0.05 * StreamPlan.need(d), what);
      assertTrue(relSpread > 0.45 * assumed && relSpread < 1.1 * assumed, what);
    }
  }

  /**
   * The responder returns more counts for a larger rough estimate, never fewer than the floor nor
   * more than the setting or the symbols it accepts.
   */
  @Test
  void theRespondersCountsGrowWithItsRoughEstimateWithinTheirBounds() {
    int previous = 0;
    for (double d : new double[] {1, 10, 100, 1000, 10_000, 1_000_000}) {
      int n = StreamPlan.replyProbe(d, 16, 4096, 1 << 20, SHAPE);
      assertTrue(n >= StreamPlan.REPLY_PROBE_MIN && n <= 4096, d + ": " + n);
      assertTrue(n >= previous, d + ": " + n + " after " + previous);
      previous = n;
    }
    assertEquals(4096, StreamPlan.replyProbe(1_000_000, 16, 4096, 1 << 20, SHAPE));
    assertEquals(100, StreamPlan.replyProbe(1_000_000, 16, 100, 1 << 20, SHAPE));
    assertEquals(20, StreamPlan.replyProbe(1_000_000, 16, 4096, 20, SHAPE));
  }

  /** The second flight covers the need plus the margin, and always adds to what was sent. */
  @Test
  void theSecondFlightCoversTheNeedWithTheMarginAndAlwaysGrows() {
    long t = StreamPlan.target(1000, 1016, 16, 2.0);
    double rel = StreamPlan.relError(1000, 1016);
    assertEquals(Math.ceil(StreamPlan.need(1000) * (1 + 2 * rel)) + 1, t, 1);
    assertTrue(StreamPlan.target(1000, 1016, 16, 0) < t);
    assertTrue(StreamPlan.target(1, 2, 5000, 2.0) > 5000);
  }
}
