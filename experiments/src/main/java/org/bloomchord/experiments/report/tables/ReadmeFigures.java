package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;
import org.bloomchord.experiments.runner.results.Reproduction;

/**
 * The figures of the README's "What it measured" table, written from the data the experiment pages
 * keep ({@code docs/experiments/data}). The table has one row per figure, whose last cell links the
 * page; a row whose page is one of {@link #ROWS} has its first cell written from that page's data,
 * and every other row must say that its figure has no data kept ({@value #NO_DATA}), as a figure of
 * a wall-clock run on a shared machine does. {@code bloomchord tables --docs} rewrites the rows,
 * and {@code --check} fails when a row differs from its data or claims a figure with no data and
 * no word on it.
 */
public final class ReadmeFigures {

  /** The words a row without kept data carries. */
  public static final String NO_DATA = "no raw data kept";

  /** The heading the table follows. */
  public static final String HEADING = "## What it measured";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The page section of the simulator's comparison with PeerSim. */
  static final String SIMULATOR_SPEED =
      "docs/experiments/simulator-speed.md#workload-w-against-peersim-each-side-at-its-best-collector";

  /** The page section of the table of rings at scale, and the run name of its README figure. */
  static final String RINGS_AT_SCALE = "docs/experiments/rings-at-scale.md#the-current-build";
  static final String RINGS_AT_SCALE_RUN = "vertx-stream-100000";

  /** The page section of the splits between three hosts on the JGroups plane. */
  static final String HOSTS = "docs/experiments/hosts.md#on-the-jgroups-plane-with-indirectverify";

  /** The sessions of workload W against PeerSim, in order: the data folder, and what the README says of it. */
  private static final List<Map.Entry<String, String>> SPEED_SESSIONS = List.of(
      Map.entry("simulator-speed", "on 2026-11-29 (build c670157, G1 and ParallelGC)"),
      Map.entry("simulator-speed-fb8e984", "on 2026-11-30 (build fb8e984, with and without transparent huge pages)"));

  /** The rows written from data: the page link of the row, and its figure from the data folder. */
  static final Map<String, Function<Path, String>> ROWS = rows();

  private ReadmeFigures() {
  }

  private static Map<String, Function<Path, String>> rows() {
    Map<String, Function<Path, String>> m = new LinkedHashMap<>();
    m.put("docs/experiments/chord-correctness.md#right-after-a-mass-failure-ton-2003-table-ii",
        data -> lookupsRow(data.resolve("ton-mass-failure"), "right after %s%% to %s%% of %s peers failed at once",
            x -> percent(x), "Chord ToN 2003, Table II"));
    m.put("docs/experiments/chord-correctness.md#crash-churn-sigcomm-2001-fig-12",
        data -> lookupsRow(data.resolve("continuous-churn"), "under crash churn at R = %s to %s per second",
            x -> x.replace("/s", ""), "SIGCOMM 2001, Fig. 12"));
    m.put("docs/experiments/chord-path-length.md", ReadmeFigures::pathLength);
    m.put("docs/experiments/reconciliation.md", ReadmeFigures::rateless);
    m.put("docs/experiments/writes-across-splits.md", ReadmeFigures::writes);
    m.put("docs/experiments/cache.md", ReadmeFigures::cache);
    m.put("docs/experiments/hot-keys.md", ReadmeFigures::hotKeys);
    m.put(SIMULATOR_SPEED, ReadmeFigures::simulatorSpeed);
    m.put(HOSTS, data -> HostsBenchTable.readmeFigure(ExperimentPages.textRuns(data.resolve("hosts-jgroups")),
        "on the JGroups plane with `IndirectVerify` (2026-11-29 and 2026-11-30)"));
    m.put(RINGS_AT_SCALE, data -> RingsAtScaleTable.readmeFigure(
        ExperimentPages.textRuns(data.resolve("rings-at-scale")), RINGS_AT_SCALE_RUN));
    return m;
  }

