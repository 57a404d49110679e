package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reconcile phase end to end: the summary's {@code reconcile} section holds the totals over
 * the pairs, checked against the sets each pair started with (the exact methods miss nothing).
 */
class ReconcileStepTest {

  private static Scenario scenario(String runtime, String method) {
    String text = """
        name: reconcile
        seed: 5
        runtime: %s
        peers: 6
        chord: { stabilize: 200ms, fixFingers: 200ms, checkPredecessor: 400ms, requestTimeout: 500ms }
        phases:
          - join:      { over: 0s }
          - reconcile: { method: %s, size: 2000, diff: 30, pairs: 3 }
        """.formatted(runtime, method);
    return ScenarioLoader.parse("reconcile.yaml", text, List.of(), Path.of(".")).get(0);
  }

  @ParameterizedTest
  @CsvSource({"sim, rateless", "sim, iblt", "vertx, rateless"})
  void theReconcileSectionTotalsEveryPair(String runtime, String method, @TempDir Path dir) throws Exception {
    Experiment.run(List.of(scenario(runtime, method)), dir, Progress.silent());
    JsonNode r = new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).get("reconcile");
    assertEquals(method, r.get("method").asText());
    assertEquals(3 * 2000, r.get("size").asLong());
    assertEquals(3 * 30, r.get("diff").asLong());
    assertTrue(r.get("exact").asBoolean());
    assertEquals(0, r.get("missed").asLong());
    // at least one 8-byte element per difference crosses the wire, and the rounds are counted
    assertTrue(r.get("bytes").asLong() >= 3 * 30 * 8, r.toString());
    assertEquals(r.get("bytes").asDouble() / 90, r.get("bytesPerDiff").asDouble(), 1e-9);
    assertTrue(r.get("rounds").asLong() >= 3);
  }
}
