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
}