  /**
   * {@code readme} with every row of {@link #ROWS} written from {@code data}.
   *
   * @throws IllegalArgumentException when the table is missing, a row of {@link #ROWS} is missing, or
   *     a row has neither data nor the words {@value #NO_DATA}
   */
  public static String regenerate(String readme, Path data) {
    int h = readme.indexOf(HEADING + "\n");
    if (h < 0) {
      throw new IllegalArgumentException("no heading '" + HEADING + "'");
    }
    String[] lines = readme.substring(h).split("\n", -1);
    List<String> out = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    int i = 0;
    while (i < lines.length && !lines[i].startsWith("|")) {
      out.add(lines[i++]);
    }
    int rows = 0;
    for (; i < lines.length && lines[i].startsWith("|"); i++) {
      String line = lines[i];
      rows++;
      if (rows <= 2) {
        out.add(line);
        continue;
      }
      String page = pageOf(line);
      Function<Path, String> figure = ROWS.get(page);
      if (figure != null) {
        seen.add(page);
        out.add("| " + figure.apply(data) + " | " + line.substring(line.lastIndexOf(" | ") + 3));
      } else if (!line.contains(NO_DATA)) {
        throw new IllegalArgumentException("README row on " + page + " has no data under " + data
            + " and does not say '" + NO_DATA + "'");
      } else {
        out.add(line);
      }
    }
    for (String page : ROWS.keySet()) {
      if (!seen.contains(page)) {
        throw new IllegalArgumentException("README has no row linking " + page);
      }
    }
    for (; i < lines.length; i++) {
      out.add(lines[i]);
    }
    return readme.substring(0, h) + String.join("\n", out);
  }

  /** The target of the last markdown link of a table row. */
  private static String pageOf(String row) {
    int open = row.lastIndexOf("](");
    return open < 0 ? "" : row.substring(open + 2, row.indexOf(')', open));
  }

  private static List<JsonNode> runs(Path folder) {
    try {
      JsonNode all = JSON.readTree(folder.resolve(ReproductionData.SUMMARIES).toFile());
      List<JsonNode> out = new ArrayList<>();
      all.forEach(out::add);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the runs of " + folder, e);
    }
  }

  /** A lookup-correctness row: the failures over every run of the sweep, its swept range and peers. */
  private static String lookupsRow(Path folder, String setting, Function<String, String> shown, String paper) {
    List<JsonNode> runs = runs(folder);
    String parameter = Reproduction.of(folder.getFileName().toString()).parameter();
    long total = 0;
    long wrong = 0;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    String loText = "";
    String hiText = "";
    long peers = 0;
    for (JsonNode run : runs) {
      JsonNode l = run.path("summary").path("lookups");
      total += l.path("total").asLong();
      wrong += l.path("incorrect").asLong() + l.path("failed").asLong();
      peers = Math.max(peers, run.path("summary").path("peers").path("launched").asLong());
      String x = run.path("sweep").path(parameter).asText();
      double v = Double.parseDouble(x.replace("/s", ""));
      if (v < lo) {
        lo = v;
        loText = x;
      }
      if (v > hi) {
        hi = v;
        hiText = x;
      }
    }
    String where = String.format(Locale.ROOT, setting, shown.apply(loText), shown.apply(hiText),
        String.format(Locale.ROOT, "%,d", peers));
    String outcome = wrong == 0 ? "no lookup failed or was incorrect"
        : String.format(Locale.ROOT, "%,d of %,d lookups failed or were incorrect", wrong, total);
    return String.format(Locale.ROOT, "%s %s (%,d lookups; %s)", outcome, where, total, paper);
  }

  private static String percent(String fraction) {
    return new BigDecimal(fraction).movePointRight(2).stripTrailingZeros().toPlainString();
  }

  /** The largest distance of the measured mean path length from the paper's, from N = 128 on. */
  private static String pathLength(Path data) {
    ReproductionData d = ReproductionData.load(data.resolve("path-length"));
    Reproduction.Curve mean = d.published().curves().stream()
        .filter(c -> c.metric().equals("lookups.hops.mean")).findFirst().orElseThrow();
    double worst = 0;
    long from = 128;
    long to = 0;
    for (SettingRow row : d.rows()) {
      long n = Long.parseLong(row.x());
      if (n < from) {
        continue;
      }
      to = Math.max(to, n);
      for (double[] p : mean.published()) {
        if ((long) p[0] == n) {
          worst = Math.max(worst, Math.abs(row.value("lookups.hops.mean").mean() - p[1]));
        }
      }
    }
    String within = BigDecimal.valueOf(worst).setScale(2, RoundingMode.CEILING).toPlainString();
    return String.format(Locale.ROOT, "mean path length within %s hop of the Chord paper's for N = %,d to %,d",
        within, from, to);
  }

