package org.bloomchord.experiments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The memory benchmark's table: its rows and overlap figures against the scores they come from. */
class MemoryLatencyTableTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode result(String benchmark, int megabytes, double score, double error) {
    return JSON.createObjectNode()
        .put("benchmark", "org.bloomchord.benchmarks.MemoryLatencyBenchmark." + benchmark)
        .<com.fasterxml.jackson.databind.node.ObjectNode>set("params", JSON.createObjectNode().put("megabytes", String.valueOf(megabytes)))
        .set("primaryMetric", JSON.createObjectNode().put("score", score).put("scoreError", error));
  }

  @Test
  void aRowPerWorkingSetSmallestFirstWithTheReadsTheRoundOverlaps() {
    List<JsonNode> results = new ArrayList<>(List.of(
        result("chase", 4000, 400.0, 20.0),
        result("eightChases", 4000, 320.0, 16.0),
        result("chase", 4, 20.0, 1.0),
        result("eightChases", 4, 20.0, 2.0)));
    String table = MemoryLatencyTable.markdown(results);
    String[] lines = table.split("\n");
    assertEquals(4, lines.length, table);
    // 8 * 20 / 20 = 8 reads overlapped; 20 / 8 = 2.5 ns a read
    assertEquals("| 4 MB | 20.0 ± 1.0 | 20.0 ± 2.0 | 2.5 | 8.0 |", lines[2]);
    // 8 * 400 / 320 = 10 reads overlapped; 320 / 8 = 40 ns a read
    assertEquals("| 4,000 MB | 400.0 ± 20.0 | 320.0 ± 16.0 | 40.0 | 10.0 |", lines[3]);
  }

  @Test
  void aWorkingSetWithOnlyOneOfTheTwoBenchmarksIsRefused() {
    List<JsonNode> results = List.of(result("chase", 4, 20.0, 1.0), result("chase", 400, 200.0, 1.0),
        result("eightChases", 4, 20.0, 2.0));
    assertThrows(IllegalArgumentException.class, () -> MemoryLatencyTable.markdown(results));
  }
}
