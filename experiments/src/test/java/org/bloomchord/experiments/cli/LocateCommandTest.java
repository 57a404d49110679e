package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LocateCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void everyPublishedObjectIsFoundAndTheFiltersResolveTheNearbyOnes() throws Exception {
    int rc = run("locate", "--peers", "24", "--objects", "20", "--holders-per-object", "2", "--depth", "3",
        "--bits-per-level", "4096", "--queries", "50", "--runtime", "sim", "--seed", "3", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    JsonNode l = json.get("locate");
    for (String k : new String[] {"total", "found", "local", "probabilistic", "fallback", "notFound", "falsePositives",
        "withinDepth", "withinDepthProbabilistic"}) {
      assertTrue(l.has(k), k);
    }
    for (String k : new String[] {"mean", "p50", "p99"}) {
      assertTrue(l.get("hops").has(k), k);
    }
    assertTrue(l.get("stretch").has("mean"));
    assertTrue(l.get("chordHops").has("mean"));
    JsonNode t = json.get("traffic");
    for (String k : new String[] {"messages", "bytes", "bytesPerPeerPerSecond", "messagesPerPeerPerSecond", "byType"}) {
      assertTrue(t.has(k), k);
    }
    assertTrue(t.get("byType").has("SummaryReply"));
    assertEquals(50, l.get("total").asInt());
    assertEquals(50, l.get("found").asInt(), "every published object has a live holder");
    assertEquals(l.get("found").asInt(),
        l.get("local").asInt() + l.get("probabilistic").asInt() + l.get("fallback").asInt());
    // 4096 bits per level hold a few objects with a false-positive rate near zero, so the filters
    // resolve nearly every locate whose holder is within depth
    assertTrue(l.get("withinDepthProbabilistic").asDouble() >= 0.9 * l.get("withinDepth").asDouble(),
        "at least 90% of the within-depth locates resolved by the filters: " + l);
    assertTrue(l.get("stretch").get("mean").asDouble() >= 1.0, "no path is shorter than the oracle's distance");
    assertTrue(l.get("hops").get("p50").asDouble() <= l.get("hops").get("p99").asDouble());
  }

  @Test
  void theProbesPerObjectReachTheFilters() {
    int rc = run("locate", "--peers", "16", "--objects", "10", "--holders-per-object", "2", "--depth", "2",
        "--bits-per-level", "1024", "--hashes", "2", "--queries", "20", "--runtime", "sim");
    assertEquals(0, rc, err::toString);
    assertTrue(out.toString().startsWith("locate: N=16, O=10, H=2, d=2, m=1024 bits/level, k=2, Q=20\n"), out::toString);
  }

  @ParameterizedTest
  @CsvSource({
      "--peers, 0", "--objects, 0", "--holders-per-object, 99", "--depth, 17", "--bits-per-level, 10",
      "--hashes, 0", "--hashes, 17", "--queries, 0", "--runtime, cluster"})
  void aBadValueIsOneLineNamingTheFlagAndExitCodeTwo(String flag, String value) {
    String[] args = {"locate", "--peers", "10", "--objects", "5", "--holders-per-object", "2", "--depth", "3",
        "--bits-per-level", "4096", "--runtime", "sim"};
    boolean replaced = false;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals(flag)) {
        args[i + 1] = value;
        replaced = true;
      }
    }
    String[] all = replaced ? args : concat(args, flag, value);
    assertEquals(2, run(all));
    String e = err.toString().trim();
    assertTrue(e.contains(flag) && !e.contains("\n"), e);
    assertEquals("", out.toString());
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