  /** The rateless IBLT's bytes against the minimum over the scenario's sweep of the difference. */
  private static String rateless(Path data) {
    ReproductionData d = ReproductionData.load(data.resolve("reconcile-bytes"));
    long size = runs(data.resolve("reconcile-bytes")).get(0).path("summary").path("reconcile").path("size").asLong();
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    double dLo = Double.POSITIVE_INFINITY;
    double dHi = 0;
    double minimum = d.published().curves().get(0).published().get(0)[1];
    for (SettingRow row : d.rows()) {
      if (!row.others().equals("method=rateless")) {
        continue;
      }
      double ratio = row.value("reconcile.bytesPerDiff").mean() / minimum;
      lo = Math.min(lo, ratio);
      hi = Math.max(hi, ratio);
      double diff = Double.parseDouble(row.x());
      dLo = Math.min(dLo, diff);
      dHi = Math.max(dHi, diff);
    }
    return String.format(Locale.ROOT, "a rateless IBLT reconciles sets of %,d with %.2f to %.2f times the minimum"
        + " bytes at D = %,d to %,d differences (`run reconcile-bytes`; the page's `reconcile` table, whose output is"
        + " not kept as data, gives 3.46 to 9.11 up to D = 100,000)", size, lo, hi, (long) dLo, (long) dHi);
  }

