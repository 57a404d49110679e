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
 * after the kill, and leaves no child process behind. A scenario with the location layer, joins
 * spread over time and churn runs over three JVMs: holders are published in every JVM, churn and a
 * crash of a fifth of the ring hit every JVM's peers, and lookups and locates are judged by the
 * oracles over all JVMs. Scenarios a ring over several JVMs cannot run are one line and exit code
 * 2 before any JVM starts.
 */
class RunJvmsTest {

  /**
   * Launch, measure, SIGKILL of child JVM 1, measure. The ring was stable 6 to 7 s after the kill on
   * 2 cores (peers confirm failures over JVMs: about three request timeouts before a crashed peer
   * leaves a table), so the wait before the second measure is 12 s.
   */
  private static final String SCENARIO = """
      peers: 30
      seed: 7
      chord: { replicas: 3, stabilize: 300ms, fixFingers: 300ms }
      phases:
        - join: {}
        - wait: 3s
        - measure: { lookups: 200, puts: 50 }
        - fail: { jvm: 1 }
        - wait: 12s
        - measure: { lookups: 200, gets: 50, keys: { population: 50 } }
      """;

  /**
   * Publish and locate, joins over time, churn and a crash of a fifth of the ring, over 3 JVMs. Over
   * JVMs peers confirm failures: a crashed peer leaves a table after two failed requests and an
   * indirect probe nobody answers, about three request timeouts (up to 2 s each), and neighbours
   * that crashed together leave one after the other; on 2 cores the ring was stable 6 to 9 s after
   * the crash of 6 peers, so the wait before the last measure is 15 s.
   */
  private static final String LOCATE_SCENARIO = """
      peers: 30
      seed: 7
      chord: { replicas: 3, stabilize: 300ms, fixFingers: 300ms }
      routing: { refresh: 1s }
      phases:
        - join: { over: 3s }
        - publish: { objects: 30, holdersPerObject: 2 }
        - wait: 2s
        - churn: { for: 8s, rate: 1/s, crashes: 0.5 }
          workload: { lookups: 20/s, locates: 20/s }
        - fail: { fraction: 0.2 }
        - wait: 15s
        - measure: { lookups: 200, locates: 200 }
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
    // only logs this run created count: other processes on the machine may add or delete their own meanwhile
    Set<Path> left = new java.util.HashSet<>(childLogs());
    left.removeAll(logsBefore);
    assertEquals(Set.of(), left, "the children's logs are deleted after a run without error");
  }

  @Test
  void locatesAndChurnSpanEveryJvm(@TempDir Path dir) throws Exception {
    Set<Long> before = childPids();
    Path file = dir.resolve("locate.yaml");
    Files.writeString(file, LOCATE_SCENARIO);
    Path folder = dir.resolve("out");
    // the progress lines go to System.err: kept here as well
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
    Outcome o;
    System.setErr(new java.io.PrintStream(new java.io.OutputStream() {
      @Override
      public void write(int b) {
        stderr.write(b);
        progress.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        stderr.write(b, off, len);
        progress.write(b, off, len);
      }
    }, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      o = run("run", file.toString(), "--jvms", "3", "--child-heap-mb", "256", "--out", folder.toString(), "--json");
    } finally {
      System.setErr(stderr);
    }
    assertEquals(0, o.code(), o.err());
    JsonNode s = new ObjectMapper().readTree(o.out());
    assertEquals(3, s.path("peers").path("jvms").asInt());
    assertTrue(s.path("ring").path("stable").asBoolean(), "the ring repaired after churn and crashes: " + s.path("ring"));

    // churn and the crash of a fifth of the ring acted on the children's peers too
    String last = progress.toString(java.nio.charset.StandardCharsets.UTF_8).lines().filter(l -> l.contains("membership by JVM")).reduce((a, b) -> b).orElseThrow();
    for (String node : List.of("jvm1", "jvm2")) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile(node + "=(\\d+)/(\\d+)/(\\d+)").matcher(last);
      assertTrue(m.find(), last);
      assertTrue(Integer.parseInt(m.group(1)) > 10, "the join phase and churn joins reached " + node + ": " + last);
      assertTrue(Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)) > 0, "departures in " + node + ": " + last);
    }

    // lookups: through churn nearly all correct by the oracle over every JVM, on the repaired ring all
    JsonNode lookups = s.path("lookups");
    assertTrue(lookups.path("correct").asInt() >= 0.98 * lookups.path("total").asInt(), lookups.toString());
    List<String> rows = Files.readAllLines(folder.resolve("operations.csv"));
    List<String> lookupRows = rows.stream().filter(l -> l.contains(",lookup,")).toList();
    List<String> finalLookups = lookupRows.subList(lookupRows.size() - 200, lookupRows.size());
    // over JVMs peers confirm failures: a step that meets a crashed peer not yet confirmed gives up
    // rather than answer past it, so a lookup of the final measure may fail, but none is wrong
    assertTrue(finalLookups.stream().noneMatch(l -> l.endsWith(",incorrect")), "the final measure's lookups");
    long correct = finalLookups.stream().filter(l -> l.endsWith(",correct")).count();
    assertTrue(correct >= 190, "the final measure's lookups: " + correct + " of 200 correct");

    // locates: judged against holders in every JVM; an object with no live holder is rightly not found
    JsonNode locate = s.path("locate");
    int total = locate.path("total").asInt();
    assertTrue(total >= 300, locate.toString());
    assertTrue(locate.path("found").asInt() + locate.path("noLiveHolder").asInt() >= 0.95 * total, locate.toString());
    assertTrue(locate.path("notFound").asInt() <= locate.path("noLiveHolder").asInt() + 0.02 * total,
        locate.toString());
    assertTrue(locate.path("probabilistic").asInt() >= 0.8 * locate.path("found").asInt(),
        "the filters of peers in other JVMs route most locates: " + locate);
    assertTrue(locate.path("withinDepth").asInt() > 0, "the link oracle spans the JVMs: " + locate);
    assertEquals(before, childPids(), "every child JVM is gone");
  }

  @Test
  void whatCannotRunOverSeveralJvmsIsOneLine(@TempDir Path dir) throws Exception {
    Set<Long> before = childPids();
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - reconcile: { method: bloom, size: 10, diff: 2 }\n", List.of("--jvms", "3"),
        "phases[1].reconcile: reconcile phases are not supported with --jvms");
    assertUsageError(dir, "peers: 8\nrogue: { peers: 1 }\nphases:\n  - join: {}\n", List.of("--jvms", "2"),
        "the rogue section is not supported with --jvms");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - join: { peers: 4 }\n", List.of("--jvms", "2"),
        "with --jvms the ring is launched by one join phase, the first");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - fail: { jvm: 5 }\n", List.of("--jvms", "3"),
        "phases[1].fail.jvm: there is no child JVM 5 with --jvms 3 (children: 1..2)");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n  - fail: { jvm: 1 }\n", List.of(),
        "phases[1].fail.jvm: fail: { jvm: 1 } kills a child JVM, which only run --jvms J starts");
    assertUsageError(dir, "peers: 8\nphases:\n  - join: {}\n", List.of("--jvms", "2", "--runtime", "sim"),
        "--jvms runs on the vertx runtime");
    assertUsageError(dir, "peers: 8\nruntime: sim\nphases:\n  - join: {}\n", List.of("--jvms", "2"),
        "runtime sim: --jvms runs on the vertx runtime");
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
