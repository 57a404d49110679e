package org.bloomchord.experiments.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.experiments.cli.BloomchordCli;
import org.bloomchord.overlay.admission.SharedSecret;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the commands of the README's ten-minute tour as the README writes them, read from the
 * README itself, so that the tour cannot drift from the product: the demo's scenario (on the
 * simulator, with fewer peers), the scenario of one's own with each of its commands (fewer peers,
 * shorter phases), a node answering every curl line of the tour (16 peers instead of 200), and the
 * two-node commands parsed as written (their run is {@code NodeClusterTest}'s). The program of
 * step 5 is compiled and run by {@code ReadmeExampleTest} in the node module.
 */
class ReadmeTourTest {

  private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");
  private static final Pattern WORD = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)");
  private static final Pattern JSON_KEY = Pattern.compile("\"([A-Za-z]+)\":");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** The README's tour, one string per step ("### 1." ...), by step number. */
  private static Map<Integer, String> steps() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    Map<Integer, String> out = new LinkedHashMap<>();
    Matcher m = Pattern.compile("(?m)^### (\\d)\\. ").matcher(readme);
    List<int[]> starts = new ArrayList<>();
    while (m.find()) {
      starts.add(new int[] {Integer.parseInt(m.group(1)), m.start()});
    }
    for (int i = 0; i < starts.size(); i++) {
      int end = i + 1 < starts.size() ? starts.get(i + 1)[1] : readme.indexOf("\n## ", starts.get(i)[1]);
      out.put(starts.get(i)[0], readme.substring(starts.get(i)[1], end));
    }
    assertEquals(List.of(1, 2, 3, 4, 5), List.copyOf(out.keySet()), "the tour's five steps");
    return out;
  }

  /** The command lines of a step's plain code blocks (not yaml, not java) that start with {@code prefix}, comments cut. */
  private static List<String> commands(String step, String prefix) {
    List<String> out = new ArrayList<>();
    boolean inBlock = false;
    boolean plain = false;
    for (String line : step.split("\n")) {
      if (line.startsWith("```")) {
        plain = !inBlock && line.equals("```");
        inBlock = !inBlock;
      } else if (inBlock && plain && line.startsWith(prefix)) {
        out.add(line.replaceFirst("\\s+#.*$", "").trim());
      }
    }
    return out;
  }

  private static List<String> words(String line) {
    List<String> out = new ArrayList<>();
    Matcher m = WORD.matcher(line);
    while (m.find()) {
      out.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
    }
    return out;
  }

  private static String cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(0, rc, () -> String.join(" ", args) + ": " + err);
    return out.toString();
  }

  @Test
  void stepOneTheDemosScenarioWritesItsRunFolderAndReport(@TempDir Path dir) throws Exception {
    assertEquals(List.of("./bloomchord demo"), commands(steps().get(1), "./bloomchord"));
    Path out = dir.resolve("demo");
    // the demo is the bundled quickstart; here on the simulator with 40 peers and 5 s of churn
    cli("run", "quickstart", "--runtime", "sim", "--out", out.toString(), "--set", "peers=40",
        "--set", "phases[0].join.peers=40", "--set", "phases[0].join.over=0s", "--set", "phases[1].publish.objects=40",
        "--set", "phases[3].churn.for=5s", "--set", "phases[3].churn.warmup=1s", "--set", "phases[6].measure.lookups=200",
        "--set", "phases[6].measure.locates=200");
    for (String file : List.of("summary.json", "timeseries.csv", "operations.csv", "report.html", "lookups.png",
        "peers-alive.svg")) {
      assertTrue(Files.isRegularFile(out.resolve(file)), file);
    }
    JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
    assertTrue(summary.path("lookups").path("total").asLong() >= 200, summary::toString);
    assertTrue(summary.path("locate").path("total").asLong() >= 200, summary::toString);
  }

  @Test
  void stepTwoTheScenarioOfOnesOwnRunsWithEachCommand(@TempDir Path dir) throws Exception {
    String step = steps().get(2);
    Matcher yaml = Pattern.compile("(?s)```yaml\n(.*?)```").matcher(step);
    assertTrue(yaml.find(), "step 2 has the scenario");
    Path file = dir.resolve("my-churn.yaml");
    Files.writeString(file, yaml.group(1));
    List<String> runs = commands(step, "./bloomchord run");
    assertEquals(3, runs.size(), runs::toString);
    int n = 0;
    for (String line : runs) {
      List<String> args = new ArrayList<>(words(line).subList(1, words(line).size()));
      assertEquals("my-churn.yaml", args.get(1), line);
      args.set(1, file.toString());
      Path out = dir.resolve("run" + n++);
      // a smaller ring and shorter phases than the README's (50 peers, 10 s of wait and of churn, 300 lookups)
      args.addAll(List.of("--out", out.toString(), "--set", "peers=50", "--set", "phases[1].wait.for=10s",
          "--set", "phases[2].churn.for=10s", "--set", "phases[5].measure.lookups=300"));
      cli(args.toArray(String[]::new));
      if (line.contains("seed=[1,2,3]")) {
        JsonNode all = JSON.readTree(out.resolve("summaries.json").toFile());
        assertEquals(3, all.size(), "one run per seed");
      } else {
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertTrue(summary.path("ring").path("stable").asBoolean(), summary::toString);
        assertTrue(summary.path("lookups").path("total").asLong() >= 300, summary::toString);
      }
    }
  }

  @Test
  void stepThreeANodeAnswersEveryCurlLineAndServesTheLiveView(@TempDir Path dir) throws Exception {
    String step = steps().get(3);
    List<String> node = commands(step, "./bloomchord node");
    assertEquals(1, node.size(), node::toString);
    List<Process> started = new ArrayList<>();
    try {
      String base = start(started, dir.resolve("node.err"), args(node.get(0), Map.of("--peers", "16", "--http-port", "0")));
      List<String> curls = commands(step, "curl");
      assertTrue(curls.size() >= 6, curls::toString);
      for (String line : curls) {
        curl(line, rawLine(step, line), Map.of("http://127.0.0.1:8080", base));
      }
      HttpResponse<String> page = send(HttpRequest.newBuilder(URI.create(base + "/")));
      assertEquals(200, page.statusCode());
      assertTrue(page.body().contains("<canvas"), "the live view draws on a canvas");
    } finally {
      stop(started);
    }
  }

  /**
   * Step 4 is checked without starting Hazelcast twice: its secret line makes a file the node
   * takes (owner-only, long enough), its commands parse as written, with the
   * cluster flags {@code NodeClusterTest} runs (two node JVMs with these flags form one ring and
   * answer the same requests across it), and its curl lines are those of step 3's routes.
   */
  @Test
  void stepFourTwoNodesAreTheCommandsTheClusterTestRuns(@TempDir Path dir) throws Exception {
    String step = steps().get(4);
    List<String> secretLines = commands(step, "(umask 077; head -c 32 /dev/urandom | base64 > ring.secret)");
    assertEquals(1, secretLines.size());
    // the line makes a secret the node takes: owner-only and long enough
    Process made = new ProcessBuilder("bash", "-c", secretLines.get(0)).directory(dir.toFile()).inheritIO().start();
    assertTrue(made.waitFor(30, TimeUnit.SECONDS) && made.exitValue() == 0, secretLines.get(0));
    SharedSecret.read(dir.resolve("ring.secret"));
    List<String> nodes = commands(step, "./bloomchord node");
    assertEquals(2, nodes.size(), nodes::toString);
    for (String line : nodes) {
      List<String> args = words(line).subList(1, words(line).size());
      var parsed = BloomchordCli.commandLine().parseArgs(args.toArray(String[]::new));
      assertEquals("node", parsed.subcommand().commandSpec().name(), line);
      assertTrue(parsed.subcommand().hasMatchedOption("--secret-file"), line);
      assertTrue(parsed.subcommand().hasMatchedOption("--cluster-port"), line);
    }
    assertTrue(nodes.get(1).contains("--members 127.0.0.1:5701") && nodes.get(0).contains("--cluster-port 5701"),
        "the second node names the first one's cluster port");
    List<String> curls = commands(step, "curl");
    assertEquals(3, curls.size(), curls::toString);
    for (String line : curls) {
      String path = URI.create(words(line).get(words(line).size() - 1)).getPath();
      assertTrue(commands(steps().get(3), "curl").stream().anyMatch(c -> c.contains(path)), path);
    }
  }

  /** The README line of a command, comment included. */
  private static String rawLine(String step, String command) {
    return step.lines().filter(l -> l.startsWith(command)).findFirst().orElseThrow();
  }

  /** The words after {@code ./bloomchord}, with the values of some flags replaced. */
  private static List<String> args(String line, Map<String, String> values) {
    List<String> w = words(line);
    List<String> out = new ArrayList<>(w.subList(1, w.size()));
    for (int i = 0; i < out.size() - 1; i++) {
      if (values.containsKey(out.get(i))) {
        out.set(i + 1, values.get(out.get(i)));
      }
    }
    assertTrue(out.containsAll(values.keySet()), () -> line + " names " + values.keySet());
    return out;
  }

  /**
   * Sends what a curl line of the README sends, to the node it names, and checks the answer
   * against the line's comment: 2xx, the JSON keys the comment shows, or the plain value it shows.
   */
  private void curl(String command, String raw, Map<String, String> bases) throws Exception {
    List<String> w = words(command);
    String method = "GET";
    String body = null;
    String url = null;
    for (int i = 1; i < w.size(); i++) {
      switch (w.get(i)) {
        case "-X" -> method = w.get(++i);
        case "--data-binary" -> body = w.get(++i);
        default -> url = w.get(i);
      }
    }
    for (Map.Entry<String, String> e : bases.entrySet()) {
      if (url.startsWith(e.getKey())) {
        url = e.getValue() + url.substring(e.getKey().length());
      }
    }
    HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(url))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body)));
    assertTrue(answer.statusCode() / 100 == 2, () -> command + ": " + answer.statusCode() + " " + answer.body());
    int hash = raw.indexOf("# ");
    String comment = hash < 0 ? "" : raw.substring(hash + 2).trim();
    if (comment.startsWith("{")) {
      Matcher keys = JSON_KEY.matcher(comment);
      while (keys.find()) {
        assertTrue(answer.body().contains("\"" + keys.group(1) + "\":"), command + ": " + keys.group(1) + " in "
            + answer.body());
      }
    } else if (comment.matches("[A-Z][a-z]+")) {
      assertEquals(comment, answer.body(), command);
    }
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Starts {@code bloomchord ARGS} in a JVM of its own and returns the base URL it prints. */
  private static String start(List<Process> started, Path err, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx384m", "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
    cmd.addAll(ClusterNode.JDK_FLAGS);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BloomchordCli.class.getName()));
    cmd.addAll(args);
    cmd.addAll(List.of("--event-loops", "2"));
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    started.add(p);
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String first = out.readLine();
    Matcher m = LISTENING.matcher(String.valueOf(first));
    assertTrue(m.matches(), () -> args + ": first line " + first + "; " + tail(err));
    return m.group(1);
  }

  private static void stop(List<Process> started) throws InterruptedException {
    for (Process p : started) {
      p.destroy();
    }
    for (Process p : started) {
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      assertFalse(p.isAlive());
    }
  }

  private static String tail(Path err) {
    try {
      List<String> lines = Files.readAllLines(err);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }
}
