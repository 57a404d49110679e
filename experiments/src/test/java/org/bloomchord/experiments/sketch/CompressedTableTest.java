package org.bloomchord.experiments.sketch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.experiments.sketch.CompressedTable.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CompressedTableTest {

  private static List<Row> rows;

  @BeforeAll
  static void measure() {
    // 10,000 keys, 3 seeds, 100,000 queries per seed: about a second on one core
    rows = CompressedTable.measure(10_000, 3, 100_000, 42);
  }

  @Test
  void measuredEncodedSizesMatchThePublishedCompressedSizesWithinOnePercent() {
    for (Row r : rows) {
      assertEquals(0, r.compressedSizeError(), 0.01, () -> r.paper() + " measured z/n " + r.compressedBitsPerElement());
    }
  }

  @Test
  void arithmeticCodeStaysWithinItsHeaderOfTheMeasuredEntropy() {
    // per filter: header and checksum at most 19 bytes, flush 4 bytes; over n = 10,000 keys that
    // is at most 0.0184 bits per key
    for (Row r : rows) {
      double overhead = r.compressedBitsPerElement() - r.entropyBitsPerElement();
      assertTrue(overhead >= 0 && overhead <= 0.0184 + 1e-3, () -> r.paper() + " overhead " + overhead);
    }
  }

  @Test
  void arithmeticCodeIsNeverLargerThanTheGolombCodeBeyondItsFlush() {
    // near p = 1/2 both are the raw array plus header; there the arithmetic coder's 4 flush bytes
    // are all that separates them, everywhere else it is strictly smaller
    for (Row r : rows) {
      double flushPerKey = 32.0 / 10_000;
      assertTrue(r.compressedBitsPerElement() <= r.golombBitsPerElement() + flushPerKey,
          () -> r.paper() + " arithmetic " + r.compressedBitsPerElement() + " golomb " + r.golombBitsPerElement());
    }
  }

  @Test
  void measuredFalsePositiveRatesAgreeWithTheModel() {
    // binomial: 5 standard deviations of the measured rate around the model's rate
    for (Row r : rows) {
      double p = r.predicted().falsePositiveRate();
      double sigma = Math.sqrt(p * (1 - p) / r.queries());
      assertEquals(p, r.falsePositiveRate(), 5 * sigma, () -> r.paper().toString());
    }
  }
}
