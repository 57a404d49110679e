package org.bloomchord.experiments.report.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.bloomchord.experiments.cli.BloomchordCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables written from a fixed set of summaries: the whole text against a file checked by hand
 * (the means and Student-t intervals below are recomputed from the summaries), the marker blocks,
 * and the experiment pages of docs/ against their data.
 */
class ReproductionTablesTest {

  /** t(0.975) with one degree of freedom: the interval of the mean of two runs. */
  private static final double T1 = 12.706204736;

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(ReproductionTablesTest.class.getClassLoader().getResource("tables/" + name).toURI());
  }

  private static String cli(int expected, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = BloomchordCli.execute(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(expected, rc, err::toString);
    return expected == 2 ? err.toString() : out.toString();
  }

  @Test
  void theTablesOfFixedSummariesAreTheExpectedText() throws Exception {
    String printed = cli(0, "tables", resource("ton-mass-failure").toString(),
        resource("path-length.recorded.json").toString());
    assertEquals(Files.readString(resource("expected.md"), StandardCharsets.UTF_8), printed);
  }

  @Test
  void aSettingIsTheMeanOfItsSeedsWithTheStudentInterval() throws Exception {
    ReproductionData data = ReproductionData.load(resource("ton-mass-failure"));
    assertEquals("ton-mass-failure", data.scenario());
    assertEquals(2, data.rows().size(), "two fractions, the seeds folded");
    SettingRow p01 = data.rows().get(0);
    assertEquals("0.1", p01.x());
    assertEquals(2, p01.runs());
    // hops 3.9 and 4.1: mean 4.0, sample deviation 0.1 * sqrt(2), half-width t1 * sd / sqrt(2) = 0.1 * t1
    Measured hops = p01.value("lookups.hops.mean");
    assertEquals(4.0, hops.mean(), 1e-12);
    assertEquals(0.1 * T1, hops.halfWidth(), 1e-6);
    assertEquals(200, p01.value("lookups.total").total(), 0);
    // one incorrect of 100 in seed 1 and one failed of 100 in seed 2 at p = 0.3
    SettingRow p03 = data.rows().get(1);
    assertEquals(0.01, p03.value("lookups.failureFraction").mean(), 1e-12);
    assertEquals(0, p03.value("lookups.failureFraction").halfWidth(), 1e-12);
    String md = ReproductionTables.markdown(data);
    assertTrue(md.contains("| 0.1 | 2 | 0 | 0 | 4.03 | 4.00 ± " + String.format(Locale.ROOT, "%.2f", 0.1 * T1) + " |"),
        md);
    // p99 7 and 7 against the paper's 6: one hop above, outside an empty interval
    assertTrue(md.contains("99th percentile of path length: the published value lies in the measured 95% interval"
        + " at 1 of 2 settings; measured − published from +1 (p = 0.1) to +2.50 (p = 0.3)"), md);
  }

  @Test
  void aBlockIsReplacedAndTheRestOfThePageKept() {
    String page = "# Title\n\ntext before\n" + MarkedBlocks.begin("x") + " (written by a command) -->\nold\nlines\n"
        + MarkedBlocks.end("x") + "\ntext after\n";
    String now = MarkedBlocks.replace(page, "x", "new\n");
    assertEquals("# Title\n\ntext before\n" + MarkedBlocks.begin("x") + " (written by a command) -->\nnew\n"
        + MarkedBlocks.end("x") + "\ntext after\n", now);
    assertEquals("new\n", MarkedBlocks.content(now, "x"));
    assertEquals(now, MarkedBlocks.replace(now, "x", "new\n"));
    assertThrows(IllegalArgumentException.class, () -> MarkedBlocks.replace(page, "y", "z\n"));
    assertThrows(IllegalArgumentException.class,
        () -> MarkedBlocks.replace(MarkedBlocks.begin("x") + " -->\nno end\n", "x", "z\n"));
  }

  @Test
  void writeReplacesTheBlockOfEachSourceAndCheckSeesADrift(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("page.md");
    Files.writeString(page, "intro\n" + MarkedBlocks.begin("ton-mass-failure") + " -->\nstale 4.03\n"
        + MarkedBlocks.end("ton-mass-failure") + "\n");
    String source = resource("ton-mass-failure").toString();
    assertTrue(cli(1, "tables", source, "--write", page.toString(), "--check").contains("differ"));
    cli(0, "tables", source, "--write", page.toString());
    String written = Files.readString(page);
    assertTrue(written.startsWith("intro\n") && !written.contains("stale"), written);
    cli(0, "tables", source, "--write", page.toString(), "--check");
  }

  @Test
  void badInputIsOneLineAndExitCodeTwo(@TempDir Path dir) throws IOException {
    assertTrue(cli(2, "tables").contains("SOURCE"));
    assertTrue(cli(2, "tables", dir.toString()).contains("summaries.json"));
    Path wrong = dir.resolve("no-such.recorded.json");
    Files.writeString(wrong, "{\"scenario\": \"no-such\", \"source\": \"s\", \"rows\": []}");
    assertTrue(cli(2, "tables", wrong.toString()).contains("no published values"));
  }

  @Test
  void theCompressedTableNamesItsLargestDeviations() throws Exception {
    String json = "[{\"view\":\"fixedSize\",\"groupBitsPerElement\":8,\"bitsPerElement\":8.0,\"k\":6,\"n\":1000,"
        + "\"seeds\":3,\"queries\":3000,\"paperCompressedBitsPerElement\":8.0,\"measuredCompressedBitsPerElement\":7.99,"
        + "\"compressedSizeDeviation\":-0.00125,\"paperFalsePositiveRate\":0.02,\"measuredFalsePositiveRate\":0.021},"
        + "{\"view\":\"fixedRate\",\"groupBitsPerElement\":8,\"bitsPerElement\":12.6,\"k\":2,\"n\":1000,"
        + "\"seeds\":3,\"queries\":3000,\"paperCompressedBitsPerElement\":7.582,\"measuredCompressedBitsPerElement\":7.6,"
        + "\"compressedSizeDeviation\":0.0024,\"paperFalsePositiveRate\":0.0216,\"measuredFalsePositiveRate\":0.0216}]";
    String md = CompressedTableMarkdown.markdown(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json));
    assertTrue(md.contains("| II (P of m/n = 8) | 12.6 | 2 | 7.582 | 7.6000 | +0.24% | 0.0216 | 2.160e-02 |"), md);
    assertTrue(md.contains("within 0.24% of the published one (largest: +0.24% at m/n = 12.6, k = 2)"), md);
    // 0.021 / 0.02 - 1 = +5%
    assertTrue(md.contains("largest in magnitude at m/n = 8, k = 6 (+5.0%)"), md);
  }

  /** The experiment pages in docs/ hold exactly what their data gives: no hand-edited figure in a generated table. */
  @Test
  void theExperimentPagesAreWhatTheirDataGives() throws IOException {
    Path docs = Path.of("..", "docs", "experiments");
    Map<Path, String> pages = ExperimentPages.regenerate(docs);
    assertTrue(pages.size() >= 1, "at least one page with generated tables in " + docs.toAbsolutePath());
    for (Map.Entry<Path, String> e : pages.entrySet()) {
      assertEquals(e.getValue(), Files.readString(e.getKey(), StandardCharsets.UTF_8),
          e.getKey() + " differs from its data: run ./bloomchord tables --docs docs/experiments");
    }
  }
  /**
   * The README's figures are written from the pages' data: a figure edited by hand is written back
   * as the data gives it (so the check sees the drift), and a row that has no data must say so.
   */
  @Test
  void theReadmeFiguresAreWhatTheDataGivesAndARowWithoutDataSaysSo() throws IOException {
    Path data = Path.of("..", "docs", "experiments", "data");
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    assertEquals(readme, ReadmeFigures.regenerate(readme, data), "README.md differs from its data");
    String edited = readme.replace("(250,000 lookups;", "(260,000 lookups;");
    assertTrue(!edited.equals(readme), "the mass-failure row names its lookups");
    assertTrue(!ReadmeFigures.matches(edited, data));
    assertEquals(readme, ReadmeFigures.regenerate(edited, data));
    String unsourced = readme.replace("(one wall-clock run: no raw data kept)", "");
    assertThrows(IllegalArgumentException.class, () -> ReadmeFigures.regenerate(unsourced, data));
  }

  /**
   * A block {@code PAGE.PART} is written by the command's own table from its {@code --json} output:
   * for each command, a small run's printed table equals the table written from the same run's JSON,
   * kept as a file and read back as the pages' data is.
   */
  @Test
  void aCommandsTableFromItsJsonIsTheTableItPrints(@TempDir Path dir) throws IOException {
    Map<String, String[]> runs = new java.util.LinkedHashMap<>();
    runs.put("cache", new String[] {"cache", "--protocol", "none,summary", "--names", "number", "--peers", "4",
        "--capacity", "50", "--objects", "1000", "--requests", "600", "--warmup", "200", "--seed", "1,2"});
    runs.put("hot-keys", new String[] {"hot-keys", "--peers", "40", "--keys", "80", "--seconds", "3", "--thresholds",
        "0,1", "--seeds", "1,2"});
    runs.put("similarity", new String[] {"similar", "--documents", "60", "--bands", "10", "--rows", "3", "--seed", "1"});
    runs.put("semijoin", new String[] {"semijoin", "--over", "store", "--peers", "4", "--left-rows", "200",
        "--right-rows", "2000", "--selectivity", "0.01,0.5", "--seed", "1"});
    runs.put("heavy-hitters", new String[] {"sketch", "heavy-hitters", "--items", "2000", "--heavy", "10",
        "--threshold", "100", "--counters", "200,400", "--hashes", "4", "--compare", "--seed", "1,2"});
    runs.put("partitions", new String[] {"partitions", "--peers", "16", "--ways", "2", "--split", "10s", "--modes",
        "off,broadcast", "--seeds", "2", "--settle", "1min"});
    for (Map.Entry<String, String[]> e : runs.entrySet()) {
      String printed = cli(0, e.getValue());
      String[] json = java.util.Arrays.copyOf(e.getValue(), e.getValue().length + 1);
      json[json.length - 1] = "--json";
      Path kept = dir.resolve(e.getKey() + ".json");
      Files.writeString(kept, cli(0, json));
      String block = e.getKey() + ".part";
      assertEquals(Path.of("d", "data", e.getKey(), "part.json"), ExperimentPages.source(Path.of("d"), block));
      String written = ExperimentPages.COMMAND_TABLES.get(e.getKey()).apply(ExperimentPages.commandRuns(kept));
      assertEquals(printed.strip(), written.strip(), e.getKey());
    }
  }

  /**
   * A block of fuzz.md is written from {@code fuzz --json} runs one after another: one row per run,
   * in order, with the run's own counts (a frame is either rejected or decoded).
   */
  @Test
  void fuzzRunsAreOneRowEachWithTheirCounts(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("frames.json");
    Files.writeString(kept, cli(0, "fuzz", "--frames", "3000", "--seed", "7", "--json")
        + cli(0, "fuzz", "--frames", "2000", "--seed", "8", "--json"));
    java.util.List<com.fasterxml.jackson.databind.JsonNode> runs = ExperimentPages.commandRuns(kept);
    String[] lines = ExperimentPages.COMMAND_TABLES.get("fuzz").apply(runs).split("\n");
    assertEquals(4, lines.length, String.join("\n", lines));
    for (int i = 0; i < 2; i++) {
      com.fasterxml.jackson.databind.JsonNode r = runs.get(i);
      long frames = i == 0 ? 3000 : 2000;
      assertEquals(frames, r.get("rejected").asLong() + r.get("decoded").asLong());
      assertTrue(lines[2 + i].startsWith(String.format(Locale.ROOT, "| %d | %,d | %,d | %,d | 0 | 0 | ", 7 + i, frames,
          r.get("rejected").asLong(), r.get("decoded").asLong())), lines[2 + i]);
    }
  }

  /**
   * A block of reconcile-streaming.md pairs each streamed run with the batched run of the same seed
   * and d: bytes averaged (rounded down) per exchange, the ratio of bytes seed by seed.
   */
  @Test
  void streamedAndBatchedRunsArePairedSeedBySeed(@TempDir Path dir) throws IOException {
    StringBuilder out = new StringBuilder();
    for (String seed : new String[] {"1", "2"}) {
      for (String mode : new String[] {"stream", "batched"}) {
        out.append(cli(0, "reconcile", "--method", "riblt", "--size", "2000", "--diff", "0,40", "--runtime", "sim",
            "--seed", seed, "--rateless", mode, "--json"));
      }
    }
    Path kept = dir.resolve("runs.json");
    Files.writeString(kept, out.toString());
    java.util.List<com.fasterxml.jackson.databind.JsonNode> runs = ExperimentPages.commandRuns(kept);
    assertEquals(8, runs.size());
    long[][] bytes = new long[2][2];
    long[][] rounds = new long[2][2];
    for (com.fasterxml.jackson.databind.JsonNode r : runs) {
      if (r.path("reconcile").path("diff").asLong() == 40) {
        int mode = r.path("reconcile").path("rateless").asText().equals("stream") ? 0 : 1;
        bytes[mode][r.path("seed").asInt() - 1] = r.path("reconcile").path("bytes").asLong();
        rounds[mode][r.path("seed").asInt() - 1] = r.path("reconcile").path("rounds").asLong();
      }
    }
    double ratio = ((double) bytes[0][0] / bytes[1][0] + (double) bytes[0][1] / bytes[1][1]) / 2;
    String md = ExperimentPages.COMMAND_TABLES.get("reconcile-streaming").apply(runs);
    assertTrue(md.startsWith("Sets of 2000 elements (8 bytes), 2 seeds each, simulator.\n"), md);
    String row = md.lines().filter(l -> l.startsWith("| 40 |")).findFirst().orElseThrow();
    assertTrue(row.startsWith("| 40 | " + (bytes[1][0] + bytes[1][1]) / 2 + " | " + Math.min(rounds[1][0], rounds[1][1])
        + "-" + Math.max(rounds[1][0], rounds[1][1]) + " | " + (bytes[0][0] + bytes[0][1]) / 2 + " | "
        + Math.max(rounds[0][0], rounds[0][1]) + " | "), row);
    assertTrue(row.contains(" | " + java.math.BigDecimal.valueOf(Math.round(ratio * 1000) / 1000.0).stripTrailingZeros()
        .toPlainString() + ", "), row);
    assertThrows(IllegalArgumentException.class, () -> ExperimentPages.COMMAND_TABLES.get("reconcile-streaming")
        .apply(runs.subList(0, 2)), "streamed runs with no batched run of their seed");
  }

  /**
   * The benchmark tables: the decode bench's rows and median row from its JSON lines (decoding is
   * the receiver's CPU time less its local encoding), and JMH's scores with the ratios of one run.
   */
  @Test
  void benchTablesAreWrittenFromTheirJson(@TempDir Path dir) throws IOException {
    Path lines = dir.resolve("runs.json");
    StringBuilder json = new StringBuilder();
    long[] receiver = {300_000_000L, 200_000_000L, 250_000_000L};
    for (int rep = 0; rep < 3; rep++) {
      json.append("{\"bench\":\"rateless-decode\",\"d\":100000,\"common\":0,\"elementBytes\":8,\"batch\":6250,")
          .append("\"rep\":").append(rep).append(",\"symbols\":137500,\"receiverCpuNanos\":").append(receiver[rep])
          .append(",\"localEncodingCpuNanos\":100000000,\"peelWallNanos\":").append(50_000_000L * (rep + 1))
          .append("}\n");
    }
    Files.writeString(lines, json.toString());
    String md = ExperimentPages.COMMAND_TABLES.get("riblt-decoding").apply(ExperimentPages.commandRuns(lines));
    // decoding 200, 100 and 150 ms for 10^5 differences: 0.50, 1.00 and 0.67 M/s; medians 150 ms and 0.67 M/s
    assertTrue(md.contains("| 100,000 | 0 | 1.375 | 300.0 | 100.0 | 200.0 | 0.50 | 50.0 |"), md);
    assertTrue(md.contains("| 100,000 | **median of 3** | 1.375 | 250.0 | 100.0 | 150.0 | 0.67 | 100.0 |"), md);
    Path jmh = dir.resolve("jmh.json");
    StringBuilder results = new StringBuilder("[");
    String[][] scores = {{"MembershipBenchmark.containsOurs", "20"}, {"MembershipBenchmark.containsGuava", "80"},
        {"MembershipBenchmark.containsCommons", "30"}, {"MembershipBenchmark.addOurs", "25"},
        {"MembershipBenchmark.addGuava", "50"}, {"MembershipBenchmark.addCommons", "25"},
        {"ProbeReuseBenchmark.probesOnce", "200"}, {"ProbeReuseBenchmark.hashPerFilter", "500"},
        {"ProbeReuseBenchmark.attenuatedProbesOnce", "100"}, {"ProbeReuseBenchmark.attenuatedHashPerFilter", "450"}};
    for (String[] s : scores) {
      results.append(results.length() > 1 ? "," : "").append("{\"benchmark\":\"org.bloomchord.benchmarks.")
          .append(s[0]).append("\",\"primaryMetric\":{\"score\":").append(s[1]).append(",\"scoreError\":1.25}}");
    }
    Files.writeString(jmh, results.append("]").toString());
    String bloom = ExperimentPages.COMMAND_TABLES.get("bloom-filters").apply(ExperimentPages.commandRuns(jmh));
    assertTrue(bloom.contains("| mightContain | 20.0 ± 1.3 | 80.0 ± 1.3 | 30.0 ± 1.3 | 4.0x | 1.5x |"), bloom);
    assertTrue(bloom.contains("| add | 25.0 ± 1.3 | 50.0 ± 1.3 | 25.0 ± 1.3 | 2.0x | 1.0x |"), bloom);
    assertTrue(bloom.contains("(`hashPerFilter`) | 500.0 ± 1.3 | 2.5x |"), bloom);
    assertTrue(bloom.contains("(`attenuatedHashPerFilter`) | 450.0 ± 1.3 | 4.5x |"), bloom);
  }

  /**
   * The rogue-peers table is one row per entry of the runs' summaries.json, the rogues from the
   * swept value and the refusals from the trust section (a counter absent when it stayed 0).
   */
  @Test
  void rogueRunsAreOneRowPerSweptEntry(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("runs.json");
    Files.writeString(kept, "[{\"label\":\"rogue-peers rogue.peers=0\",\"sweep\":{\"rogue.peers\":\"0\"},\"summary\":"
        + "{\"runtime\":\"sim\",\"ring\":{\"successorErrors\":0,\"fingerErrors\":1},\"lookups\":{\"total\":20,"
        + "\"correct\":19},\"locate\":{\"total\":10,\"found\":9,\"probabilistic\":7,\"fallback\":2},\"keys\":"
        + "{\"stored\":5,\"lost\":1},\"trust\":{\"quota.requests\":0},\"resources\":{\"wallSeconds\":3.4}}}]\n"
        + "[{\"sweep\":{\"rogue.peers\":\"5\"},\"summary\":{\"runtime\":\"vertx\",\"lookups\":{\"total\":1000,"
        + "\"correct\":1000},\"trust\":{\"quota.requests\":12345,\"rejected.summaryFill\":7,"
        + "\"rejected.chordMessages\":2000,\"rejected.locationMessages\":9,\"ignored.lookupAnswers\":3}}}]\n");
    String[] lines = ExperimentPages.COMMAND_TABLES.get("rogue-peers").apply(ExperimentPages.commandRuns(kept))
        .split("\n");
    assertEquals("| sim | 0 | 0 / 1 | 19 of 20 | 9 of 10 (7, 2) | 5 / 1 | 0 | 0 | 0 | 0 / 0 | 0 | 3 |", lines[2]);
    assertEquals("| Vert.x | 5 | 0 / 0 | 1,000 of 1,000 | 0 of 0 (0, 0) | 0 / 0 | 12,345 | 7 | 0 | 2,000 / 9 | 3 | 0 |",
        lines[3]);
  }

  /**
   * The location tables: a locate run's row names its depth and width from the run's own setting,
   * and the filter-depth-width sweep folds the widths of a depth into one row.
   */
  @Test
  void locateRunsNameTheirSettingAndTheSweepFoldsWidths(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("sweep.json");
    Files.writeString(kept, cli(0, "locate", "--peers", "16", "--objects", "10", "--holders-per-object", "2", "--depth",
        "2", "--bits-per-level", "1024", "--runtime", "sim", "--queries", "20", "--seed", "3", "--json"));
    com.fasterxml.jackson.databind.JsonNode run = ExperimentPages.commandRuns(kept).get(0);
    com.fasterxml.jackson.databind.JsonNode l = run.get("locate");
    String md = ExperimentPages.COMMAND_TABLES.get("location").apply(ExperimentPages.commandRuns(kept));
    assertTrue(md.contains("\n| 2 | 1024 | " + l.get("found").asLong() + "/20 | " + l.get("probabilistic").asLong() + " | "
        + l.get("fallback").asLong() + " | " + l.get("falsePositives").asLong() + " | "), md);
    Path fdw = dir.resolve("filter-depth-width.json");
    Files.writeString(fdw, "[" + entry(1, 1024, 10, 10, 0, 400, 0.5) + "," + entry(1, 4096, 10, 8, 2, 400, 0.25) + ","
        + entry(2, 1024, 0, 0, 0, 400, 1) + "]");
    String sweep = ExperimentPages.COMMAND_TABLES.get("location").apply(ExperimentPages.commandRuns(fdw));
    // share 10/10 and 8/10; false positives 0/400 and 2/400; maintenance 1000 B/peer/s times the summaries' share
    assertTrue(sweep.contains("| 1 | 1024 / 4096 | 1.000 / 0.800 | 0 / 0.005 | 500 / 250 |"), sweep);
    assertTrue(sweep.contains("| 2 | 1024 | - | 0 | 1000 |"), sweep);
  }

  private static String entry(int depth, int bits, int within, int probabilistic, int falsePositives, int total,
      double summaryShare) {
    return "{\"sweep\":{\"routing.depth\":\"" + depth + "\",\"routing.bitsPerLevel\":\"" + bits + "\"},\"summary\":"
        + "{\"locate\":{\"total\":" + total + ",\"withinDepth\":" + within + ",\"withinDepthProbabilistic\":"
        + probabilistic + ",\"falsePositives\":" + falsePositives + "},\"traffic\":{\"bytes\":1000,"
        + "\"bytesPerPeerPerSecond\":1000,\"byType\":{\"SummaryReply\":{\"bytes\":" + (int) (1000 * summaryShare)
        + "}}}}}";
  }

  /** A writes run under churn is one row: its repair, read quorum and seed, and the fates of its writes. */
  @Test
  void writesRunsAreOneRowEach(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("runs.json");
    Files.writeString(kept, "{\"command\":\"writes\",\"seed\":4,\"repair\":\"push\",\"readQuorum\":2,\"peers\":"
        + "{\"crashes\":12},\"writes\":{\"acknowledged\":1500,\"lost\":3,\"resurrected\":1,\"stale\":2,"
        + "\"unacknowledged\":7,\"readsJudged\":1200,\"readsFailed\":5},\"resources\":{\"wallSeconds\":9.1,"
        + "\"simulatedSeconds\":1234.5}}\n");
    String md = ExperimentPages.COMMAND_TABLES.get("writes").apply(ExperimentPages.commandRuns(kept));
    assertTrue(md.endsWith("| push | 2 | 4 | 1,500 | 3 | 1 | 2 | 7 | 1,200 | 5 | 12 | 1,235 |\n"), md);
  }

  /** The state-hour table puts each bounded map's largest size beside its cap, from the summary's trust section. */
  @Test
  void stateHourRowsAreTheTrustSectionsMaximaAndCaps(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("summary.json");
    Files.writeString(kept, "{\"trust\":{\"state.samples\":7,\"state.suspects.max\":3,\"state.suspects.cap\":1024,"
        + "\"state.senders.max\":1500,\"state.senders.cap\":4096,\"state.outOfRangeKeys.max\":9,"
        + "\"state.outOfRangeKeysTotal.max\":2500,\"state.outOfRangeKeysTotal.last\":40}}");
    String md = ExperimentPages.COMMAND_TABLES.get("state-hour").apply(ExperimentPages.commandRuns(kept));
    assertTrue(md.startsWith("| per-peer state (largest over 7 samples of every live peer) | max | cap |\n"), md);
    assertTrue(md.contains("| suspected peers | 3 | 1,024 |\n"), md);
    assertTrue(md.contains("| senders whose quota is tracked | 1,500 | 4,096 |\n"), md);
    assertTrue(md.contains("(one peer) | 9 | none: swept after 5 min |\n| the same, all peers together | 2,500 (40 at the end) |"),
        md);
    Files.writeString(kept, "{\"trust\":{}}");
    assertThrows(IllegalArgumentException.class,
        () -> ExperimentPages.COMMAND_TABLES.get("state-hour").apply(ExperimentPages.commandRuns(kept)));
  }

  /** The PNS table pairs each seed's runs without and with proximity: latency percentiles and how much lower. */
  @Test
  void pnsRowsPairASeedsRunsWithoutAndWithProximity(@TempDir Path dir) throws IOException {
    Path kept = dir.resolve("n.json");
    Files.writeString(kept, "[" + pns(true, 300, 500, 5.9, 900) + "," + pns(false, 400, 800, 6.0, 600) + "]");
    String md = ExperimentPages.COMMAND_TABLES.get("pns").apply(ExperimentPages.commandRuns(kept));
    // median 400 -> 300: 25% lower; p99 800 -> 500: 37.5% lower
    assertTrue(md.endsWith("| 1,000 | 2 | 10 of 10 / 10 of 10 | 400.0 / 300.0 | 25.0% | 800.0 / 500.0 | 37.5% |"
        + " 6.000 / 5.900 | 600 / 900 |\n"), md);
    Files.writeString(kept, "[" + pns(true, 300, 500, 5.9, 900) + "]");
    assertThrows(IllegalArgumentException.class,
        () -> ExperimentPages.COMMAND_TABLES.get("pns").apply(ExperimentPages.commandRuns(kept)));
  }

  private static String pns(boolean proximity, double p50, double p99, double hops, double bytes) {
    return "{\"sweep\":{\"seed\":\"2\",\"chord.proximity\":\"" + proximity + "\"},\"summary\":{\"seed\":2,"
        + "\"peers\":{\"launched\":1000},\"lookups\":{\"total\":10,\"correct\":10,\"hops\":{\"mean\":" + hops
        + "},\"latencyMs\":{\"p50\":" + p50 + ",\"p99\":" + p99 + "}},\"traffic\":{\"bytesPerPeerPerSecond\":" + bytes
        + "}}}";
  }

  /** A command's output is read as its runs: the values of an array, or one value per line, in order. */
  @Test
  void aCommandsOutputIsReadAsItsRunsInOrder(@TempDir Path dir) throws IOException {
    Path lines = dir.resolve("lines.json");
    Files.writeString(lines, "{\"seed\": 1}\n{\"seed\": 2}\n");
    Path array = dir.resolve("array.json");
    Files.writeString(array, "[ {\"seed\": 1},\n  {\"seed\": 2} ]\n{\"seed\": 3}");
    assertEquals(java.util.List.of(1, 2), ExperimentPages.commandRuns(lines).stream().map(n -> n.get("seed").asInt())
        .toList());
    assertEquals(java.util.List.of(1, 2, 3), ExperimentPages.commandRuns(array).stream()
        .map(n -> n.get("seed").asInt()).toList());
    Path empty = dir.resolve("empty.json");
    Files.writeString(empty, "");
    assertThrows(IllegalArgumentException.class, () -> ExperimentPages.commandRuns(empty));
    assertThrows(IllegalArgumentException.class,
        () -> ExperimentPages.COMMAND_TABLES.get("cache").apply(ExperimentPages.commandRuns(lines)));
  }
}
