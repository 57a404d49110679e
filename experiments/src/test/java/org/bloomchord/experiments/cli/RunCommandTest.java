package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bloomchord.experiments.runner.Experiment;
import org.bloomchord.experiments.runner.results.Reproduction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bloomchord run}: bad input exits 2 with one line on stderr and nothing on stdout. */
class RunCommandTest {

  private record Outcome(int code, String out, String err) {
  }

  private static Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BloomchordCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Outcome(code, out.toString(), err.toString());
  }

  private static void assertUsageError(Outcome o, String mentions) {
    assertEquals(2, o.code(), o.err());
    assertEquals("", o.out());
    assertEquals(1, o.err().lines().count(), "one line: " + o.err());
    assertTrue(o.err().contains(mentions), o.err());
  }

  @Test
  void anUnknownScenarioNameIsOneLineAndExitCode2() {
    assertUsageError(run("run", "no-such-scenario"), "neither a file nor a bundled scenario");
  }

  @Test
  void aMistakeInTheFileNamesItsLineAndKey(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, "name: bad\npeers: 10\nchord: { sucessors: 4 }\nphases:\n  - wait: 1s\n");
    assertUsageError(run("run", f.toString(), "--out", dir.resolve("out").toString()), "bad.yaml:3:");
  }

  @Test
  void aBitsPerLevelBeyondTheLocationLayersBoundIsOneLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("wide.yaml");
    Files.writeString(f, "peers: 10\nruntime: sim\nrouting: { bitsPerLevel: 4194304 }\nphases:\n  - join: {}\n");
    assertUsageError(run("run", f.toString(), "--out", dir.resolve("out").toString()), "bitsPerLevel");
  }

  @Test
  void aBadRuntimeOrOverrideIsOneLine() {
    assertUsageError(run("run", "quickstart", "--runtime", "threads"), "--runtime must be vertx or sim");
    assertUsageError(run("run", "quickstart", "--set", "chord.nope=1"), "nope");
  }

  @Test
  void aBrokenTraceIsOneLineNamingTheTraceLine(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("t.csv"), "time,event,peer\n0.5,crash,3\n1.0,explode,4\n");
    Path f = dir.resolve("trace.yaml");
    Files.writeString(f, "peers: 4\nruntime: sim\nphases:\n  - join: {}\n  - churn: { for: 2s, trace: t.csv }\n");
    assertUsageError(run("run", f.toString(), "--out", dir.resolve("out").toString()), "t.csv:3:");
  }

  @Test
  void aSmallScenarioPrintsItsSummaryAsJson(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("ok.yaml");
    Files.writeString(f, "peers: 8\nruntime: sim\nphases:\n  - join: {}\n  - wait: 2s\n  - measure: { lookups: 20 }\n");
    Outcome o = run("run", f.toString(), "--out", dir.resolve("out").toString(), "--seed", "5", "--json");
    assertEquals(0, o.code(), o.err());
    assertEquals(1, o.out().lines().count());
    assertTrue(o.out().startsWith("{\"command\":\"run\",\"runtime\":\"sim\",\"seed\":5,"), o.out());
    assertTrue(Files.exists(dir.resolve("out/report.html")));
  }

  /** Runs {@code args} with {@code System.err}, where the progress lines go, captured. */
  private static String progressOf(String... args) {
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(progress, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      Outcome o = run(args);
      assertEquals(0, o.code(), o.err());
    } finally {
      System.setErr(stderr);
    }
    return progress.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void aWaitSaysWhenTheRingBecameStableAndTheEndWhatIsWrong(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("crash.yaml");
    Files.writeString(f, "peers: 24\nruntime: sim\nseed: 3\nphases:\n  - join: {}\n  - fail: { fraction: 0.25 }\n"
        + "  - wait: 20s\n");
    Path out = dir.resolve("out");
    String progress = progressOf("run", f.toString(), "--out", out.toString());
    com.fasterxml.jackson.databind.JsonNode ring = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.resolve("summary.json").toFile()).path("ring");
    assertTrue(ring.path("stable").asBoolean(), ring.toString());
    String line = String.format(java.util.Locale.ROOT, "wait: ring stable %.1f s after its last change",
        ring.path("stabilizeSeconds").asDouble());
    assertTrue(progress.contains(line), line + " in " + progress);

    // right after the crash of a quarter of the ring, its neighbours still name crashed peers
    Files.writeString(f, "peers: 24\nruntime: sim\nseed: 3\nphases:\n  - join: {}\n  - fail: { fraction: 0.25 }\n");
    Path early = dir.resolve("early");
    progress = progressOf("run", f.toString(), "--out", early.toString());
    ring = new com.fasterxml.jackson.databind.ObjectMapper().readTree(early.resolve("summary.json").toFile()).path("ring");
    assertTrue(!ring.path("stable").asBoolean(), ring.toString());
    String end = "end: ring not stable, of 18 peers " + ring.path("successorErrors").asLong() + " successors, ";
    assertTrue(progress.contains(end), end + " in " + progress);
  }

  @Test
  void everyBundledScenarioLoadsAndCanRun() {
    for (String name : RunCommand.BUNDLED) {
      // jvm-kill and quickstart-jvm-kill kill a child JVM, partition-jvms cuts JVMs apart: they load
      // only for a run over several JVMs
      var instances = org.bloomchord.experiments.scenario.ScenarioLoader.loadBundled(name + ".yaml", java.util.List.of(),
          name.contains("jvm") ? 3 : 0);
      Experiment.check(instances);
      assertEquals(name, instances.get(0).name());
      var published = Reproduction.of(name);
      if (published != null) {
        String parameter = published.parameter();
        assertTrue(instances.stream().allMatch(i -> i.sweep().containsKey(parameter)),
            name + ": its reproduction's x axis " + parameter + " is not swept");
      }
    }
    var quickstart = org.bloomchord.experiments.scenario.ScenarioLoader.loadBundled("quickstart.yaml", java.util.List.of());
    assertEquals(1000, quickstart.get(0).peers());
    assertEquals("vertx", quickstart.get(0).runtime().label());
  }

  @Test
  void aHugeListIndexInSetIsOneLineAndExitCode2() {
    assertUsageError(run("run", "path-length", "--runtime", "sim", "--set", "phases[99999999999].fail.fraction=0.3"),
        "--set phases[99999999999].fail.fraction=0.3: list index 99999999999 is out of range");
    assertUsageError(run("run", "path-length", "--runtime", "sim", "--set", "phases.99999999999.wait.for=1s"),
        "list index 99999999999 is out of range");
  }

  @Test
  void aDirectoryAsTraceFileIsOneLineAndExitCode2(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("trace.yaml");
    Files.writeString(f, "peers: 4\nruntime: sim\nphases:\n  - join: {}\n  - churn: { for: 5s, trace: " + dir
        + " }\n");
    assertUsageError(run("run", f.toString(), "--out", dir.resolve("out").toString()), "phases[1].churn.trace");
  }

  @Test
  void aSweepOfTooManyRunsIsOneLineAndExitCode2() {
    String list = "[" + String.join(",", java.util.Collections.nCopies(101, "8")) + "]";
    assertUsageError(run("run", "path-length", "--runtime", "sim", "--set", "peers=" + list, "--set",
        "chord.successors=" + list), "make more than 10000 runs");
  }

  @Test
  void anOverflowingDurationIsOneLineAndExitCode2() {
    assertUsageError(run("run", "path-length", "--runtime", "sim", "--set", "phases[1].wait.for=99999999999999999999h"),
        "at most 366 days");
    assertUsageError(run("run", "path-length", "--runtime", "sim", "--set", "chord.stabilize=9999999999999h"),
        "at most 366 days");
  }
}
