package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
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
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bloomchord node}: its contract line, a write refused without its API token and taken with
 * it, SIGTERM shutdown with the store flushed, bad flags.
 */
class NodeCommandTest {

  private static final String TOKEN = "c2VjcmV0LXRva2VuLW9mLXRoaXMtdGVzdA";

  private static int run(StringWriter out, StringWriter err, String... args) {
    return BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  void badFlagsGetOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    Path openToken = Files.writeString(dir.resolve("open.token"), TOKEN);
    Files.setPosixFilePermissions(openToken, PosixFilePermissions.fromString("rw-r--r--"));
    Path shortToken = Files.writeString(dir.resolve("short.token"), "0123456789abcdef");
    Files.setPosixFilePermissions(shortToken, PosixFilePermissions.fromString("rw-------"));
    String[][] cases = {
        {"node", "--http-port", "0", "--http-host", "0.0.0.0"},
        {"node", "--http-port", "0", "--http-token-reads"},
        {"node", "--http-port", "0", "--http-token-file", openToken.toString()},
        {"node", "--http-port", "0", "--http-token-file", shortToken.toString()},
        {"node", "--http-port", "0", "--http-token-file", shortToken.toString(), "--http-insecure"},
        {"node", "--http-port", "70000"},
        {"node", "--peers", "0", "--http-port", "0"},
        {"node", "--http-port", "0", "--data-dir", file.toString()},
        {"node", "--peers", "many", "--http-port", "0"},
        {"node"},
        {"node", "--http-port", "0", "--stabilize-ms", "0"},
        {"node", "--http-port", "0", "--stabilize-ms", "1000", "--stabilize-max", "500"},
        {"node", "--http-port", "0", "--fix-fingers-max", "100"},
        {"node", "--http-port", "0", "--refresh-ms", "-1"},
        {"node", "--http-port", "0", "--hot-keys-threshold", "-1"},
        {"node", "--http-port", "0", "--hot-keys-lease-ms", "5"},
        {"node", "--http-port", "0", "--hot-keys-threshold", "2", "--hot-keys-lease-ms", "0"},
        {"node", "--http-port", "0", "--start-timeout", "0"}};
    String[] mentions = {"--http-host 0.0.0.0 is not the loopback", "--http-token-reads", "chmod 600 " + openToken,
        "fewer than 128", "--http-insecure", "--http-port", "--peers", file.toString(), "--peers", "--http-port", "--stabilize-ms",
        "--stabilize-max", "--fix-fingers-max", "--refresh-ms", "--hot-keys-threshold", "--hot-keys-lease-ms",
        "--hot-keys-lease-ms", "--start-timeout"};
    for (int i = 0; i < cases.length; i++) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      assertEquals(BloomchordCli.EXIT_USAGE, run(out, err, cases[i]), String.join(" ", cases[i]));
      List<String> lines = err.toString().lines().filter(l -> !l.isBlank()).toList();
      assertTrue(lines.get(0).startsWith("bloomchord: ") && lines.get(0).contains(mentions[i]), lines.toString());
      assertFalse(err.toString().contains("\tat "), "no stack trace");
      assertEquals(1, lines.size(), lines.toString());
    }
  }

  @Test
  void printsItsAddressWhenStableAndStopsCleanlyOnSigterm(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    Path token = Files.writeString(dir.resolve("api.token"), TOKEN + "\n");
    Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
    Process node = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-cp", System.getProperty("java.class.path"),
        BloomchordCli.class.getName(), "node", "--peers", "6", "--http-port", "0", "--data-dir", data.toString(),
        "--event-loops", "2",
        "--stabilize-ms", "400", "--stabilize-max", "6400", "--fix-fingers-max", "12800", "--refresh-ms", "2000",
        "--http-token-file", token.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    List<String> lines = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))) {
      String first = out.readLine();
      lines.add(first);
      Matcher m = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)").matcher(String.valueOf(first));
      assertTrue(m.matches(), "first line: " + first);
      String base = "http://127.0.0.1:" + m.group(1);
      HttpClient http = HttpClient.newHttpClient();
      String ring = http.send(HttpRequest.newBuilder(URI.create(base + "/api/ring")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      assertTrue(ring.contains("\"peers\":6") && ring.contains("\"stable\":true"), ring);
      HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create(base + "/api/keys/kept"))
          .timeout(Duration.ofSeconds(30)).PUT(HttpRequest.BodyPublishers.ofString("no")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(401, refused.statusCode(), "a write without the token: " + refused.body());
      HttpResponse<String> put = http.send(HttpRequest.newBuilder(URI.create(base + "/api/keys/kept"))
          .timeout(Duration.ofSeconds(30)).header("Authorization", "Bearer " + TOKEN)
          .PUT(HttpRequest.BodyPublishers.ofString("yes")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, put.statusCode(), put.body());

      node.toHandle().destroy(); // SIGTERM; the handle keeps our end of the pipe open
      assertTrue(node.waitFor(60, TimeUnit.SECONDS), "the node stops after SIGTERM");
      String line;
      while ((line = out.readLine()) != null) {
        lines.add(line);
      }
    } finally {
      node.destroyForcibly();
    }
    assertEquals(1, lines.stream().filter(l -> l.startsWith("listening on")).count(), lines.toString());
    try (Node again = Node.start(new NodeOptions().setDataDir(data).setEventLoopThreads(2))) {
      assertEquals(6, again.peerNames().size());
      assertEquals("yes", again.get("kept").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS).value());
    }
  }
}
