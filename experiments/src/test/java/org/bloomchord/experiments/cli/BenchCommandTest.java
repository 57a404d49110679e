package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class BenchCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void relayJsonHasTheContractKeysAndConsistentCounts() throws Exception {
    int rc = run("bench", "relay", "--peers", "1000", "--until-ms", "500", "--seed", "3", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    for (String key : new String[] {"peers", "untilMs", "delivered", "loopSeconds", "messagesPerSecond",
        "heapBytesPerPeer"}) {
      assertTrue(json.has(key), key);
    }
    assertEquals(1000, json.get("peers").asInt());
    assertEquals(500, json.get("untilMs").asLong());
    // each delivery relays one hop; the kick sent 4 per peer
    assertEquals(json.get("delivered").asLong() + 4000, json.get("messagesSent").asLong());
    // each of the 4,000 hops is a renewal process with delays of mean 55 and variance (91^2 - 1) / 12:
    // about t / mu + (sigma^2 - mu^2) / (2 mu^2) deliveries by t (standard deviation about 0.3%)
    double mu = 55;
    double var = (91.0 * 91 - 1) / 12;
    double expected = 4000 * (499.5 / mu + (var - mu * mu) / (2 * mu * mu));
    assertEquals(expected, json.get("delivered").asDouble(), 0.01 * expected);
    assertEquals(json.get("delivered").asDouble() / json.get("loopSeconds").asDouble(),
        json.get("messagesPerSecond").asDouble(), 1e-6 * json.get("messagesPerSecond").asDouble());
  }

  @ParameterizedTest
  @ValueSource(strings = {"--peers=0", "--peers=-3", "--until-ms=0", "--peers=abc"})
  void relayBadFlagsExitTwoWithOneLine(String bad) {
    String[] args = bad.startsWith("--peers")
        ? new String[] {"bench", "relay", bad, "--until-ms", "10"}
        : new String[] {"bench", "relay", "--peers", "10", bad};
    assertEquals(2, run(args));
    String e = err.toString().strip();
    assertTrue(e.startsWith("bloomchord: "), e);
    assertEquals(1, e.lines().count(), e);
  }

  @Test
  void ringRowsAgreeWithEachRingsSummaryAndTheTimeSplitsIntoPhases(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    int rc = run("bench", "ring", "--peers", "40,80", "--keys", "20", "--lookups", "200", "--seed", "5",
        "--skip-relay", "--out", dir.toString(), "--json");
    assertEquals(0, rc, err::toString);
    JsonNode rows = new ObjectMapper().readTree(out.toString());
    assertEquals(2, rows.size());
    for (JsonNode row : rows) {
      int n = row.get("peers").asInt();
      JsonNode summary = new ObjectMapper().readTree(dir.resolve("ring-" + n + ".json").toFile());
      assertTrue(summary.get("ring").get("stable").asBoolean());
      assertEquals(200, summary.get("lookups").get("correct").asInt());
      assertEquals(200, row.get("lookupsCorrect").asInt());
      assertEquals(summary.get("peers").get("joins").asInt(), n);
      double wall = row.get("wallSeconds").asDouble();
      assertEquals(summary.get("resources").get("wallSeconds").asDouble(), wall, 1e-9);
      assertEquals(row.get("events").asDouble() / n, row.get("eventsPerPeer").asDouble(), 1e-9);
      // the phases split the wall time: each part non-negative, and together the whole
      double parts = 0;
      for (String phase : new String[] {"joinsSeconds", "stabilizationSeconds", "fingerRepairSeconds", "otherSeconds"}) {
        assertTrue(row.get(phase).asDouble() >= 0, phase);
        parts += row.get(phase).asDouble();
      }
      assertEquals(wall, parts, 1e-9);
      // a join costs at least its lookup, the successor's fingers and the announcements: more than 4 messages
      assertTrue(row.get("messagesPerJoin").asDouble() > 4, row.toString());
      assertTrue(summary.get("traffic").get("messages").asDouble() / n >= row.get("messagesPerJoin").asDouble());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"--peers=1", "--peers=10,abc", "--keys=-1"})
  void ringBadFlagsExitTwoWithOneLine(String bad) {
    assertEquals(2, run("bench", "ring", bad, "--skip-relay"));
    String e = err.toString().strip();
    assertTrue(e.startsWith("bloomchord: "), e);
    assertEquals(1, e.lines().count(), e);
  }

  /**
   * An idle ring of 40 peers: its rows carry the contract keys, the kinds add up to the whole, and
   * what the schedule does not send is the sweeper's lookups, within 10% (SimIdleRingTest's oracle).
   */
  @Test
  void idleRowsAddUpAndMatchTheSchedule() throws Exception {
    assertEquals(0, run("bench", "idle", "--peers", "40", "--json"), err::toString);
    JsonNode row = new ObjectMapper().readTree(out.toString()).get(0);
    for (String key : new String[] {"peers", "seed", "keys", "linksPerPeer", "belowCeiling", "windowMs",
        "messagesPerPeerPerSecond", "schedule", "lookupTraffic", "converged", "perType"}) {
      assertTrue(row.has(key), key);
    }
    assertEquals(40, row.get("peers").asInt());
    assertEquals(120, row.get("keys").asInt());
    assertEquals(0, row.get("belowCeiling").asInt());
    double sum = 0;
    for (JsonNode rate : row.get("perType")) {
      sum += rate.asDouble();
    }
    double total = row.get("messagesPerPeerPerSecond").asDouble();
    assertEquals(sum, total, 1e-12);
    double schedule = row.get("schedule").asDouble();
    assertEquals(schedule, total - row.get("lookupTraffic").asDouble(), 0.1 * schedule);
  }

  @ParameterizedTest
  @ValueSource(strings = {"--peers=1", "--peers=10,abc", "--peers=200000"})
  void idleBadFlagsExitTwoWithOneLine(String bad) {
    assertEquals(2, run("bench", "idle", bad));
    String e = err.toString().strip();
    assertTrue(e.startsWith("bloomchord: "), e);
    assertEquals(1, e.lines().count(), e);
  }
}
