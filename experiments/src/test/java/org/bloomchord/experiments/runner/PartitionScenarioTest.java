package org.bloomchord.experiments.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partition phase end to end on the simulator: 32 peers split in two for a minute while puts
 * go on; the summary's partitions entry says two rings during the split, one correct ring within
 * 20 stabilize periods of the heal, and every key stored is found by the oracle at the end.
 */
class PartitionScenarioTest {

  @Test
  void aSplitOfTwoMinutesIsReportedAndHealsToOneRing(@TempDir Path dir) throws Exception {
    String text = """
        name: split
        seed: 4
        runtime: sim
        peers: 32
        phases:
          - join: { over: 0s }
          - wait: { for: 10s }
          - measure: { puts: 50 }
          - partition: { groups: [0.5, 0.5], for: 1min, settle: 1min }
            workload: { puts: 1/s }
          - wait: { for: 20s }
        """;
    Scenario s = ScenarioLoader.parse("split.yaml", text, List.of(), Path.of(".")).get(0);
    ScenarioRunner.run(s, dir, Progress.silent());
    JsonNode summary = new ObjectMapper().readTree(Files.readString(dir.resolve("summary.json")));
    JsonNode p = summary.get("partitions");
    assertNotNull(p, summary::toString);
    assertEquals(1, p.size());
    JsonNode split = p.get(0);
    assertEquals(List.of(16, 16), List.of(split.get("peersPerGroup").get(0).asInt(), split.get("peersPerGroup").get(1).asInt()));
    assertTrue(split.get("ringsDuring").asInt() >= 2, split::toString);
    assertTrue(split.get("healToOneRingSeconds").isNumber(), split::toString);
    assertTrue(split.get("healToOneRingSeconds").asDouble() <= 10.0, "within 20 stabilize periods: " + split);
    assertTrue(split.get("messagesToMerge").asLong() > 0 && split.get("partitionLost").asLong() > 0, split::toString);
    assertEquals(0, summary.get("keys").get("lost").asInt(), summary.get("keys")::toString);
  }
}