  /** The acknowledged writes across the splits of the writes page's runs, and how many were lost. */
  private static String writes(Path data) {
    long acknowledged = 0;
    long lost = 0;
    List<Path> files = ExperimentPages.runSummaries(data.resolve("writes-across-splits"));
    for (Path f : files) {
      try {
        JsonNode w = JSON.readTree(f.toFile()).path("writes");
        acknowledged += w.path("acknowledged").asLong();
        lost += w.path("fates").path("lost").asLong();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f, e);
      }
    }
    String outcome = lost == 0 ? "no acknowledged write lost"
        : String.format(Locale.ROOT, "%,d of %,d acknowledged writes lost", lost, acknowledged);
    return String.format(Locale.ROOT, "%s across 2- and 3-way splits of 1 minute and 1 hour (%d simulator runs, %,d"
        + " acknowledged writes); every replaced write named with the concurrent write that replaced it", outcome,
        files.size(), acknowledged);
  }

  /**
   * Summary cache against ICP at the aims' setting (objects named by URL, 8 bits per entry): the
   * means over the seeds of ICP's messages over the summary's, and of the summary's hit ratio over
   * ICP's.
   */
  private static String cache(Path data) {
    double[] icp = new double[2];
    double[] summary = new double[2];
    long seeds = 0;
    long peers = 0;
    for (JsonNode run : ExperimentPages.commandRuns(data.resolve("cache").resolve("aims.json"))) {
      JsonNode c = run.path("cache");
      if (!"url".equals(c.path("names").asText())) {
        continue;
      }
      double[] into = switch (c.path("protocol").asText()) {
        case "icp" -> icp;
        case "summary" -> run.path("setting").path("bitsPerEntry").asInt() == 8 ? summary : null;
        default -> null;
      };
      if (into != null) {
        into[0] += c.path("messagesPerRequest").asDouble();
        into[1] += c.path("hitRatio").asDouble();
        seeds += into == icp ? 1 : 0;
        peers = c.path("peers").asLong();
      }
    }
    return String.format(Locale.ROOT, "Bloom summaries between %d caches: %.1f times fewer messages than ICP at %.1f%%"
        + " of its hit ratio (objects named by URL, 8 bits per entry, means of %d seeds on the simulator)", peers,
        icp[0] / summary[0], 100 * summary[1] / icp[1], seeds);
  }

  /**
   * Hot-key relief at threshold 1/s with 1% puts: the range of the busiest peer's served gets over
   * the mean, against relief off, and the stale or failed reads of those runs.
   */
  private static String hotKeys(Path data) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    long runs = 0;
    long bad = 0;
    long peers = 0;
    for (JsonNode run : ExperimentPages.commandRuns(data.resolve("hot-keys").resolve("thresholds-1-2.json"))) {
      if (run.path("trial").path("threshold").asLong() != 1) {
        continue;
      }
      double r = run.path("servedMaxOverMean").asDouble();
      lo = Math.min(lo, r);
      hi = Math.max(hi, r);
      runs++;
      bad += run.path("violations").asLong() + run.path("readsFailed").asLong();
      peers = run.path("trial").path("peers").asLong();
    }
    double offLo = Double.POSITIVE_INFINITY;
    double offHi = 0;
    for (JsonNode run : ExperimentPages.commandRuns(data.resolve("hot-keys").resolve("no-relief.json"))) {
      offLo = Math.min(offLo, run.path("servedMaxOverMean").asDouble());
      offHi = Math.max(offHi, run.path("servedMaxOverMean").asDouble());
    }
    String reads = bad == 0 ? "no read stale or failed" : String.format(Locale.ROOT, "%,d reads stale or failed", bad);
    return String.format(Locale.ROOT, "hot-key relief on %,d peers, Zipf 1.0 with 1%% puts, threshold 1/s: the busiest"
        + " peer serves %.2f to %.2f times the mean (%.1f to %.1f without relief), %s in its %d runs", peers, lo, hi, offLo,
        offHi, reads, runs);
  }

  /**
   * Workload W against PeerSim at 10^4 and 10^6 peers, in each session kept: the ratio of each
   * side's best cell, and the worse of the two collectors' ratios.
   */
  private static String simulatorSpeed(Path data) {
    StringJoiner sessions = new StringJoiner("; ");
    int fewest = Integer.MAX_VALUE;
    for (Map.Entry<String, String> session : SPEED_SESSIONS) {
      List<Path> files = ExperimentPages.textRuns(data.resolve(session.getKey()));
      SimulatorSpeedTable.Verdict small = SimulatorSpeedTable.verdict(files, 10_000);
      SimulatorSpeedTable.Verdict large = SimulatorSpeedTable.verdict(files, 1_000_000);
      sessions.add(session.getValue() + ": " + atSize(small, "10^4 peers") + ", " + atSize(large, "10^6"));
      fewest = Math.min(fewest, fewest(small, large));
    }
    return String.format(Locale.ROOT, "the simulator runs workload W against PeerSim, each side at its best collector"
        + " and heap settings, %s (every message encoded, counted and decoded; medians of at least %d"
        + " alternated wall-clock runs a side on a shared 2-core machine, every run kept)", sessions, fewest);
  }

  private static String atSize(SimulatorSpeedTable.Verdict v, String size) {
    if (Double.isNaN(v.bestToBest())) {
      return "not measured at " + size;
    }
    if (Double.isNaN(v.worseCollector())) {
      return String.format(Locale.ROOT, "%.2fx as fast at %s under %s (the %s not measured)", v.bestToBest(), size,
          Double.isNaN(v.g1()) ? "the throughput collector" : "G1", Double.isNaN(v.g1()) ? "G1" : "throughput collector");
    }
    return String.format(Locale.ROOT, "%.2fx as fast at %s (%.2fx under the collector worse for the ratio)",
        v.bestToBest(), size, v.worseCollector());
  }

  private static int fewest(SimulatorSpeedTable.Verdict a, SimulatorSpeedTable.Verdict b) {
    return a.runsPerSide() == 0 ? b.runsPerSide() : b.runsPerSide() == 0 ? a.runsPerSide()
        : Math.min(a.runsPerSide(), b.runsPerSide());
  }

  /** Whether {@code readme} is what its data gives. */
  public static boolean matches(String readme, Path data) {
    return readme.equals(regenerate(readme, data));
  }

  /** The README next to a docs folder {@code docs/experiments}: {@code ../../README.md}, or null. */
  public static Path readmeOf(Path experiments) {
    Path root = experiments.toAbsolutePath().normalize().getParent();
    root = root == null ? null : root.getParent();
    Path readme = root == null ? null : root.resolve("README.md");
    return readme != null && Files.isRegularFile(readme) ? readme : null;
  }
}
