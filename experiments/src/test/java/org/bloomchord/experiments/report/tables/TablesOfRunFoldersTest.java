package org.bloomchord.experiments.report.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bloomchord.experiments.writes.RepairRunsTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables written from kept run folders and printed outputs: the hosts bench's text, the
 * quickstart trials' {@code runs.tsv} with their summaries, the churn runs over JVMs, the
 * location upkeep runs, and the runs of the scenario phase partition. A run that failed is a row
 * of its own, never dropped.
 */
class TablesOfRunFoldersTest {

  private static final String RING = "{\"peers\":900,\"active\":900,\"stable\":true,\"unreachable\":[]}";

  private static String cutEnd(int... seconds) {
    StringBuilder s = new StringBuilder("t=60.5 s end of the cut: ");
    for (int i = 0; i < seconds.length; i++) {
      s.append("host ").append(i).append(" {\"peers\":300,\"stable\":false,\"unreachable\":[{\"node\":\"n\",\"seconds\":")
          .append(seconds[i]).append("}],\"hotKeys\":{\"owners\":[]}} | ");
    }
    return s.append('\n').toString();
  }

  /**
   * A split run is one row: the decision bound is the cut's end minus the smallest whole seconds
   * any host gave; a run that stopped before its heal shows what it did not reach; a join run is a
   * row of the second table.
   */
  @Test
  void hostsBenchRunsAreRowsAndAFailedRunIsCounted(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("01-split.txt"), "before the cut (after 1 s): host 0 " + RING + " | \n"
        + "cut at 0 s: groups 0,1/2\nt=11.2 s every host reports some node unreachable\n" + cutEnd(54, 53, 55)
        + "healed at 60.6 s\nheal+6.8 s every host reaches every other\nheal+20.5 s one stable ring of 900 peers on"
        + " every host\nheal+25.0 s reads across: host 0's keys through host 2: 20 of 20, 19 of the 19 acknowledged;"
        + " host 2's keys through host 0: 18 of 20, 18 of the 18 acknowledged; \nshared keys after the heal: 20 of 20"
        + " read alike on every host; 20 hold a write; 0 keys with an acknowledged write hold none (lost)\n"
        + "summary: hosts=3 peers=300 groups=0,1/2 cut=60s reported=11.2s reachable=6.8s one-ring=20.5s\n");
    Files.writeString(dir.resolve("02-split-failed.txt"), "cut at 0 s: groups 0/1/2\n"
        + "t=11.2 s every host reports some node unreachable\n");
    Files.writeString(dir.resolve("03-join.txt"), "node A, 300 peers (host 0): listening after 7.0 s\n"
        + "node B, 300 peers, joining A (hosts): listening after 10.2 s\n"
        + "  300 peers started: 0 ms to find 0 peers of other nodes, 1678 ms to join, 8 ms to a stable ring\n"
        + "  300 peers started: 938 ms to find 300 peers of other nodes, 4396 ms to join, 666 ms to a stable ring\n"
        + "load average at the end: 3.27 2.34 2.38\n");
    String[] lines = HostsBenchTable.markdown(ExperimentPages.textRuns(dir)).split("\n");
    // 60.5 - 53 = 7.5 s
    assertEquals("| 01-split | 0,1/2 | 1 min | 7.5 s | 11.2 s | 6.8 s | **20.5 s** (900 peers) | 20 of 20, 19 of the 19"
        + " acknowledged; 18 of 20, 18 of the 18 acknowledged | 20 of 20 alike, 0 lost |", lines[2]);
    assertEquals("| 02-split-failed | 0/1/2 | not reached | not reached | 11.2 s | not reached | not reached | not read"
        + " | not read |", lines[3]);
    assertEquals("| 03-join | 7.0 s | **10.2 s** | 4.4 s | 3.27 |", lines[7]);
    Files.writeString(dir.resolve("04-other.txt"), "nothing a bench prints\n");
    assertThrows(IllegalArgumentException.class, () -> HostsBenchTable.markdown(ExperimentPages.textRuns(dir)));
  }

  /**
   * The README's figure of split runs counts a run that stopped before its cut among the runs, and
   * names how many read every acknowledged key back; join runs are not split runs.
   */
  @Test
  void theReadmeFigureOfSplitRunsCountsAFailedRun(@TempDir Path dir) throws IOException {
    String shared = "shared keys after the heal: 20 of 20 read alike on every host; 20 hold a write acknowledged on"
        + " its side (host of the kept write, per key: 2), the other sides' writes to them superseded; 0 keys with an"
        + " acknowledged write hold none (lost)\n";
    Files.writeString(dir.resolve("01-split.txt"), "cut at 0 s: groups 0,1/2\nt=11.2 s every host reports some node"
        + " unreachable\n" + cutEnd(54, 53, 55) + "healed at 60.6 s\nheal+20.5 s one stable ring of 900 peers on every"
        + " host\nheal+25.0 s reads across: host 0's keys through host 2: 20 of 20, 19 of the 19 acknowledged; host 2's"
        + " keys through host 0: 18 of 20, 18 of the 18 acknowledged; \n" + shared
        + "summary: hosts=3 peers=300 groups=0,1/2 cut=60s reported=11.2s reachable=6.8s one-ring=20.5s\n");
    Files.writeString(dir.resolve("02-split-failed.txt"), "cut at 0 s: groups 0/1/2\n"
        + "t=11.2 s every host reports some node unreachable\n");
    Files.writeString(dir.resolve("03-join.txt"), "node B, 300 peers, joining A (hosts): listening after 10.2 s\n");
    assertEquals("three nodes of 300 peers on separate network stacks here, cut 2-way or 1+1+1 for 1 minute, 2 runs: one"
        + " ring again 20.5 s after the heal in 1 of 2 runs (1 within 60 s), each node deciding on the split 7.5 s after"
        + " the cut by its own report (the bench's reads saw it 11.2 s after); every shared key read alike and holding"
        + " an acknowledged write, and every acknowledged own key read back, in 1 of 2",
        HostsBenchTable.readmeFigure(ExperimentPages.textRuns(dir), "here"));
    Files.writeString(dir.resolve("02-split-failed.txt"), Files.readString(dir.resolve("01-split.txt"))
        .replace("18 of the 18", "17 of the 18").replace("heal+20.5 s", "heal+75.0 s"));
    assertTrue(HostsBenchTable.readmeFigure(ExperimentPages.textRuns(dir), "here").endsWith("after the heal (1 of 2"
        + " within 60 s), each node deciding on the split 7.5 s after the cut by its own report (the bench's reads saw"
        + " it 11.2 s after); every shared key read alike and holding an acknowledged write in 2 of 2; every"
        + " acknowledged own key read back in 1 of 2"));
  }

  /**
   * The quickstart trials: one row per line of runs.tsv, a failed run without a summary included
   * and not counted as passed; a summary that disagrees with its line is refused.
   */
  @Test
  void quickstartTrialsCountFailedRunsAndCheckTheirSummaries(@TempDir Path dir) throws IOException {
    String head = "run\tstarted\tload_start\tload_end\texit\twall_s\toutput_bytes\tlogs_left_bytes\tunhandled\tstable"
        + "\tlookups_incorrect\tlookups_total\tmembers_removed\tjava_opts\tlast_line\n";
    Files.writeString(dir.resolve("runs.tsv"), head
        + "run01\t09:23:17\t2.50\t5.37\t0\t108\t6462\t0\t0\ttrue\t1\t4597\t0 0 0\tdefault\treport: x\n"
        + "run02\t09:30:00\t3.00\t6.00\t1\t240\t20480\t2100\t0\t-\t-\t-\t-\tdefault\tJVM jvm1 did not answer\n");
    Path run01 = dir.resolve("run01");
    Files.createDirectories(run01);
    Files.writeString(run01.resolve("summary.json"), summary(true, 1, 4597, 0));
    String md = MultiJvmTables.quickstartTrials(ExperimentPages.runSummaries(dir));
    assertTrue(md.contains("| run01 | 09:23:17 | 2.50 / 5.37 | 0 | 108 | 6 KB | 0 B | 0 | true | 1 of 4597 | 0 0 0 |\n"), md);
    assertTrue(md.contains("| run02 | 09:30:00 | 3.00 / 6.00 | 1 | 240 | 20 KB | 2100 B | 0 | - | - of - | - |\n"), md);
    assertTrue(md.endsWith("\n2 runs started, 1 exited 0 with a stable ring.\n"), md);
    Files.writeString(run01.resolve("summary.json"), summary(true, 2, 4597, 0));
    assertThrows(IllegalArgumentException.class, () -> MultiJvmTables.quickstartTrials(ExperimentPages.runSummaries(dir)));
  }

  /** A churn run over JVMs is one row of its membership, lookups and keys. */
  @Test
  void churnRunsAreOneRowEach(@TempDir Path dir) throws IOException {
    Path run = dir.resolve("run01");
    Files.createDirectories(run);
    Files.writeString(run.resolve("summary.json"), "{\"peers\":{\"joins\":4204,\"leaves\":1394,\"crashes\":1310},"
        + "\"ring\":{\"stable\":false,\"successorErrors\":2,\"fingerErrors\":5},\"lookups\":{\"correct\":19783,"
        + "\"incorrect\":1,\"failed\":3},\"keys\":{\"stored\":3048,\"lost\":4},\"traffic\":{\"byJvm\":{\"jvm0\":"
        + "{\"membersRemoved\":0},\"jvm1\":{\"membersRemoved\":1}}}}");
    assertEquals("| run01 | 4,204 | 1,394 | 1,310 | 0 1 | 19,783 | 1 | 3 | 3,048 | 4 | not stable, 2 successor and 5 finger"
        + " errors |", MultiJvmTables.churnRuns(List.of(run.resolve("summary.json"))).split("\n")[2]);
  }

  /**
   * A run of the scenario phase is one row of its first partition, lookups, keys and ring; a split
   * that did not become one ring within its phase says so; a summary without a partition is refused.
   */
  @Test
  void partitionScenarioRunsAreOneRowEach(@TempDir Path dir) throws IOException {
    Path run = Files.createDirectories(dir.resolve("seed-1")).resolve("summary.json");
    Files.writeString(run, "{\"seed\":1,\"partitions\":[{\"groups\":[0.5,0.3,0.2],\"peersPerGroup\":[500,300,200],"
        + "\"ringsDuring\":14,\"healToOneRingSeconds\":51.5,\"messagesToMerge\":1327235,\"divergentKeys\":1057,"
        + "\"partitionLost\":109936}],\"ring\":{\"stable\":true,\"successorErrors\":0},\"lookups\":{\"total\":2000,"
        + "\"correct\":1998,\"incorrect\":1,\"failed\":1},\"keys\":{\"stored\":1766,\"lost\":2}}");
    Path late = Files.createDirectories(dir.resolve("seed-2")).resolve("summary.json");
    Files.writeString(late, Files.readString(run).replace("\"seed\":1", "\"seed\":2")
        .replace("51.5", "null").replace("\"stable\":true,\"successorErrors\":0", "\"stable\":false,\"successorErrors\":3"));
    String[] lines = PartitionScenarioTable.markdown(ExperimentPages.runSummaries(dir)).split("\n");
    assertEquals("| 1 | 500, 300, 200 | 14 | 51.5 | 1,327,235 | 1,057 | 109,936 | 1,998 / 2,000 | 1 | 1 | 1,766 / 2 "
        + "| stable, 0 successor errors |", lines[2]);
    assertEquals("| 2 | 500, 300, 200 | 14 | not within the phase | 1,327,235 | 1,057 | 109,936 | 1,998 / 2,000 | 1 | 1 "
        + "| 1,766 / 2 | not stable, 3 successor errors |", lines[3]);
    Files.writeString(late, "{\"seed\":2,\"ring\":{\"stable\":true}}");
    assertThrows(IllegalArgumentException.class, () -> PartitionScenarioTable.markdown(List.of(late)));
  }

  /** A quickstart beside busy loops is one row of its meta.txt and summary; a run without meta.txt is refused. */
  @Test
  void overloadRunsReadTheirMetaAndSummary(@TempDir Path dir) throws IOException {
    Path run = dir.resolve("run01");
    Files.createDirectories(run);
    Files.writeString(run.resolve("summary.json"), "{\"ring\":{\"stable\":true},\"lookups\":{\"total\":4864,"
        + "\"correct\":3910,\"incorrect\":10,\"failed\":944},\"traffic\":{\"messages\":2236358,"
        + "\"byType\":{\"FindSuccessor\":{\"messages\":570808}}}}");
    Files.writeString(run.resolve("meta.txt"), "build=f8610c9\nstarted=22:13:00\nload_start=12.51\nload_end=15.65\n"
        + "wall_s=348\nexit=0\nloops=8\n");
    assertEquals("| run01 | f8610c9 | 8 | 22:13:00 | 12.51 / 15.65 | 348 | 3,910 | 10 | 944 | 4,864 | 2,236,358 | 570,808"
        + " | true |", MultiJvmTables.overloadRuns(List.of(run.resolve("summary.json"))).split("\n")[2]);
    Files.writeString(run.resolve("meta.txt"), "build=f8610c9\n");
    assertThrows(IllegalArgumentException.class, () -> MultiJvmTables.overloadRuns(List.of(run.resolve("summary.json"))));
  }

  /**
   * A location upkeep row: the upkeep types' share of the run's bytes per peer per second, the
   * within-depth share, and the locates found among those with a live holder.
   */
  @Test
  void locationUpkeepRowsAreTheSummaryTypesShare(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("runs.json");
    Files.writeString(kept, "{\"command\":\"./bloomchord run quickstart --runtime sim --set routing.depth=2 --json\","
        + "\"summary\":" + upkeep(300, 200, 500) + "}\n{\"command\":\"./bloomchord run filter-depth-width --set "
        + "routing.hashes=2 --set 'routing.depth=[2]' --json\","
        + "\"runs\":[{\"sweep\":{\"routing.depth\":\"2\"},\"summary\":" + upkeep(0, 100, 0) + "}]}\n"
        + "{\"command\":\"./bloomchord run quickstart --runtime sim --json\",\"build\":\"abc1234\",\"summary\":"
        + upkeep(300, 200, 500) + "}\n");
    String[] lines = ExperimentPages.COMMAND_TABLES.get("location-upkeep").apply(ExperimentPages.commandRuns(kept))
        .split("\n");
    // 2,000 B/peer/s over 10,000 bytes: 0.2 B/peer/s a byte; 1,000 bytes of upkeep = 200.0
    assertEquals("| `quickstart --runtime sim --set routing.depth=2` | 200.0 (60 / 40 / 100) | 2,000.0 | 90 / 100 = 0.900 "
        + "| 80 / 90 | 7 | 99 / 100 |", lines[2]);
    assertEquals("| `filter-depth-width --set routing.hashes=2`: routing.depth=2 | 20.0 (0 / 20 / 0) | 2,000.0 "
        + "| 90 / 100 = 0.900 | 80 / 90 | 7 | 99 / 100 |", lines[3]);
    // a run that names its build shows it after the command
    assertTrue(lines[4].startsWith("| `quickstart --runtime sim` at abc1234 | 200.0 (60 / 40 / 100) |"), lines[4]);
    Files.writeString(kept, "{\"command\":\"x\",\"summary\":{\"locate\":{}}}\n{\"command\":\"y\",\"summary\":{}}\n");
    assertThrows(IllegalArgumentException.class,
        () -> ExperimentPages.COMMAND_TABLES.get("location-upkeep").apply(ExperimentPages.commandRuns(kept)));
  }

  /** The churn-hour table is the one summary's lookups, traffic and churn; anything else is refused. */
  @Test
  void churnHourIsTheOneSummarysFigures(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("summary.json");
    Files.writeString(kept, "{\"peers\":{\"launched\":13606,\"alive\":10007,\"crashes\":3599},\"ring\":{\"stable\":true,"
        + "\"successorErrors\":0,\"fingerErrors\":3},\"lookups\":{\"total\":33037,\"correct\":33030,\"incorrect\":2,"
        + "\"failed\":5,\"hops\":{\"mean\":6.534,\"p99\":11.0},\"timeoutsPerLookup\":0.0254},\"traffic\":"
        + "{\"bytesPerPeerPerSecond\":30.04},\"resources\":{\"wallSeconds\":152.3,\"simulatedSeconds\":4057.2}}");
    String md = ExperimentPages.COMMAND_TABLES.get("churn-hour").apply(ExperimentPages.commandRuns(kept));
    assertTrue(md.contains("| lookups correct / incorrect / failed | 33,030 / 2 / 5 of 33,037 |\n| hops mean / p99 | 6.53 / 11 |\n"
        + "| timeouts per lookup | 0.025 |\n| traffic, bytes per peer per second | 30.0 |\n"
        + "| hosts launched / crashed / alive at the end | 13,606 / 3,599 / 10,007 |\n"
        + "| ring at the end | stable, 0 successor and 3 finger errors |\n| simulated seconds | 4,057 |\n"), md);
    assertFalse(md.contains("152"), "no wall-clock figure: " + md);
    Files.writeString(kept, "{\"lookups\":{}}");
    assertThrows(IllegalArgumentException.class,
        () -> ExperimentPages.COMMAND_TABLES.get("churn-hour").apply(ExperimentPages.commandRuns(kept)));
  }

  /**
   * The relay comparison: under each collector each side's cell of the smallest median loop, the
   * ratio of PeerSim's to ours, each side's best over both collectors and the worse collector's
   * ratio; a run without its result is shown as failed and left out of the medians, not dropped.
   */
  @Test
  void relayCellsGiveEachSidesBestCollectorAndTheWorseRatio(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("n10000-g1-default.txt"),
        relayCell("-Xmx8g", new double[] {3.0, 2.0, 4.0}, new double[] {9.0, 12.0, 10.0}));
    Files.writeString(dir.resolve("n10000-g1-xmn1g.txt"),
        relayCell("-Xmx8g -Xmn1g", new double[] {2.5, 2.4, 2.6}, new double[] {11.0, 11.0, 12.0}));
    Files.writeString(dir.resolve("n10000-parallel-xmn4g.txt"),
        relayCell("-Xmx8g -XX:+UseParallelGC -Xmn4g", new double[] {2.0, Double.NaN, 2.2, 2.1},
            new double[] {6.0, 6.6, 6.3, 6.3}));
    Files.writeString(dir.resolve("n10000-parallel-short.txt"),
        relayCell("-Xmx8g -XX:+UseParallelGC", new double[] {1.0}, new double[] {20.0}));
    List<Path> files = ExperimentPages.textRuns(dir);
    String[] lines = SimulatorSpeedTable.markdown(files).split("\n");
    // G1: ours at its best young size (median 2.5 s), PeerSim at its (10.0 s): 4.00x
    assertEquals("| 10^4, 40,000 ms | G1 | 2.50 s (young 1g) | 10.00 s (default young) | **4.00x** |", lines[2]);
    // ParallelGC: the failed run is out of ours' median (2.1 s, against 6.3 s); the one-pair cell is not ranked
    assertEquals("| 10^4, 40,000 ms | throughput (ParallelGC) | 2.10 s (young 4g) | 6.30 s (young 4g) | **3.00x** |",
        lines[3]);
    assertEquals("| 10^4, 40,000 ms | each side's best | 2.10 s (throughput (ParallelGC), young 4g) | 6.30 s"
        + " (throughput (ParallelGC), young 4g) | **3.00x** |", lines[4]);
    assertEquals("| 10^4, 40,000 ms | the worse of the two collectors | | | **3.00x** |", lines[5]);
    String md = String.join("\n", lines);
    assertTrue(md.contains("| n10000-parallel-xmn4g | 10^4 | `-Xmx8g -XX:+UseParallelGC -Xmn4g` | 2.00 s / failed / 2.20 s /"
        + " 2.10 s | 6.00 s / 6.60 s / 6.30 s / 6.30 s | **3.00x** |"), md);
    assertTrue(md.contains("| n10000-parallel-short (fewer than 3 runs a side: not ranked) | 10^4 | `-Xmx8g"
        + " -XX:+UseParallelGC` | 1.00 s | 20.00 s | **20.00x** |"), md);
    assertTrue(md.contains("| 10^4, 40,000 ms | 29,072,933 | 29,071,763 | +0.004% |"), md);
    assertTrue(md.endsWith("22 runs in 4 cells, 1 without a result."), md);
    SimulatorSpeedTable.Verdict v = SimulatorSpeedTable.verdict(files, 10_000);
    assertEquals(4.0, v.g1(), 1e-9);
    assertEquals(3.0, v.throughput(), 1e-9);
    assertEquals(3.0, v.worseCollector(), 1e-9);
    assertEquals(3, v.runsPerSide());
    Path g1Only = Files.createDirectories(dir.resolve("g1-only"));
    Files.copy(dir.resolve("n10000-g1-default.txt"), g1Only.resolve("n10000-g1-default.txt"));
    assertTrue(Double.isNaN(SimulatorSpeedTable.verdict(ExperimentPages.textRuns(g1Only), 10_000).worseCollector()));
    assertTrue(SimulatorSpeedTable.markdown(ExperimentPages.textRuns(g1Only)).contains("| 10^4, 40,000 ms | throughput"
        + " (ParallelGC) | no cell with 3 runs a side | | not known |\n"));
    Files.writeString(dir.resolve("n10000-mixed.txt"), relayCell("-Xmx8g", new double[] {1.0}, new double[] {2.0})
        .replace("T=40000", "T=100"));
    assertThrows(IllegalArgumentException.class, () -> SimulatorSpeedTable.markdown(ExperimentPages.textRuns(dir)));
  }

  /**
   * The rings at scale: one row per kept run of {@code bloomchord ring}, the simulator's events the
   * sum of its phase lines, the ping share from the {@code bench:} line; a run stopped at the
   * script's limit is a row saying so with its last progress, counted, never dropped; a summary that
   * contradicts its command is refused.
   */
  @Test
  void ringRunsAreRowsAndAStoppedRunIsCounted(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("vertx-joins-1000.txt"), ringHeader("vertx-joins-1000", "ring --peers 1000 --json")
        + "[    1.0 s] launched 1000 of 1000 peers\n"
        + "bench: 22671 lookups/s, 109957 lookup hops/s, 226145 ping round trips/s; hops/s are 48.6% of the ping rate\n"
        + ringSummary("vertx", 1000, "\"wallSeconds\":34.1,\"heapBytesPerPeer\":28979.4")
        + "time wall=35.40 user=10.39 sys=0.62 maxrss=767676kB\nend exit=0 load=4.82 2.50 2.37\n");
    Files.writeString(dir.resolve("sim-joins-1000000.txt"), ringHeader("sim-joins-1000000",
        "ring --runtime sim --peers 1000000 --json") + "[  598.0 s] launched 524288 of 1000000 peers\n"
        + "time wall=600.02 user=700.1 sys=9.0 maxrss=6000000kB\nend exit=124 load=3.10 2.00 1.50\n"
        + ringHeader("sim-joins-1000000", "ring --runtime sim --peers 1000000 --json")
        + "[    2.0 s] phase joins: 1.2 s wall, 147775 events, 111964 messages, 24.4 runtime s\n"
        + "[    3.0 s] phase lookups: 0.8 s wall, 206804 events, 199123 messages, 1.5 runtime s\n"
        + ringSummary("sim", 1000000, "\"wallSeconds\":125.0,\"heapBytesPerPeer\":5201.0,\"eventsPerSecond\":2833.2")
        + "time wall=130.0 user=150.0 sys=2.0 maxrss=12000000kB\nend exit=0 load=1.00 1.10 1.20\n");
    String[] lines = RingsAtScaleTable.markdown(ExperimentPages.textRuns(dir)).split("\n");
    assertEquals("| 10^6 | simulator | joins | - | **stopped** at the 900 s limit; last progress: launched 524288 of"
        + " 1000000 peers | 10 min 0 s | - | - | - | - | - | - | - | - | 1.50, 3.10 | abc1234, 2026-11-29 21:00:00 |",
        lines[2]);
    // events: 147,775 + 206,804 of the phase lines
    assertEquals("| 10^6 | simulator | joins | 999,990 of 1,000,000 | 26.9 s (999 fingers wrong at the end) | 2 min 10 s"
        + " | 354,579 | 2,833 | 99,998 / 0 / 2 of 100,000 | 4.85 | 1,000, 0 | 5,201 bytes | - | 12.3 GB | 1.50, 1.00 | abc1234, 2026-11-29 21:00:00 |",
        lines[3]);
    // a ring stable with fingers still wrong says so; none wrong, nothing said
    assertEquals("| 10^3 | Vert.x | joins | 990 of 1,000 | 26.9 s | 35.4 s | - | - | 99,998 / 0 / 2 of 100,000 | 4.85"
        + " | 1,000, 0 | 28,979 bytes | 48.6% | 0.8 GB | 1.50, 4.82 | abc1234, 2026-11-29 21:00:00 |", lines[4]);
    String md = String.join("\n", lines);
    assertTrue(md.contains("| sim-joins-1000000 | `-Xmx4g -XX:+UseParallelGC` | `ring --runtime sim --peers 1000000"
        + " --json` |\n| vertx-joins-1000 |"), md);
    assertTrue(md.endsWith("3 runs, 1 without a summary (failed or stopped)."), md);
    assertEquals("1,000,000 simulated peers in one JVM joined in waves, stable after 26.9 s with `-Xmx4g"
        + " -XX:+UseParallelGC`, 99,998 of 100,000 lookups correct (2 wall-clock runs on a shared 2-core machine kept,"
        + " 1 without a summary; the latest, abc1234, at a load average of 1.50)",
        RingsAtScaleTable.readmeFigure(ExperimentPages.textRuns(dir), "sim-joins-1000000"));
    assertThrows(IllegalArgumentException.class,
        () -> RingsAtScaleTable.readmeFigure(ExperimentPages.textRuns(dir), "vertx-stream-100000"));
  }

  private static String ringHeader(String name, String command) {
    return "run name=" + name + " build=abc1234 date=2026-11-29T21:00:00Z load=1.50 1.40 1.30 limit=900 command=java"
        + " -Xmx4g -XX:+UseParallelGC -jar experiments/target/bloomchord.jar " + command + "\n";
  }

  private static String ringSummary(String runtime, long launched, String resources) {
    return "{\"command\":\"ring\",\"runtime\":\"" + runtime + "\",\"peers\":{\"launched\":" + launched
        + ",\"alive\":" + (launched - 10) + "},\"ring\":{\"stable\":true,\"stabilizeSeconds\":26.93,"
        + "\"fingerErrors\":" + (launched / 1000 - 1) + "},\"lookups\":{\"total\":100000,"
        + "\"correct\":99998,\"incorrect\":0,\"failed\":2,\"hops\":{\"mean\":4.85}},\"keys\":{\"stored\":1000,"
        + "\"lost\":0},\"resources\":{" + resources + "}}\n";
  }

  /** A summary whose peers or runtime contradict the command, or a run kept in another run's file, is refused. */
  @Test
  void ringRunsThatContradictTheirCommandAreRefused(@TempDir Path dir) throws IOException {
    Path wrongPeers = Files.createDirectories(dir.resolve("peers")).resolve("sim-joins-1000.txt");
    Files.writeString(wrongPeers, ringHeader("sim-joins-1000", "ring --runtime sim --peers 1000 --json")
        + ringSummary("sim", 2000, "\"wallSeconds\":1.0") + "end exit=0 load=1.00 1.00 1.00\n");
    assertThrows(IllegalArgumentException.class, () -> RingsAtScaleTable.markdown(List.of(wrongPeers)));
    Path wrongRuntime = Files.createDirectories(dir.resolve("runtime")).resolve("sim-joins-1000.txt");
    Files.writeString(wrongRuntime, ringHeader("sim-joins-1000", "ring --runtime sim --peers 1000 --json")
        + ringSummary("vertx", 1000, "\"wallSeconds\":1.0") + "end exit=0 load=1.00 1.00 1.00\n");
    assertThrows(IllegalArgumentException.class, () -> RingsAtScaleTable.markdown(List.of(wrongRuntime)));
    Path wrongFile = Files.createDirectories(dir.resolve("file")).resolve("sim-joins-10000.txt");
    Files.writeString(wrongFile, ringHeader("sim-joins-1000", "ring --runtime sim --peers 1000 --json"));
    assertThrows(IllegalArgumentException.class, () -> RingsAtScaleTable.markdown(List.of(wrongFile)));
  }

  /** A cell as scripts/relay-vs-peersim appends it: pairs alternated, ours first; NaN for a run that gave nothing. */
  private static String relayCell(String flags, double[] ours, double[] theirs) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < ours.length; i++) {
      String head = " pair=" + (i + 1) + " N=10000 T=40000 build=abc1234 date=2026-11-29T18:00:0" + i + "Z load=1.50 1.20 1.00"
          + " flags=" + flags + "\n";
      s.append("run side=bloomchord").append(head);
      if (!Double.isNaN(ours[i])) {
        s.append("{\n  \"command\" : \"bench relay\",\n  \"delivered\" : 29072933,\n  \"loopSeconds\" : ").append(ours[i])
            .append("\n}\ntime wall=").append(ours[i] + 1).append(" user=2.0 sys=0.5 maxrss=1kB\n");
      } else {
        s.append("Exception in thread \"main\" java.lang.OutOfMemoryError\nCommand exited with non-zero status 1\n"
            + "time wall=1.0 user=1.0 sys=0.1 maxrss=1kB\n");
      }
      s.append("run side=peersim").append(head).append("Simulator: loading configuration\npeersim N=10000 stopped at 40000 ms"
          + " delivered=29071763 loop=").append(theirs[i]).append(" s rate=1 msg/s hopSum=2 totalWall=9.9 s\ntime wall=")
          .append(theirs[i] + 2).append(" user=9.0 sys=1.0 maxrss=1kB\n");
    }
    return s.toString();
  }

  private static String upkeep(long requests, long replies, long deltas) {
    return "{\"traffic\":{\"bytes\":10000,\"bytesPerPeerPerSecond\":2000.0,\"byType\":{\"SummaryRequest\":{\"bytes\":"
        + requests + "},\"SummaryReply\":{\"bytes\":" + replies + "},\"SummaryDelta\":{\"bytes\":" + deltas + "}}},"
        + "\"locate\":{\"total\":100,\"found\":80,\"noLiveHolder\":10,\"falsePositives\":7,\"withinDepth\":100,"
        + "\"withinDepthProbabilistic\":90},\"lookups\":{\"total\":100,\"correct\":99}}";
  }

  private static String summary(boolean stable, int incorrect, int total, int removed) {
    return "{\"ring\":{\"stable\":" + stable + "},\"lookups\":{\"total\":" + total + ",\"incorrect\":" + incorrect
        + "},\"traffic\":{\"byJvm\":{\"jvm0\":{\"membersRemoved\":" + removed + "},\"jvm1\":{\"membersRemoved\":0},"
        + "\"jvm2\":{\"membersRemoved\":0}}}}";
  }

  /** A run with each repair is a row named by its folder, in folder order. */
  @Test
  void repairRunsAreRowsNamedByTheirFolders(@TempDir Path dir) throws IOException {
    for (String run : List.of("1-join-push", "2-join-reconcile")) {
      Files.createDirectories(dir.resolve(run));
      Files.writeString(dir.resolve(run).resolve("summary.json"), "{\"lookups\":{\"total\":2000,\"correct\":1999},"
          + "\"traffic\":{\"messagesPerPeerPerSecond\":24.83,\"bytesPerPeerPerSecond\":1133.4},"
          + "\"resources\":{\"simulatedSeconds\":26.04},\"trust\":{\"rejected.chordMessages\":" + run.length() + "}}");
    }
    String[] lines = RepairRunsTable.markdown(ExperimentPages.runSummaries(dir)).split("\n");
    assertEquals("| join-push | 1,999 of 2,000 | 26.0 | 24.8 / 1,133 | 11 |", lines[2]);
    assertEquals("| join-reconcile | 1,999 of 2,000 | 26.0 | 24.8 / 1,133 | 16 |", lines[3]);
    Files.writeString(dir.resolve("1-join-push").resolve("summary.json"), "{\"lookups\":{}}");
    assertThrows(IllegalArgumentException.class, () -> RepairRunsTable.markdown(ExperimentPages.runSummaries(dir)));
  }

  /**
   * A sweep of our own setting folds its seeds into one row per swept value, with the figures its
   * runs measured and no published column.
   */
  @Test
  void aSweepOfOurOwnSettingIsOneRowPerValue(@TempDir Path dir) throws IOException {
    StringBuilder runs = new StringBuilder("[");
    int i = 0;
    for (String rate : List.of("0.05/s", "0.20/s")) {
      for (int seed = 1; seed <= 2; seed++) {
        runs.append(i++ == 0 ? "" : ",").append("{\"label\":\"crash-churn seed=").append(seed)
            .append(" phases[2].churn.rate=").append(rate).append("\",\"sweep\":{\"seed\":\"").append(seed)
            .append("\",\"phases[2].churn.rate\":\"").append(rate).append("\"},\"summary\":{\"lookups\":{\"total\":100,"
                + "\"correct\":100,\"incorrect\":0,\"failed\":0}}}");
      }
    }
    Files.writeString(dir.resolve("summaries.json"), runs.append(']').toString());
    String md = ReproductionTables.sweepMarkdown(ReproductionData.loadSweep(dir, "crash-churn", "phases[2].churn.rate",
        "R (crashes per second)"));
    String[] lines = md.split("\n");
    assertTrue(lines[0].startsWith("Measured: 4 runs (`"), lines[0]);
    assertEquals("| R (crashes per second) | runs | lookups | incorrect | failed | failures per 10,000 (95% CI) |", lines[2]);
    assertEquals("| 0.05/s | 2 | 200 | 0 | 0 | 0 |", lines[4]);
    assertEquals("| 0.20/s | 2 | 200 | 0 | 0 | 0 |", lines[5]);
    assertThrows(IllegalArgumentException.class, () -> ReproductionData.loadSweep(dir, "short-sessions", "chord.stabilize",
        "stabilize"));
  }
}
