package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run SCENARIO --jvms 3} through the command line with real child JVMs on loopback: one
 * ring of 30 peers over three JVMs answers every lookup correctly by the oracle over all JVMs,
 * loses no key when child JVM 1 is killed with SIGKILL (3 replicas), reads every stored key back
 * after the kill, and leaves no child process behind. Scenarios a ring over several JVMs cannot run
 * are one line and exit code 2 before any JVM starts.
 */
class RunJvmsTest {

  private static final String SCENARIO = """
      peers: 30
      seed: 7
      chord: { replicas: 3, stabilize: 300ms, fixFingers: 300ms }
      phases:
        - join: {}
        - wait: 3s
        - measure: { lookups: 200, puts: 50 }
        - fail: { jvm: 1 }
        - wait: 8s
        - measure: { lookups: 200, gets: 50, keys: { population: 50 } }
      """;

  private record Outcome(int code, String out, String err) {
  }

  private static Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void aScenarioOverThreeJvmsSurvivesTheKillOfOne(@TempDir Path dir) throws Exception {
    Set<Long> before = childPids();
    Set<Path> logsBefore = childLogs();
    Path file = dir.resolve("jvms.yaml");
    Files.writeString(file, SCENARIO);
    Path folder = dir.resolve("out");
    Outcome o = run("run", file.toString(), "--jvms", "3", "--child-heap-mb", "256", "--out", folder.toString(),
        "--json");
    assertEquals(0, o.code(), o.err());
    JsonNode s = new ObjectMapper().readTree(o.out());

    assertEquals("vertx-cluster", s.path("runtime").asText());
    assertEquals(3, s.path("peers").path("jvms").asInt());
    assertEquals(30, s.path("peers").path("joins").asInt(), "every peer joined");
    assertEquals(10, s.path("peers").path("crashes").asInt(), "the killed JVM ran a third of the peers");
    assertEquals(20, s.path("peers").path("alive").asInt());
    assertTrue(s.path("ring").path("stable").asBoolean(), "the ring repaired after the kill");
    assertEquals(400, s.path("lookups").path("total").asInt());
    assertEquals(400, s.path("lookups").path("correct").asInt(),
        "every lookup on the stable ring is correct by the oracle over all JVMs");
    assertEquals(50, s.path("keys").path("stored").asInt());
    assertEquals(0, s.path("keys").path("lost").asInt(), "3 replicas in 3 JVMs: losing one JVM loses no key");
    // the survivors report their traffic, most of which crossed JVMs
    JsonNode byJvm = s.path("traffic").path("byJvm");
    assertEquals(Set.of("jvm0", "jvm2"), fieldNames(byJvm));
    byJvm.forEach(t -> assertTrue(t.path("crossFrames").asLong() > 0, t.toString()));

    List<String> gets = Files.readAllLines(folder.resolve("operations.csv")).stream()
        .filter(l -> l.contains(",get,")).toList();
    assertEquals(50, gets.size());
    assertTrue(gets.stream().allMatch(l -> l.endsWith(",found")), "every stored key reads back after the kill");
    assertEquals(before, childPids(), "every child JVM is gone");
    assertEquals(logsBefore, childLogs(), "the children's logs are deleted after a run without error");
  }

  @Test
  void whatCannotRunOverSeveralJvmsIsOneLine(@TempDir Path dir) throws Exception {
    Set<Long> before = childPids();
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - publish: { objects: 10 }\n", List.of("--jvms", "3"),
        "phases[1].publish: publish phases are not supported with --jvms");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - fail: { jvm: 5 }\n", List.of("--jvms", "3"),
        "phases[1].fail.jvm: there is no child JVM 5 with --jvms 3 (children: 1..2)");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - fail: { jvm: 1 }\n", List.of(),
        "phases[1].fail.jvm: fail: { jvm: 1 } kills a child JVM, which only run --jvms J starts");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - measure: { locates: 10 }\n", List.of("--jvms", "2"),
        "locates are not supported with --jvms");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n", List.of("--jvms", "2", "--runtime", "sim"),
        "--jvms runs on the vertx runtime");
    assertUsageError(dir, "peers: 8\nruntime: sim\nphases:\n  - join: {}\n", List.of("--jvms", "2"),
        "runtime sim: --jvms runs on the vertx runtime");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: { over: 5s }\n", List.of("--jvms", "2"),
        "over must be 0s");
    assertUsageError(dir, "peers: 8\nchord: { repair: reconcile }\nphases:\n  - join: {}\n", List.of("--jvms", "2"),
        "chord.repair must be push with --jvms");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n", List.of("--jvms", "0"), "--jvms must be >= 1");
    assertEquals(before, childPids(), "no child JVM was started");
  }

  private static void assertUsageError(Path dir, String yaml, List<String> flags, String message) throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, yaml);
    List<String> args = new java.util.ArrayList<>(List.of("run", file.toString(), "--out", dir.resolve("o").toString()));
    args.addAll(flags);
    Outcome o = run(args.toArray(String[]::new));
    assertEquals(BloomchordCli.EXIT_USAGE, o.code(), o.err());
    assertTrue(o.err().contains(message), o.err());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertFalse(o.err().contains("Exception"), o.err());
  }

  private static Set<String> fieldNames(JsonNode node) {
    Set<String> out = new HashSet<>();
    node.fieldNames().forEachRemaining(out::add);
    return out;
  }

  private static Set<Path> childLogs() throws java.io.IOException {
    try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return files.filter(f -> f.getFileName().toString().startsWith("bloomchord-jvm"))
          .collect(java.util.stream.Collectors.toSet());
    }
  }

  private static Set<Long> childPids() {
    Set<Long> out = new HashSet<>();
    ProcessHandle.current().children().forEach(p -> out.add(p.pid()));
    return out;
  }
}
