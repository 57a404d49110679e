package org.bloomchord.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bloomchord.overlay.vertx.ClusterNode;

/** `bloomchord node` started as a child JVM on 127.0.0.1, as the tests of clustered nodes start it. */
final class NodeProcesses {

  private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

  private NodeProcesses() {
  }

  /** Starts {@code bloomchord node ARGS} (two event loops, 384 MB heap), standard error to {@code err}. */
  static Process start(List<Process> started, Path err, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx384m", "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")));
    cmd.addAll(ClusterNode.JDK_FLAGS);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BloomchordCli.class.getName(), "node",
        "--event-loops", "2"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    started.add(p);
    return p;
  }

  /** The node's base URL from its first line of output; the first line must be the contract line. */
  static String awaitListening(Process p, Path err) throws IOException {
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String first = out.readLine();
    Matcher m = LISTENING.matcher(String.valueOf(first));
    assertTrue(m.matches(), () -> "first line: " + first + "; standard error: " + tail(err));
    return m.group(1);
  }

  /** The last 20 lines of a node's standard error, for failure messages. */
  static String tail(Path err) {
    try {
      List<String> lines = Files.readAllLines(err);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }
}
