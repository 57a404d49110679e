package org.bloomchord.node.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node killed (SIGKILL) in the middle of a stream of writes and restarted on the same data
 * directory keeps its peers' identities and every key whose write was acknowledged.
 */
class DurableRestartTest {

  private static final int ACKS_BEFORE_KILL = 300;

  @Test
  void noAcknowledgedKeyIsLostWhenTheProcessIsKilledMidWrite(@TempDir Path dir) throws Exception {
    Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
        "-cp", System.getProperty("java.class.path"), DurableWriterMain.class.getName(),
        dir.toString(), "6")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    List<String> acked = new ArrayList<>();
    String peersBefore = null;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith("ready ")) {
          peersBefore = line.substring("ready ".length());
        } else if (line.startsWith("acked ")) {
          acked.add(line.substring("acked ".length()));
          if (acked.size() == ACKS_BEFORE_KILL) {
            // SIGKILL through the handle, which (unlike Process.destroyForcibly) leaves our end of
            // the pipe open, so the acknowledgements already printed are still read
            writer.toHandle().destroyForcibly();
          }
        }
      }
    } finally {
      writer.destroyForcibly();
      assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
    }
    assertTrue(acked.size() >= ACKS_BEFORE_KILL, "acknowledged writes: " + acked.size());

    try (Node node = Node.start(new NodeOptions().setPeers(1).setDataDir(dir).setEventLoopThreads(2))) {
      assertEquals(peersBefore, String.join(",", node.peerNames()), "the same peers, hence the same ring ids");
      List<String> lost = new ArrayList<>();
      for (String key : acked) {
        ReadResult r = node.get(key).toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (!r.found() || !r.value().equals("value-" + key.substring(1))) {
          lost.add(key);
        }
      }
      assertEquals(List.of(), lost, "acknowledged keys lost after the kill");
    }
  }
}
