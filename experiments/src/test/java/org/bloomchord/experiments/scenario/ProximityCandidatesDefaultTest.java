package org.bloomchord.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code proximity: true} without {@code proximityCandidates}: 8 candidates, or as many as a short
 * successor list allows ({@code successors + 1}), never a default outside the key's own range.
 */
class ProximityCandidatesDefaultTest {

  private static int candidates(int successors) {
    String yaml = "peers: 16\nruntime: sim\nchord: { successors: " + successors + ", proximity: true }\n"
        + "phases: [ { join: {} } ]\n";
    return ScenarioLoader.parse("p.yaml", yaml, List.of(), Path.of(".")).get(0).chord().proximityCandidates();
  }

  @Test
  void theDefaultIsEightOrSuccessorsPlusOne() {
    assertEquals(ChordSettings.DEFAULT_PROXIMITY_CANDIDATES, candidates(8));
    assertEquals(8, candidates(7));
    assertEquals(5, candidates(4));
    assertEquals(2, candidates(1));
  }
}
