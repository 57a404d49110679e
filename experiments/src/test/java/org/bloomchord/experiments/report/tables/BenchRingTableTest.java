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

class BenchRingTableTest {

  @TempDir
  Path dir;

  private Path build(String name, String build, String exit, long... peers) throws IOException {
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < peers.length; i++) {
      json.append(i == 0 ? "" : ",").append("{\"peers\":").append(peers[i]).append(",\"wallSeconds\":2.5,\"events\":")
          .append(peers[i] * 400).append(",\"eventsPerSecond\":400000,\"heapBytesPerPeer\":4300,\"messagesPerJoin\":210.4,")
          .append("\"eventsPerPeer\":400,\"joinsSeconds\":1,\"stabilizationSeconds\":0.5,\"fingerRepairSeconds\":0.25,")
          .append("\"otherSeconds\":0.75,\"ringStable\":true,\"lookupsCorrect\":100000,")
          .append("\"relayMessagesPerSecond\":2000000,\"ratioToRelay\":0.2}");
    }
    Files.writeString(dir.resolve(name + ".json"), json.append("]").toString());
    Path meta = dir.resolve(name + ".txt");
    Files.writeString(meta, "build: " + build + "\ncommand: bench ring\nstart: 00:00Z load 1.0\nend: 00:01Z load 2.0\nexit: "
        + exit + "\n");
    return meta;
  }

  @Test
  void rowsGoBySizeThenByTheOrderTheBuildsRan() throws IOException {
    Path before = build("1-aaa", "aaa", "0", 1000, 100000);
    Path after = build("2-bbb", "bbb", "0", 1000, 100000);
    String md = BenchRingTable.markdown(List.of(before, after));
    List<String> rows = md.lines().filter(l -> l.startsWith("| aaa") || l.startsWith("| bbb")).toList();
    assertEquals(4, rows.size(), md);
    assertTrue(rows.get(0).startsWith("| aaa | 10^3 |") && rows.get(1).startsWith("| bbb | 10^3 |"), md);
    assertTrue(rows.get(2).startsWith("| aaa | 10^5 |") && rows.get(3).startsWith("| bbb | 10^5 |"), md);
    // 400 events per peer at 10^5 is 40 M events; W's ratio is printed as measured
    assertTrue(rows.get(3).contains("| 40.00 M |") && rows.get(3).contains("**0.200**"), rows.get(3));
    assertTrue(md.contains("- aaa: 00:00Z load 1.0 to 00:01Z load 2.0"), md);
  }

  @Test
  void theRateOverTheSimulationAloneIsShownWhereTheRunPrintedIt() throws IOException {
    Path old = build("1-ddd", "ddd", "0", 100000);
    Path now = dir.resolve("2-eee.txt");
    Files.writeString(dir.resolve("2-eee.json"), "[{\"peers\":100000,\"wallSeconds\":2.5,\"events\":1000000,"
        + "\"eventsPerSecond\":400000,\"heapBytesPerPeer\":4300,\"messagesPerJoin\":210.4,\"eventsPerPeer\":10,"
        + "\"joinsSeconds\":1,\"stabilizationSeconds\":0.5,\"fingerRepairSeconds\":0.25,\"otherSeconds\":0.75,"
        + "\"heapReadingSeconds\":0.5,\"ringStable\":true,\"lookupsCorrect\":100000,\"relayMessagesPerSecond\":2000000,"
        + "\"ratioToRelay\":0.2,\"simulationSeconds\":2.0,\"simulationEventsPerSecond\":500000,"
        + "\"simulationRatioToRelay\":0.25}]");
    Files.writeString(now, "build: eee\ncommand: bench ring\nstart: 00:00Z load 1.0\nend: 00:01Z load 2.0\n"
        + "cpu: 10.50 s user, 1.25 s system\nexit: 0\n");
    String md = BenchRingTable.markdown(List.of(old, now));
    String before = md.lines().filter(l -> l.startsWith("| ddd")).findFirst().orElseThrow();
    String after = md.lines().filter(l -> l.startsWith("| eee")).findFirst().orElseThrow();
    assertTrue(before.contains("| not read | 2,000,000 | **0.200** | not read | not read |"), before);
    assertTrue(after.contains("| 0.5 s | 2,000,000 | **0.200** | 500,000 | 0.250 |"), after);
    assertTrue(md.contains("- eee: 00:00Z load 1.0 to 00:01Z load 2.0, the JVM's processor time 10.50 s user, 1.25 s system,"
        + " `bench ring`"), md);
    assertTrue(md.contains("- ddd: 00:00Z load 1.0 to 00:01Z load 2.0, `bench ring`"), md);
  }

  @Test
  void aRunThatDidNotExitCleanlyIsNoRowOfTheTable() throws IOException {
    Path failed = build("1-ccc", "ccc", "1", 1000);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchRingTable.markdown(List.of(failed)));
    assertTrue(e.getMessage().contains("exited 1"), e.getMessage());
  }
}
