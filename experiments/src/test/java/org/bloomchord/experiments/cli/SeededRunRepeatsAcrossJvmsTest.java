package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded simulator run gives the same summary in two separate JVMs, as a user rerunning the
 * command expects. Within one JVM this cannot be checked: the iteration order of {@code Set.of} and
 * {@code Set.copyOf} is salted once per JVM, so protocol code that iterated such a set (to renew
 * leases, to send messages) repeated inside a test and still differed between two invocations of
 * the CLI. The scenario publishes objects (several per holder, so lease renewals iterate many
 * keys) and churns under lookups and locates, the mix in which that happened.
 */
class SeededRunRepeatsAcrossJvmsTest {

  private static final String SCENARIO = """
      name: repeat
      seed: 42
      runtime: sim
      peers: 200
      chord: { idBits: 64, successors: 8, replicas: 3, stabilize: 500ms }
      routing: { depth: 3, bitsPerLevel: 4096, refresh: 5s }
      phases:
        - join:    { over: 10s }
        - publish: { objects: 200, holdersPerObject: 3 }
        - wait:    { for: 3s }
        - churn:   { for: 12s, session: { distribution: weibull, median: 60s, shape: 0.6 }, crashes: 0.5, warmup: 5s }
          workload: { lookups: 50/s, locates: 50/s }
      """;

  @Test
  void twoJvmsGiveTheSameSummary(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("repeat.yaml");
    Files.writeString(file, SCENARIO);
    JsonNode a = run(file, dir.resolve("a"));
    JsonNode b = run(file, dir.resolve("b"));
    assertEquals(a, b);
  }

  private static JsonNode run(Path scenario, Path out) throws Exception {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-cp", System.getProperty("java.class.path"),
        BloomchordCli.class.getName(),
        "run", scenario.toString(), "--out", out.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the run did not end within 180 s");
    }
    assertEquals(0, p.exitValue(), "exit status");
    JsonNode n = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    ((ObjectNode) n.get("resources")).remove(List.of("wallSeconds", "heapBytesPerPeer", "eventsPerSecond"));
    return n;
  }
}
