package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class WritesCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void aShortRunWithoutLossOrChurnLosesNothingAndReportsTheContractKeys() throws Exception {
    int rc = run("writes", "--operations", "400", "--peers", "16", "--keys", "40", "--loss", "0", "--crash-every-ms",
        "86400000", "--seed", "3", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    assertEquals("writes", json.get("command").asText());
    JsonNode w = json.get("writes");
    for (String key : new String[] {"acknowledged", "lost", "resurrected", "stale"}) {
      assertTrue(w.has(key), key);
    }
    // about half the operations are writes, all acknowledged on a quiet ring
    assertTrue(w.get("acknowledged").asLong() > 150 && w.get("acknowledged").asLong() < 250, w.toString());
    assertEquals(0, w.get("unacknowledged").asLong());
    assertEquals(0, w.get("lost").asLong() + w.get("resurrected").asLong() + w.get("stale").asLong(), w.toString());
    assertTrue(w.get("readsJudged").asLong() > 100, w.toString());
  }

  @Test
  void withoutJsonTheSummaryIsAnAlignedTable() {
    int rc = run("writes", "--operations", "100", "--peers", "16", "--keys", "20", "--loss", "0", "--crash-every-ms",
        "86400000", "--seed", "3");
    assertEquals(0, rc, err::toString);
    String text = out.toString();
    assertTrue(text.startsWith("writes on sim, seed 3: 100 operations, 16 peers"), text);
    assertTrue(text.contains("\nwrites\n"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("  acknowledged +[0-9]+")), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("  lost +0")), text);
    assertTrue(!text.contains("="), "no map texts: " + text);
  }

  @Test
  void badValuesAreOneLineAndExitCodeTwo() {
    assertEquals(2, run("writes", "--operations", "10", "--loss", "0.9"));
    assertEquals("bloomchord: --loss must be in [0, 0.5], got 0.9", err.toString().strip());
  }

  @Test
  void aBadSplitIsOneLineAndExitCodeTwo() {
    assertEquals(2, run("writes", "--split", "1"));
    assertEquals("bloomchord: --split must name 2..16 sides, got '1'", err.toString().strip());
    err.getBuffer().setLength(0);
    assertEquals(2, run("writes", "--split", "0.5,0.4"));
    assertEquals("bloomchord: --split shares must sum to 1, got [0.5, 0.4]", err.toString().strip());
    err.getBuffer().setLength(0);
    assertEquals(2, run("writes", "--split", "2", "--split-for", "ten"));
    assertTrue(err.toString().startsWith("bloomchord: --split-for or --refusal-expiry: expected a duration"),
        err::toString);
  }

  @Test
  void withoutSplitTheOperationsAreRequired() {
    assertEquals(2, run("writes"));
    assertEquals("bloomchord: --operations is required (unless --split is given)", err.toString().strip());
  }
}
