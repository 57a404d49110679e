package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bloomchord cache} and {@code bloomchord sketch heavy-hitters}: contracts and bad input. */
class CacheCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void cacheJsonHasTheCacheSectionWithItsContractKeys() throws Exception {
    int rc = run("cache", "--protocol", "icp", "--peers", "4", "--objects", "500", "--capacity", "50",
        "--requests", "600", "--warmup", "200", "--runtime", "sim", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    JsonNode cache = json.get("cache");
    for (String key : new String[] {"requests", "hitRatio", "localHits", "remoteHits", "falseHits", "staleHits",
        "remoteMisses", "messagesPerRequest", "bytesPerRequest", "summaryBytes"}) {
      assertTrue(cache.has(key), key);
    }
    assertEquals("cache", json.get("command").asText());
    assertEquals(400, cache.get("requests").asLong());
    assertEquals((cache.get("localHits").asDouble() + cache.get("remoteHits").asDouble()) / 400,
        cache.get("hitRatio").asDouble(), 1e-12);
    // ICP: 2 (N - 1) messages per local miss, exactly
    assertEquals(2.0 * 3 * (400 - cache.get("localHits").asLong()) / 400, cache.get("messagesPerRequest").asDouble(),
        1e-9);
    assertEquals(0, cache.get("remoteMisses").asLong(), "ICP asks every member");
  }

  @Test
  void aTraceIsServedAndABadLineIsNamed(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("t.csv");
    Files.writeString(trace, "# time,peer,object,bytes\n0.0,0,1,100\n0.5,1,1\n1.0,1,1\n");
    assertEquals(0, run("cache", "--protocol", "icp", "--peers", "2", "--capacity", "4", "--trace", trace.toString(),
        "--json"), err::toString);
    JsonNode cache = new ObjectMapper().readTree(out.toString()).get("cache");
    assertEquals(3, cache.get("requests").asLong());
    assertEquals(1, cache.get("localHits").asLong());
    assertEquals(1, cache.get("remoteHits").asLong());
    Files.writeString(trace, "0.0,0,1\n0.5,7,1\n");
    assertEquals(2, run("cache", "--protocol", "icp", "--peers", "2", "--capacity", "4", "--trace", trace.toString()));
    assertTrue(err.toString().contains("t.csv:2: peer"), err::toString);
  }

  @Test
  void badFlagsExitWithTwoAndOneLine() {
    assertEquals(2, run("cache", "--protocol", "gossip", "--peers", "4", "--capacity", "10"));
    assertTrue(err.toString().contains("--protocol must be one of"), err::toString);
    assertEquals(2, run("cache", "--protocol", "summary", "--peers", "4", "--capacity", "10",
        "--update-threshold", "0%"));
    assertEquals(2, run("cache", "--protocol", "summary", "--peers", "4"));
    assertEquals(2, run("cache", "--reproduce", "chord"));
  }

  @Test
  void heavyHittersJsonFlagsEveryHeavyItem() throws Exception {
    int rc = run("sketch", "heavy-hitters", "--items", "5000", "--heavy", "20", "--threshold", "200", "--counters",
        "2000", "--hashes", "4", "--json");
    assertEquals(0, rc, err::toString);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    for (String key : new String[] {"flagged", "heavy", "falseNegatives", "falsePositives",
        "expectedFalsePositives"}) {
      assertTrue(json.has(key), key);
    }
    assertEquals(20, json.get("heavy").asLong());
    assertEquals(0, json.get("falseNegatives").asLong());
    assertEquals(json.get("flagged").asLong(), 20 + json.get("falsePositives").asLong());
    assertTrue(json.get("falsePositives").asDouble() <= json.get("expectedFalsePositives").asDouble());
  }
}
