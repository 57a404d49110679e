package org.bloomchord.experiments.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkloadTest {

  @Test
  void zipfFrequenciesFollowTheRankLaw() {
    // s = 0.9 over 1000 keys, 1,000,000 draws. The top ranks' frequencies are within 3% of
    // r^-s / H (binomial sd under 0.5% of them), and the log-log slope over ranks 1..100 is -s
    // within 0.03.
    KeyChooser.Zipf zipf = new KeyChooser.Zipf(1000, 0.9);
    double h = 0;
    for (int r = 1; r <= 1000; r++) {
      h += Math.pow(r, -0.9);
    }
    int draws = 1_000_000;
    long[] counts = new long[1000];
    SplittableRandom rng = new SplittableRandom(17);
    for (int i = 0; i < draws; i++) {
      counts[zipf.next(rng)]++;
    }
    for (int r = 1; r <= 10; r++) {
      double expected = Math.pow(r, -0.9) / h;
      assertEquals(expected, zipf.probability(r - 1), 1e-12);
      assertEquals(expected, (double) counts[r - 1] / draws, expected * 0.03, "rank " + r);
    }
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    int n = 100;
    for (int r = 1; r <= n; r++) {
      double x = Math.log(r);
      double y = Math.log((double) counts[r - 1] / draws);
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
    }
    double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    assertEquals(-0.9, slope, 0.03);
  }

  @Test
  void uniformKeysAreFlat() {
    KeyChooser keys = new KeyChooser.Uniform(10);
    long[] counts = new long[10];
    SplittableRandom rng = new SplittableRandom(3);
    for (int i = 0; i < 100_000; i++) {
      counts[keys.next(rng)]++;
    }
    // each expected 10,000, sd 95: tolerance 5%
    for (long c : counts) {
      assertEquals(10_000, c, 500);
    }
  }

  @Test
  void ratesParseWithUnits() {
    assertEquals(200.0, Rate.parse("200/s").perSecond());
    assertEquals(0.05, Rate.parse("0.05/s").perSecond());
    assertEquals(0.5, Rate.parse("30/min").perSecond());
    assertEquals(0.5, Rate.parse("30 / m").perSecond());
    assertEquals(5000.0, Rate.parse("5/ms").perSecond());
    assertEquals(1.0, Rate.parse("3600/h").perSecond());
    assertEquals("200/s", Rate.parse("200/s").toString());
    assertThrows(IllegalArgumentException.class, () -> Rate.parse("200"));
    assertThrows(IllegalArgumentException.class, () -> Rate.parse("fast/s"));
    assertThrows(IllegalArgumentException.class, () -> Rate.parse("2/week"));
  }

  @Test
  void timedWorkloadArrivesAtTheMixRates() {
    // 200/s lookups + 50/s locates for 100 s: 20,000 and 5,000 expected (sd 141 and 71): tolerance 4%/6%.
    OperationMix mix = new OperationMix(Map.of(OperationKind.LOOKUP, Rate.parse("200/s"),
        OperationKind.LOCATE, Rate.parse("50/s")));
    TimedWorkload w = new TimedWorkload(mix, new KeyChooser.Uniform(100), Duration.ofSeconds(100));
    List<Operation> ops = w.schedule(9);
    long lookups = ops.stream().filter(o -> o.kind() == OperationKind.LOOKUP).count();
    long locates = ops.stream().filter(o -> o.kind() == OperationKind.LOCATE).count();
    assertEquals(20_000, lookups, 800);
    assertEquals(5_000, locates, 300);
    for (int i = 1; i < ops.size(); i++) {
      assertTrue(ops.get(i).atMs() >= ops.get(i - 1).atMs());
    }
    assertTrue(ops.get(ops.size() - 1).atMs() <= 100_000);
    assertEquals(ops, w.schedule(9));
  }

  @Test
  void countedWorkloadIssuesExactlyTheCountsAtThePace() {
    CountedWorkload w = new CountedWorkload(Map.of(OperationKind.LOOKUP, 30, OperationKind.GET, 10),
        new KeyChooser.Uniform(5), Rate.parse("10/s"));
    List<Operation> ops = w.schedule(1);
    assertEquals(40, ops.size());
    assertEquals(10, ops.stream().filter(o -> o.kind() == OperationKind.GET).count());
    assertEquals(3900, ops.get(39).atMs());
    assertTrue(ops.stream().allMatch(o -> o.key() < 5));
  }
}
