package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same seed gives the same run, to the byte: every bundled simulator scenario, shortened (fewer
 * peers, seeds and sweep values, shorter phases, through the same {@code --set} a user has, so
 * every phase and section still runs), is run in two separate JVMs, and each run's
 * {@code summary.json} without its wall-clock {@code resources} section, {@code timeseries.csv} and
 * {@code operations.csv} are compared byte for byte. Two JVMs, because what differs between runs
 * of the CLI differs between JVMs: identity hashes (a record that prints an array) and the salt of
 * {@code Set.of} iteration.
 */
class BundledScenariosRepeatTest {

  /** Each bundled simulator scenario with the overrides that shorten it. */
  static final Map<String, List<String>> SHORTENED = shortened();

  private static Map<String, List<String>> shortened() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("churn-hour", List.of("peers=60", "phases[1].wait.for=10s", "phases[2].churn.for=40s",
        "phases[2].churn.warmup=10s"));
    m.put("continuous-churn", List.of("seed=1", "peers=60", "phases[1].wait.for=20s", "phases[2].churn.for=60s",
        "phases[2].churn.warmup=10s", "phases[2].churn.rate=[0.1/s, 0.3/s]"));
    m.put("filter-depth-width", List.of("peers=60", "routing.depth=[1, 3]", "routing.bitsPerLevel=1024",
        "phases[3].publish.objects=60", "phases[4].wait.for=5s", "phases[5].measure.locates=100"));
    m.put("hot-keys", List.of("peers=60", "phases[2].workload.for=5s", "phases[3].workload.for=5s"));
    m.put("load-balance", List.of("seed=1", "peers=60", "chord.virtualNodes=[1, 5]", "phases[2].measure.puts=1000"));
    m.put("mass-failure", List.of("seed=1", "peers=100", "phases[2].measure.puts=1000",
        "phases[3].fail.fraction=[0.1, 0.2]", "phases[4].wait.for=10s", "phases[5].measure.gets=200",
        "phases[5].measure.lookups=200", "phases[5].measure.keys.population=1000"));
    m.put("partition-merge", List.of("seed=1", "peers=60", "phases[2].measure.puts=100",
        "phases[3].partition.for=30s", "phases[4].wait.for=20s", "phases[5].measure.gets=200",
        "phases[5].measure.lookups=200", "phases[5].measure.keys.population=100"));
    m.put("path-length", List.of("seed=1", "peers=[8, 64]", "phases[1].wait.for=10s",
        "phases[2].measure.lookups=200", "phases[2].measure.keys.population=1000"));
    m.put("pns", List.of("seed=1", "peers=100", "phases[1].wait.for=20s", "phases[2].measure.lookups=200",
        "phases[2].measure.keys.population=1000"));
    m.put("reconcile-bytes", List.of("phases[0].reconcile.size=2000", "phases[0].reconcile.diff=[1, 100]"));
    m.put("rogue-peers", List.of("peers=60", "phases[0].join.peers=60", "phases[2].publish.objects=60",
        "phases[3].workload.for=10s", "phases[5].measure.lookups=100", "phases[5].measure.locates=100",
        "phases[5].measure.gets=40"));
    m.put("state-hour", List.of("peers=60", "phases[2].workload.for=10s", "phases[3].churn.for=60s",
        "phases[3].churn.warmup=10s", "phases[5].measure.lookups=100", "phases[5].measure.gets=100",
        "phases[5].measure.keys.population=1000"));
    m.put("summary-cache", List.of("cache.objects=2000", "cache.requests=500", "cache.warmup=200",
        "cache.capacity=200"));
    m.put("ton-churn", List.of("seed=1", "peers=60", "phases[1].wait.for=60s", "phases[2].churn.for=120s",
        "phases[2].churn.warmup=20s", "phases[2].churn.rate=[0.2/s, 0.4/s]"));
    m.put("ton-mass-failure", List.of("seed=1", "peers=60", "phases[3].fail.fraction=[0.2, 0.5]",
        "phases[4].measure.lookups=200"));
    m.put("traceback-rogues", List.of("peers=60", "phases[0].join.peers=60", "phases[2].workload.for=10s"));
    return m;
  }

  /** The files of a run compared between the two JVMs. */
  private static final Set<String> COMPARED = Set.of("summary.json", "timeseries.csv", "operations.csv");

  @Test
  void everyBundledSimulatorScenarioIsShortenedHere() throws Exception {
    Set<String> sim = new TreeSet<>();
    for (String name : RunCommand.BUNDLED) {
      String text;
      try (var in = getClass().getClassLoader().getResourceAsStream("scenarios/" + name + ".yaml")) {
        text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      }
      if (Pattern.compile("(?m)^runtime: sim\\b").matcher(text).find()) {
        sim.add(name);
      }
    }
    assertEquals(sim, new TreeSet<>(SHORTENED.keySet()));
  }

  @Test
  void twoJvmsWriteTheSameFilesForEveryBundledSimulatorScenario(@TempDir Path dir) throws Exception {
    Process a = start(dir.resolve("a"));
    Process b = start(dir.resolve("b"));
    finish(a, dir.resolve("a"));
    finish(b, dir.resolve("b"));
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir.resolve("a"))) {
      files = walk.filter(p -> COMPARED.contains(p.getFileName().toString())).sorted().toList();
    }
    Set<String> scenarios = new TreeSet<>();
    List<String> differing = new ArrayList<>();
    for (Path fa : files) {
      Path rel = dir.resolve("a").relativize(fa);
      scenarios.add(rel.getName(0).toString());
      String ta = compared(fa);
      String tb = compared(dir.resolve("b").resolve(rel));
      if (!ta.equals(tb)) {
        differing.add(rel + " (first difference: " + firstDifference(ta, tb) + ")");
      }
    }
    assertEquals(new TreeSet<>(SHORTENED.keySet()), scenarios, "scenarios that wrote their files");
    assertTrue(files.size() >= 3 * SHORTENED.size(), "files compared: " + files.size());
    assertEquals(List.of(), differing, "files that differ between two runs of the same seed");
  }

  /** The first line that differs between two texts, both versions, for the failure message. */
  private static String firstDifference(String a, String b) {
    String[] la = a.split("\n", -1);
    String[] lb = b.split("\n", -1);
    for (int i = 0; i < Math.min(la.length, lb.length); i++) {
      if (!la[i].equals(lb[i])) {
        return "line " + (i + 1) + ": '" + la[i].strip() + "' against '" + lb[i].strip() + "'";
      }
    }
    return "lengths " + la.length + " and " + lb.length + " lines";
  }

  /** The text compared: the file's own, but for summary.json without its resources section. */
  private static String compared(Path file) throws Exception {
    if (!file.getFileName().toString().equals("summary.json")) {
      return Files.readString(file);
    }
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode n = (ObjectNode) json.readTree(file.toFile());
    n.remove("resources");
    return json.writeValueAsString(n);
  }

  private static Process start(Path out) throws Exception {
    Files.createDirectories(out);
    return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
        "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
        "-cp", System.getProperty("java.class.path"), Runs.class.getName(), out.toString())
        .redirectOutput(out.resolve("stdout.txt").toFile()).redirectError(out.resolve("stderr.txt").toFile()).start();
  }

  private static void finish(Process p, Path out) throws Exception {
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the runs did not end within 600 s");
    }
    assertEquals(0, p.exitValue(), () -> "exit status; " + read(out.resolve("stderr.txt")));
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (Exception e) {
      return e.toString();
    }
  }

  /** Runs every shortened scenario in this JVM into the folder named by its argument, one after another. */
  static final class Runs {
    public static void main(String[] args) {
      Path out = Path.of(args[0]);
      int failed = 0;
      for (Map.Entry<String, List<String>> e : SHORTENED.entrySet()) {
        List<String> cli = new ArrayList<>(List.of("run", e.getKey(), "--out", out.resolve(e.getKey()).toString()));
        e.getValue().forEach(s -> cli.addAll(List.of("--set", s)));
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        int code = BloomchordCli.execute(cli.toArray(String[]::new), new PrintWriter(java.io.Writer.nullWriter()),
            new PrintWriter(err, true));
        System.out.printf("%s: %.1f s%n", e.getKey(), (System.nanoTime() - start) / 1e9);
        if (code != 0) {
          System.err.println(e.getKey() + " exited " + code + ": " + err);
          failed++;
        }
      }
      System.exit(failed == 0 ? 0 : 1);
    }
  }
}
