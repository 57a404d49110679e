package org.bloomchord.experiments.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HistogramTest {

  @Test
  void integerSamplesGetOneBinPerValue() {
    Histogram h = Histogram.of(new double[] {2, 3, 3, 5, 2, 3}, true);
    assertEquals(2, h.lower());
    assertEquals(1, h.width());
    assertArrayEquals(new long[] {2, 3, 0, 1}, h.counts());
    assertEquals(List.of("2", "3", "4", "5"), h.labels());
    assertFalse(h.overflow());
  }

  @Test
  void barsSumToTheSamplesAndTheTailAboveP99GoesToOneOpenBin() {
    Random r = new Random(7);
    double[] ms = new double[10_000];
    for (int i = 0; i < ms.length; i++) {
      // exponential with mean 50 ms, and a few very slow answers
      ms[i] = i % 500 == 0 ? 5_000 + i : -50 * Math.log(1 - r.nextDouble());
    }
    Histogram h = Histogram.of(ms, false);
    assertEquals(ms.length, h.total());
    assertTrue(h.overflow());
    assertTrue(h.counts().length <= Histogram.MAX_BINS, "bins: " + h.counts().length);
    assertTrue(h.labels().get(h.counts().length - 1).startsWith("\u2265 "));
    // the open bin holds at least the 20 slow answers, and the p99 of an exponential (mean 50) is ~230 ms
    long open = h.counts()[h.counts().length - 1];
    assertTrue(open >= 20 && open <= 150, "open bin: " + open);
    assertTrue(h.lower() + (h.counts().length - 1) * h.width() < 400);
    BarChart chart = h.chart("latency", "ms", "lookups");
    assertEquals(ms.length, chart.total(), 0.0);
    assertEquals(h.counts().length, chart.categories().size());
  }

  @Test
  void widthsAreOneTwoOrFiveTimesAPowerOfTen() {
    assertEquals(1, Histogram.niceWidth(0.3, true));
    assertEquals(0.5, Histogram.niceWidth(0.3, false), 1e-12);
    assertEquals(20, Histogram.niceWidth(11, false), 1e-12);
    assertEquals(50, Histogram.niceWidth(21, true), 1e-12);
    assertEquals(100, Histogram.niceWidth(100, false), 1e-12);
  }
}
