package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class FuzzCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void jsonCarriesTheContractKeysAndAddsUp() throws Exception {
    assertEquals(0, run("fuzz", "--frames", "5000", "--seed", "9", "--json"), err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertEquals("fuzz", json.get("command").asText());
    assertEquals(9, json.get("seed").asLong());
    assertEquals(5000, json.get("frames").asLong());
    assertEquals(5000, json.get("rejected").asLong() + json.get("decoded").asLong());
    assertEquals(0, json.get("roundTripFailures").asLong());
    assertEquals(0, json.get("unexpected").asLong());
    assertTrue(json.get("maxAllocatedBytesPerFrameByte").asDouble() > 0);
    assertEquals("", err.toString());
  }

  @Test
  void theSameSeedGivesTheSameCounts() throws Exception {
    run("fuzz", "--frames", "3000", "--seed", "5", "--json");
    JsonNode a = new ObjectMapper().readTree(out.toString());
    out.getBuffer().setLength(0);
    run("fuzz", "--frames", "3000", "--seed", "5", "--json");
    JsonNode b = new ObjectMapper().readTree(out.toString());
    for (String key : new String[] {"rejected", "decoded", "byMutation"}) {
      assertEquals(a.get(key), b.get(key), key);
    }
  }

  @Test
  void aFrameCountOutOfRangeIsOneLineAndExitCodeTwo() {
    assertEquals(2, run("fuzz", "--frames", "0"));
    assertEquals("bloomchord: --frames must be in 1..1000000000, got 0", err.toString().strip());
  }
}
