package org.bloomchord.experiments.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.runner.Experiment;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.runner.results.RunResult;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.bloomchord.experiments.summary.Load;
import org.bloomchord.experiments.summary.LoadStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small seeded simulator run with hot-key relief end to end: it records each peer's served gets
 * in {@code load.csv}, which agree with the summary's {@code load} section (same peers, same mean,
 * same max, each get counted once), and its report draws them as the served-load figure; a summary
 * without the section draws none.
 */
class ServedLoadFigureTest {

  private static final String HOT = """
      name: hot
      seed: 2
      runtime: sim
      peers: 24
      chord: { placement: seeded, hotKeys: { relief: on, threshold: 1/s, lease: 10s, budget: 2/s } }
      phases:
        - join:     { over: 0s }
        - wait:     { for: 5s }
        - workload: { for: 3s, puts: 40/s, keys: { zipf: 0, population: 40 } }
        - workload: { for: 5s, gets: 48/s, keys: { zipf: 1.0, population: 40 } }
      """;

  @Test
  void aRunWithALoadSectionRecordsEachPeersServedGetsAndDrawsThem(@TempDir Path dir) throws Exception {
    Experiment.Result result = Experiment.run(ScenarioLoader.parse("hot.yaml", HOT, List.of(), Path.of(".")), dir,
        Progress.silent());
    RunResult run = result.runs().get(0);
    LoadStats load = (LoadStats) run.summary().fields().get("load");
    PeerLoads loads = PeerLoads.read(dir.resolve(PeerLoads.FILE));
    assertEquals(run.summary().peers().alive(), loads.rows().size(), "one row per peer alive at the end");
    double[] served = loads.servedDescending();
    double sum = 0;
    for (double s : served) {
      sum += s;
    }
    Load spread = load.served();
    assertEquals(spread.mean(), sum / served.length, 1e-9, "the section's mean");
    assertEquals(spread.max(), served[0], 0.0, "the section's max is the busiest row");
    assertEquals(load.asOwner() + load.asReplica() + load.fromCopy(), Math.round(sum), "every answer counted once");
    assertTrue(sum >= 200, "5 s of 48 gets a second, most answered: " + sum);

    String html = Files.readString(result.report(), StandardCharsets.UTF_8);
    assertTrue(html.contains("<img alt=\"hot: served gets per peer\""), "the figure is in report.html");
    assertTrue(Files.size(dir.resolve("served-load.png")) > 1000 && Files.size(dir.resolve("served-load.svg")) > 1000);
    LineChart chart = RunFigures.servedLoad("hot", loads);
    Series line = chart.series().get(0);
    assertEquals(served.length, line.y().length);
    assertEquals(spread.max(), line.y()[0], 0.0);
    for (int i = 1; i < line.y().length; i++) {
      assertTrue(line.y()[i] <= line.y()[i - 1], "busiest first");
    }
    assertEquals(spread.mean(), chart.series().get(1).y()[0], 1e-9, "the flat line is the mean");

    // the same counts without the summary's load section: no figure
    List<RunFigures.Named> without = RunFigures.of("hot", run.summary().withFields(Map.of()),
        run.series(), SampledOperations.empty(), loads);
    assertFalse(without.stream().anyMatch(f -> f.name().equals("served-load")), "no load section, no figure");
  }
}
