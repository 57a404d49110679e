package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * The comparison of workload W on the simulator against PeerSim (simulator-speed.md), written from
 * what {@code scripts/relay-vs-peersim} appended: one file per cell (one N and one set of JVM flags,
 * both sides alternated), each run a header line {@code run side=... pair=... N=... T=... build=...
 * date=... load=... flags=...}, its output ({@code bench relay --json} or PeerSim's {@code peersim
 * N=... loop=... s} line) and {@code /usr/bin/time}'s line. A run without its result is counted as
 * failed, never dropped; a cell with fewer than {@value #MIN_RUNS} finished runs of a side is shown
 * but not ranked. The tables: each side at its best young generation under each collector and the
 * ratios, then every cell, then the delivered counts. It is a little longer than the style's 400
 * lines because the parser of those files and the three tables share one model of a cell and its
 * runs; split, each part would repeat it.
 */
public final class SimulatorSpeedTable {

  /** What {@code bench relay} and PeerSim's harness are called in the tables. */
  static final String OURS = "bloomchord";
  static final String PEERSIM = "peersim";

  private static final String G1 = "G1";
  private static final String THROUGHPUT = "throughput (ParallelGC)";

  /** The finished runs a side needs in a cell for the cell to be ranked. */
  static final int MIN_RUNS = 3;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern HEADER = Pattern.compile("^run side=(\\w+) pair=(\\d+) N=(\\d+) T=(\\d+) build=(\\S+)"
      + " date=(\\S+) load=([0-9.]+) [0-9.]+ [0-9.]+ flags=(.*)$");
  private static final Pattern PEERSIM_LINE = Pattern.compile("^peersim N=\\d+ stopped at \\d+ ms delivered=(\\d+)"
      + " loop=([0-9.]+) s");
  private static final Pattern TIME = Pattern.compile("^time wall=([0-9.]+) user=([0-9.]+) sys=([0-9.]+)");
  private static final Pattern YOUNG = Pattern.compile("-Xmn(\\S+)");

  /**
   * One timed run of one side.
   *
   * @param side {@value #OURS} or {@value #PEERSIM}
   * @param build the commit the run was measured on
   * @param date when the run started (UTC, ISO 8601)
   * @param load the 1-minute load average when it started
   * @param loop the event loop's wall seconds, or NaN when the run gave no result
   * @param delivered the hops delivered before T, or -1 without a result
   * @param wall the whole process's wall seconds, or NaN
   * @param cpu the whole process's user + system seconds, or NaN
   */
  record Run(String side, String build, String date, double load, double loop, long delivered, double wall,
      double cpu) {

    boolean finished() {
      return !Double.isNaN(loop);
    }
  }

  /**
   * One cell: N, T and the JVM flags both sides ran with, and its runs in order.
   *
   * @param name the file's name without {@code .txt}
   * @param peers N
   * @param untilMs T
   * @param flags the JVM flags
   * @param runs the runs of both sides, in the order they ran
   */
  record Cell(String name, long peers, long untilMs, String flags, List<Run> runs) {

    boolean throughput() {
      return flags.contains("-XX:+UseParallelGC");
    }

    String collector() {
      return throughput() ? THROUGHPUT : G1;
    }

    /** The heap settings that tell cells of one collector apart: the young size, and huge pages when on. */
    String heapSettings() {
      Matcher m = YOUNG.matcher(flags);
      String young = m.find() ? "young " + m.group(1) : "default young";
      return flags.contains("-XX:+UseTransparentHugePages") ? young + ", huge pages" : young;
    }

    List<Run> of(String side) {
      return runs.stream().filter(r -> r.side().equals(side)).toList();
    }

    /** The median loop of {@code side}'s finished runs, NaN without one. */
    double medianLoop(String side) {
      return median(of(side).stream().filter(Run::finished).mapToDouble(Run::loop).toArray());
    }
  }

  /**
   * The figures of one N: under each collector, each side's best cell and the ratio of PeerSim's
   * median loop to ours; the ratio of each side's best cell over both collectors; the worse of the
   * two collectors' ratios.
   *
   * @param peers N
   * @param g1 the ratio under G1, NaN without a ranked cell under G1
   * @param throughput the ratio under the throughput collector, NaN without a ranked cell under it
   * @param bestToBest PeerSim's best median loop over ours, NaN without a ranked cell
   * @param runsPerSide the fewest finished runs of a side in a best cell
   */
  public record Verdict(long peers, double g1, double throughput, double bestToBest, int runsPerSide) {

    /** The worse of the two collectors' ratios, NaN when either is not known. */
    public double worseCollector() {
      return Double.isNaN(g1) || Double.isNaN(throughput) ? Double.NaN : Math.min(g1, throughput);
    }
  }

  private SimulatorSpeedTable() {
  }

  /** The tables of the cells kept as {@code files}. */
  public static String markdown(List<Path> files) {
    List<Cell> cells = cells(files);
    StringBuilder out = new StringBuilder();
    out.append("| N, T | collector | bloomchord: best cell, median loop | PeerSim: best cell, median loop"
        + " | **PeerSim / bloomchord** |\n|---|---|---|---|---|\n");
    for (long n : sizes(cells)) {
      List<Cell> ofN = cells.stream().filter(c -> c.peers() == n).toList();
      String size = String.format(Locale.ROOT, "%s, %,d ms", power(n), ofN.get(0).untilMs());
      for (boolean throughput : new boolean[] {false, true}) {
        List<Cell> ofGc = ofN.stream().filter(c -> c.throughput() == throughput && ranked(c)).toList();
        String collector = throughput ? THROUGHPUT : G1;
        out.append(ofGc.isEmpty() ? unranked(size, collector)
            : row(size, collector, best(ofGc, OURS), best(ofGc, PEERSIM), false));
      }
      boolean any = ofN.stream().anyMatch(SimulatorSpeedTable::ranked);
      out.append(any ? row(size, "each side's best", best(ofN, OURS), best(ofN, PEERSIM), true)
          : unranked(size, "each side's best"));
      Verdict v = verdictOf(cells, n);
      out.append(String.format(Locale.ROOT, "| %s | the worse of the two collectors | | | %s |\n", size,
          Double.isNaN(v.worseCollector()) ? "not known: a collector without a ranked cell"
              : String.format(Locale.ROOT, "**%.2fx**", v.worseCollector())));
    }
    out.append("\n| cell (file) | N | JVM flags | bloomchord loops | PeerSim loops | **loop ratio** (medians)"
        + " | whole process wall (medians) | CPU, user + sys (medians) | load average (1 min) at the starts"
        + " | build, started (UTC) |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (Cell c : cells) {
      out.append(cellRow(c));
    }
    out.append("\n| N, T | bloomchord delivered (seed 1) | PeerSim delivered (seed 1234567890) | difference |\n"
        + "|---|---|---|---|\n");
    for (long n : sizes(cells)) {
      List<Cell> ofN = cells.stream().filter(c -> c.peers() == n).toList();
      long ours = delivered(ofN, OURS);
      long theirs = delivered(ofN, PEERSIM);
      out.append(String.format(Locale.ROOT, "| %s, %,d ms | %,d | %,d | %+.3f%% |\n", power(n), ofN.get(0).untilMs(),
          ours, theirs, 100.0 * (ours - theirs) / theirs));
    }
    int runs = 0;
    int failed = 0;
    for (Cell c : cells) {
      runs += c.runs().size();
      failed += (int) c.runs().stream().filter(r -> !r.finished()).count();
    }
    out.append(String.format(Locale.ROOT, "%n%d runs in %d cell%s, %d without a result.%n", runs, cells.size(),
        cells.size() == 1 ? "" : "s", failed));
    return out.toString();
  }

  /** The verdict of N = {@code peers} over the cells kept as {@code files} (every ratio NaN without a cell of N). */
  public static Verdict verdict(List<Path> files, long peers) {
    return verdictOf(cells(files), peers);
  }

  private static Verdict verdictOf(List<Cell> cells, long n) {
    List<Cell> ofN = cells.stream().filter(c -> c.peers() == n).toList();
    if (ofN.isEmpty()) {
      return new Verdict(n, Double.NaN, Double.NaN, Double.NaN, 0);
    }
    double[] ratios = new double[2];
    int fewest = Integer.MAX_VALUE;
    for (int k = 0; k < 2; k++) {
      boolean throughput = k == 1;
      List<Cell> ofGc = ofN.stream().filter(c -> c.throughput() == throughput && ranked(c)).toList();
      if (ofGc.isEmpty()) {
        ratios[k] = Double.NaN;
        continue;
      }
      Cell ours = best(ofGc, OURS);
      Cell theirs = best(ofGc, PEERSIM);
      ratios[k] = theirs.medianLoop(PEERSIM) / ours.medianLoop(OURS);
      fewest = Math.min(fewest, Math.min(finished(ours, OURS), finished(theirs, PEERSIM)));
    }
    boolean any = ofN.stream().anyMatch(SimulatorSpeedTable::ranked);
    double best = any ? best(ofN, PEERSIM).medianLoop(PEERSIM) / best(ofN, OURS).medianLoop(OURS) : Double.NaN;
    return new Verdict(n, ratios[0], ratios[1], best, any ? fewest : 0);
  }

  private static String unranked(String size, String collector) {
    return "| " + size + " | " + collector + " | no cell with " + MIN_RUNS + " runs a side | | not known |\n";
  }

  private static int finished(Cell c, String side) {
    return (int) c.of(side).stream().filter(Run::finished).count();
  }

  private static String row(String size, String collector, Cell ours, Cell theirs, boolean strong) {
    String ratio = String.format(Locale.ROOT, "%.2fx", theirs.medianLoop(PEERSIM) / ours.medianLoop(OURS));
    return String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |\n", size, collector, bestCell(ours, OURS, strong),
        bestCell(theirs, PEERSIM, strong), "**" + ratio + "**");
  }

  private static String bestCell(Cell c, String side, boolean withCollector) {
    return String.format(Locale.ROOT, "%.2f s (%s%s)", c.medianLoop(side),
        withCollector ? c.collector() + ", " : "", c.heapSettings());
  }

  /**
   * The cell of {@code side}'s smallest median loop among those of {@code cells} where both sides
   * have at least {@value #MIN_RUNS} finished runs (a cell left short is shown, not ranked).
   */
  private static Cell best(List<Cell> cells, String side) {
    return cells.stream().filter(SimulatorSpeedTable::ranked)
        .min(Comparator.comparingDouble(c -> c.medianLoop(side)))
        .orElseThrow(() -> new IllegalArgumentException("no cell with " + MIN_RUNS + " finished runs a side among "
            + cells.stream().map(Cell::name).toList()));
  }

  private static boolean ranked(Cell c) {
    return finished(c, OURS) >= MIN_RUNS && finished(c, PEERSIM) >= MIN_RUNS;
  }

  private static String cellRow(Cell c) {
    List<String> cells = new ArrayList<>();
    cells.add(ranked(c) ? c.name() : c.name() + " (fewer than " + MIN_RUNS + " runs a side: not ranked)");
    cells.add(power(c.peers()));
    cells.add("`" + c.flags() + "`");
    cells.add(loops(c.of(OURS)));
    cells.add(loops(c.of(PEERSIM)));
    double ratio = c.medianLoop(PEERSIM) / c.medianLoop(OURS);
    cells.add(Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "**%.2fx**", ratio));
    cells.add(pair(c, Run::wall));
    cells.add(pair(c, Run::cpu));
    double lo = c.runs().stream().mapToDouble(Run::load).min().orElse(Double.NaN);
    double hi = c.runs().stream().mapToDouble(Run::load).max().orElse(Double.NaN);
    cells.add(String.format(Locale.ROOT, "%.2f to %.2f", lo, hi));
    TreeSet<String> builds = new TreeSet<>();
    c.runs().forEach(r -> builds.add(r.build()));
    cells.add(String.join(", ", builds) + ", " + clock(c.runs().get(0).date()) + " to "
        + clock(c.runs().get(c.runs().size() - 1).date()));
    return "| " + String.join(" | ", cells) + " |\n";
  }

  private static String loops(List<Run> runs) {
    List<String> out = new ArrayList<>();
    for (Run r : runs) {
      out.add(r.finished() ? String.format(Locale.ROOT, "%.2f s", r.loop()) : "failed");
    }
    return String.join(" / ", out);
  }

  private static String pair(Cell c, java.util.function.ToDoubleFunction<Run> figure) {
    double ours = median(c.of(OURS).stream().filter(Run::finished).mapToDouble(figure).toArray());
    double theirs = median(c.of(PEERSIM).stream().filter(Run::finished).mapToDouble(figure).toArray());
    return seconds(ours) + " vs " + seconds(theirs);
  }

  private static String seconds(double s) {
    return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, "%.2f s", s);
  }

  private static long delivered(List<Cell> cells, String side) {
    TreeSet<Long> counts = new TreeSet<>();
    cells.forEach(c -> c.of(side).stream().filter(Run::finished).forEach(r -> counts.add(r.delivered())));
    if (counts.size() != 1) {
      throw new IllegalArgumentException(side + " delivered " + counts + " at N = " + cells.get(0).peers()
          + ": one count expected, the workload and its seed being fixed");
    }
    return counts.first();
  }

  private static String clock(String isoDate) {
    int t = isoDate.indexOf('T');
    return t < 0 || isoDate.length() < t + 6 ? isoDate : isoDate.substring(t + 1, t + 6);
  }

  private static List<Long> sizes(List<Cell> cells) {
    return cells.stream().map(Cell::peers).distinct().sorted().toList();
  }

  /** {@code n} as 10^e when it is a power of ten, else with thousands separators. */
  static String power(long n) {
    long p = 1;
    int e = 0;
    while (p < n) {
      p *= 10;
      e++;
    }
    return p == n ? "10^" + e : String.format(Locale.ROOT, "%,d", n);
  }

  private static double median(double[] values) {
    return values.length == 0 ? Double.NaN : new Median().evaluate(values);
  }

  /** The cells of {@code files}, ordered by N, then collector (G1 first), then file name. */
  static List<Cell> cells(List<Path> files) {
    List<Cell> out = new ArrayList<>();
    for (Path f : files) {
      out.add(cell(f));
    }
    out.sort(Comparator.comparingLong(Cell::peers).thenComparing(Cell::throughput).thenComparing(Cell::name));
    for (Cell c : out) {
      Cell first = out.stream().filter(o -> o.peers() == c.peers()).findFirst().orElseThrow();
      if (first.untilMs() != c.untilMs()) {
        throw new IllegalArgumentException(c.name() + " runs N = " + c.peers() + " to T = " + c.untilMs() + " ms, "
            + first.name() + " to " + first.untilMs() + " ms: the cells of one N compare only at one T");
      }
    }
    return out;
  }

  private static Cell cell(Path file) {
    String name = file.getFileName().toString().replaceFirst("\\.txt$", "");
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    TreeMap<Integer, Matcher> headers = new TreeMap<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = HEADER.matcher(lines.get(i));
      if (m.matches()) {
        headers.put(i, m);
      } else if (lines.get(i).startsWith("run ")) {
        throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a run header of scripts/relay-vs-peersim");
      }
    }
    if (headers.isEmpty()) {
      throw new IllegalArgumentException(file + " holds no run of scripts/relay-vs-peersim");
    }
    List<Run> runs = new ArrayList<>();
    Matcher first = headers.firstEntry().getValue();
    for (var e : headers.entrySet()) {
      Matcher h = e.getValue();
      if (!h.group(3).equals(first.group(3)) || !h.group(4).equals(first.group(4)) || !h.group(8).equals(first.group(8))) {
        throw new IllegalArgumentException(file + ":" + (e.getKey() + 1) + ": N, T or flags differ from the file's first run");
      }
      Integer next = headers.higherKey(e.getKey());
      runs.add(run(h, lines.subList(e.getKey() + 1, next == null ? lines.size() : next), file));
    }
    return new Cell(name, Long.parseLong(first.group(3)), Long.parseLong(first.group(4)), first.group(8).strip(), runs);
  }

  private static Run run(Matcher h, List<String> body, Path file) {
    String side = h.group(1);
    double loop = Double.NaN;
    long delivered = -1;
    double wall = Double.NaN;
    double cpu = Double.NaN;
    StringBuilder json = null;
    for (String line : body) {
      Matcher t = TIME.matcher(line);
      Matcher p = PEERSIM_LINE.matcher(line);
      if (t.find()) {
        wall = Double.parseDouble(t.group(1));
        cpu = Double.parseDouble(t.group(2)) + Double.parseDouble(t.group(3));
      } else if (side.equals(PEERSIM) && p.find()) {
        delivered = Long.parseLong(p.group(1));
        loop = Double.parseDouble(p.group(2));
      } else if (side.equals(OURS) && line.equals("{")) {
        json = new StringBuilder(line);
      } else if (json != null) {
        json.append(line);
        if (line.equals("}")) {
          JsonNode r = readJson(json.toString(), file);
          delivered = r.path("delivered").asLong(-1);
          loop = r.has("loopSeconds") ? r.path("loopSeconds").asDouble() : Double.NaN;
          json = null;
        }
      }
    }
    if (!side.equals(OURS) && !side.equals(PEERSIM)) {
      throw new IllegalArgumentException(file + ": unknown side '" + side + "'");
    }
    if (Double.isNaN(wall)) {
      loop = Double.NaN;
    }
    return new Run(side, h.group(5), h.group(6), Double.parseDouble(h.group(7)), loop, delivered, wall, cpu);
  }

  private static JsonNode readJson(String text, Path file) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": unreadable bench relay output: " + e.getMessage());
    }
  }
}
