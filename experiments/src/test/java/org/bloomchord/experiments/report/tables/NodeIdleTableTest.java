package org.bloomchord.experiments.report.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeIdleTableTest {

  @TempDir
  Path dir;

  private static String count(String type, long n) {
    return "bloomchord_messages_sent_total{type=\"" + type + "\"} " + n + ".0\n";
  }

  @Test
  void aRowIsWhatEachKindSentBetweenTwoReadingsPerPeerPerSecond() throws IOException {
    Path run = dir.resolve("abc.txt");
    Files.writeString(run, "run build=abc date=2026-12-01T00:00:00Z peers=100 command=node --peers 100\n"
        + "puts=10 done=2026-12-01T00:00:10Z\n"
        + "at 240 00:04:10\n" + count("GetNeighbors", 1000) + count("SummaryRequest", 5000) + count("Notify", 7)
        + "at 300 00:05:10\n" + count("GetNeighbors", 1600) + count("SummaryRequest", 5300) + count("Notify", 67)
        + count("Ack", 30)
        + "at 900 00:15:10\n" + count("GetNeighbors", 7600) + count("SummaryRequest", 5300) + count("Notify", 67)
        + count("Ack", 30));
    List<String> rows = NodeIdleTable.markdown(List.of(run)).lines().filter(l -> l.startsWith("| abc")).toList();
    assertEquals(2, rows.size(), String.join("\n", rows));
    // 4 to 5 minutes: 600 + 300 + 60 + 30 messages over 100 peers and 60 s
    assertEquals("| abc | 4 to 5 | 990 | **0.165** | 0.100 | 0.000 | 0.000 | 0.005 | 0.050 | 0.010 |", rows.get(0));
    // 5 to 15 minutes: 6,000 stabilize messages over 100 peers and 600 s
    assertEquals("| abc | 5 to 15 | 6,000 | **0.100** | 0.100 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 |", rows.get(1));
  }

  @Test
  void aRunWithoutPeersWithOneReadingOrWithReadingsOutOfOrderIsRefused() throws IOException {
    Path noPeers = dir.resolve("a.txt");
    Files.writeString(noPeers, "run build=abc command=node\nat 240 00:04:10\n" + count("Ack", 1)
        + "at 300 00:05:10\n" + count("Ack", 2));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeIdleTable.markdown(List.of(noPeers)));
    assertTrue(e.getMessage().contains("a.txt"), e.getMessage());
    Path one = dir.resolve("b.txt");
    Files.writeString(one, "run build=abc peers=10 command=node\nat 240 00:04:10\n" + count("Ack", 1));
    assertThrows(IllegalArgumentException.class, () -> NodeIdleTable.markdown(List.of(one)));
    Path backwards = dir.resolve("c.txt");
    Files.writeString(backwards, "run build=abc peers=10 command=node\nat 300 00:05:10\n" + count("Ack", 2)
        + "at 240 00:04:10\n" + count("Ack", 1));
    e = assertThrows(IllegalArgumentException.class, () -> NodeIdleTable.markdown(List.of(backwards)));
    assertTrue(e.getMessage().contains("240"), e.getMessage());
  }
}
