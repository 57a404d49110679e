package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gets and puts whose origin crashes before they complete, on the simulator: 60 peers, three
 * crashes a second for 10 s under 600 gets and puts a second. A crashed peer's pending requests
 * never complete, so such an operation is recorded as {@code abandoned} when its origin departs:
 * none is left in flight, and the run ends with its last phase instead of waiting for them
 * (without it, operations stayed in flight and the run waited for them until its operation
 * timeout, 34 s of simulated time).
 */
class DepartedOriginsTest {

  @Test
  void operationsOfACrashedOriginAreAbandonedAndNoneStaysInFlight(@TempDir Path dir) throws Exception {
    String text = """
        name: departed
        seed: 11
        runtime: sim
        peers: 60
        chord: { replicas: 3 }
        phases:
          - join: {}
          - wait: 10s
          - churn: { for: 10s, rate: 3/s, crashes: 1.0 }
            workload: { gets: 300/s, puts: 300/s }
          - wait: 1s
        """;
    Scenario s = ScenarioLoader.parse("departed.yaml", text, List.of(), Path.of(".")).get(0);
    ScenarioRunner.run(s, dir, Progress.silent());

    List<String> phases = Files.readAllLines(dir.resolve("phases.csv"));
    double lastPhaseEnd = Double.parseDouble(phases.get(phases.size() - 1).split(",")[2]);
    List<String> series = Files.readAllLines(dir.resolve("timeseries.csv"));
    assertEquals("inFlight", series.get(0).split(",")[5]);
    String[] last = series.get(series.size() - 1).split(",");
    assertEquals("0", last[5], "operations in flight at the end: " + series.get(series.size() - 1));
    assertTrue(Double.parseDouble(last[0]) <= lastPhaseEnd + 1.0,
        "the run ends with its last phase (" + lastPhaseEnd + " s), not " + last[0] + " s");

    List<String> rows = Files.readAllLines(dir.resolve("operations.csv"));
    long abandoned = rows.stream().filter(r -> r.endsWith(",abandoned")).count();
    assertTrue(abandoned > 0, "some origins crashed with a get or put under way");
    assertTrue(rows.stream().filter(r -> r.endsWith(",abandoned")).allMatch(r -> r.contains(",get,") || r.contains(",put,")));
    // a get fails only when the ring cannot answer it; here every failure was its origin's crash
    assertEquals(0, rows.stream().filter(r -> r.contains(",get,") && r.endsWith(",failed")).count());
  }
}
