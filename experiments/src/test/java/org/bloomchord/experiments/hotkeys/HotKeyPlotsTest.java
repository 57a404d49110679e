package org.bloomchord.experiments.hotkeys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.bloomchord.experiments.report.LineChart;
import org.bloomchord.experiments.report.Series;
import org.bloomchord.experiments.summary.Load;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The charts of {@code hot-keys --plot}, from results whose per-peer counts are given: each setting's
 * line is its seeds' k-th busiest peer averaged rank by rank, and the max-over-mean chart carries
 * each run's servedMaxOverMean (seeds averaged) at its threshold, relief off's in the title.
 */
class HotKeyPlotsTest {

  private static HotKeyTrial.Result result(long threshold, long budget, long seed, double... served) {
    double mean = Arrays.stream(served).average().orElseThrow();
    double max = Arrays.stream(served).max().orElseThrow();
    HotKeyTrial t = HotKeyTrial.builder().peers(served.length).keys(10).zipf(1.0).threshold(threshold)
        .leaseMs(10_000).budget(budget).readsPerPeerPerSecond(1).putShare(0).seconds(1).seed(seed).build();
    return HotKeyTrial.Result.builder().trial(t).served(new Load(mean, 0, max, max)).servedMaxOverMean(max / mean)
        .busiestArcOverMean(1).servedPerPeer(served).build();
  }

  @Test
  void linesAverageTheSeedsRankByRankAndTheRatioFollowsTheThreshold(@TempDir Path dir) throws Exception {
    List<HotKeyTrial.Result> results = List.of(
        result(0, 0, 1, 1, 9, 2, 0), result(0, 0, 2, 0, 3, 5, 4),
        result(1, 2, 1, 3, 3, 3, 3), result(1, 2, 2, 2, 4, 3, 3),
        result(4, 2, 1, 1, 5, 3, 3));

    LineChart served = HotKeyPlots.servedPerPeer(results);
    assertEquals(List.of("relief off", "threshold 1/s, budget 2/s", "threshold 4/s, budget 2/s"),
        served.series().stream().map(Series::name).toList());
    // seed 1 sorted 9,2,1,0 and seed 2 sorted 5,4,3,0: their mean by rank
    assertArrayEquals(new double[] {7, 3, 2, 0}, served.series().get(0).y(), 1e-12);
    assertArrayEquals(new double[] {1, 2, 3, 4}, served.series().get(0).x(), 0.0);
    assertArrayEquals(new double[] {3.5, 3, 3, 2.5}, served.series().get(1).y(), 1e-12);
    assertTrue(served.logX());

    LineChart ratio = HotKeyPlots.maxOverMean(results);
    Series budget = ratio.series().get(0);
    assertEquals("relief, budget 2/s", budget.name());
    assertArrayEquals(new double[] {1, 4}, budget.x(), 0.0);
    assertArrayEquals(new double[] {(1.0 + 4 / 3.0) / 2, 5 / 3.0}, budget.y(), 1e-12);
    assertEquals(1, ratio.series().size());
    assertTrue(ratio.title().endsWith("(relief off: 2.3)"), ratio.title());

    List<Path> files = HotKeyPlots.write(results, dir);
    assertEquals(6, files.size(), "all settings, relief only, the ratio: " + files);
    for (Path f : files) {
      assertTrue(Files.size(f) > 1000, f.toString());
    }
    // one threshold with relief: no ratio chart
    assertNull(HotKeyPlots.maxOverMean(results.subList(0, 4)));
    assertEquals(4, HotKeyPlots.write(results.subList(0, 4), Files.createDirectories(dir.resolve("one"))).size());
    // relief only: no second per-peer chart
    assertEquals(4, HotKeyPlots.write(results.subList(2, 5), Files.createDirectories(dir.resolve("two"))).size());
  }
}
