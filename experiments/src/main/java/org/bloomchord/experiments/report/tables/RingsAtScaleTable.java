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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table of rings-at-scale.md, written from what {@code scripts/rings-at-scale} appended: one
 * file per run name (runtime, launch, size), each run a header line {@code run name=... build=...
 * date=... load=L1 L5 L15 limit=... command=java OPTIONS -jar ... ring ...}, everything
 * {@code bloomchord ring --json} printed (progress lines, the {@code bench:} line of
 * {@code --bench-pings}, the summary as one JSON line), {@code /usr/bin/time}'s line and an
 * {@code end exit=... load=...} line. One row per run, in the order runtime (simulator first),
 * launch, size, then as kept; a run without its summary (failed, or stopped at the script's limit)
 * is a row saying so, never dropped.
 */
public final class RingsAtScaleTable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern HEADER = Pattern.compile("^run name=(\\S+) build=(\\S+) date=(\\S+)"
      + " load=([0-9.]+) [0-9.]+ [0-9.]+ limit=(\\d+) command=java (.*?) -jar \\S+ (ring .*)$");
  private static final Pattern BENCH = Pattern.compile("^bench: .*; hops/s are ([0-9.]+)% of the ping rate$");
  private static final Pattern TIME = Pattern.compile("^time wall=([0-9.]+) user=([0-9.]+) sys=([0-9.]+)"
      + " maxrss=(\\d+)kB");
  private static final Pattern END = Pattern.compile("^end exit=(\\d+) load=([0-9.]+) ");
  private static final Pattern PHASE = Pattern.compile("^\\[[ 0-9.]+ s\\] phase .*?, (\\d+) events, ");
  private static final Pattern PROGRESS = Pattern.compile("^\\[[ 0-9.]+ s\\] (.*)$");

  /** The exit code of {@code timeout} when it stopped the command. */
  static final int STOPPED = 124;

  /**
   * What the script wrote of a run before and after it: the header line and the end line.
   *
   * @param name the run's name (its file's name without {@code .txt})
   * @param build the commit measured
   * @param date when the run started (UTC, ISO 8601)
   * @param loadStart the 1-minute load average when it started
   * @param loadEnd the 1-minute load average when it ended, NaN when not kept
   * @param limit the script's limit in seconds
   * @param jvm the JVM options
   * @param command the {@code ring} command line
   */
  record Header(String name, String build, String date, double loadStart, double loadEnd, int limit, String jvm,
      String command) {
  }

  /**
   * One run of {@code bloomchord ring}.
   *
   * @param header the script's header and end of the run
   * @param summary the JSON summary, or null when the run printed none
   * @param pingShare lookup hops/s as a percentage of the ping rate, NaN without {@code --bench-pings}
   * @param events the simulator's events (the sum of the phase lines), -1 when none were printed
   * @param wall the process's wall seconds, NaN when not kept
   * @param maxRssKb the process's largest resident set in KiB, -1 when not kept
   * @param exit the process's exit code, -1 when not kept
   * @param lastProgress the last progress line, empty when none
   */
  record Run(Header header, JsonNode summary, double pingShare, long events, double wall, long maxRssKb, int exit,
      String lastProgress) {

    String name() {
      return header.name();
    }

    String build() {
      return header.build();
    }

    String date() {
      return header.date();
    }

    double loadStart() {
      return header.loadStart();
    }

    double loadEnd() {
      return header.loadEnd();
    }

    int limit() {
      return header.limit();
    }

    String jvm() {
      return header.jvm();
    }

    String command() {
      return header.command();
    }

    long peers() {
      return Long.parseLong(flag("--peers", "0"));
    }

    String runtime() {
      return flag("--runtime", "vertx");
    }

    String launch() {
      return flag("--launch", "joins");
    }

    private String flag(String name, String otherwise) {
      Matcher m = Pattern.compile("(?:^| )" + Pattern.quote(name) + " (\\S+)").matcher(header.command());
      return m.find() ? m.group(1) : otherwise;
    }
  }

  private RingsAtScaleTable() {
  }

  /** The table of the runs kept as {@code files}, then the commands, then the count of runs without a summary. */
  public static String markdown(List<Path> files) {
    List<Run> runs = runs(files);
    StringBuilder out = new StringBuilder();
    out.append("| size | runtime | launch | peers up of launched | ring stable after (runtime s) | whole command"
        + " (wall) | events (simulator) | events per wall second | lookups correct / incorrect / failed | hops, mean"
        + " | keys stored, lost | heap per peer | lookup hops/s of the ping rate | largest resident set"
        + " | load average at start, end | build, started (UTC) |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Run r : runs) {
      out.append(row(r));
    }
    out.append("\n| run (file) | JVM options | command |\n|---|---|---|\n");
    List<String> seen = new ArrayList<>();
    for (Run r : runs) {
      String line = "| " + r.name() + " | `" + r.jvm() + "` | `" + r.command() + "` |\n";
      if (!seen.contains(line)) {
        seen.add(line);
        out.append(line);
      }
    }
    long without = runs.stream().filter(r -> r.summary() == null).count();
    out.append(String.format(Locale.ROOT, "%n%d run%s, %d without a summary (failed or stopped).%n", runs.size(),
        runs.size() == 1 ? "" : "s", without));
    return out.toString();
  }

  /**
   * The README's figure of the runs named {@code name}: the latest run with a summary (peers, how
   * launched, time to a stable ring, lookups), how many runs of that name are kept and how many of
   * them gave no summary; or, without a finished run, that none finished.
   *
   * @throws IllegalArgumentException when no run of {@code name} is kept
   */
  public static String readmeFigure(List<Path> files, String name) {
    List<Run> named = runs(files).stream().filter(r -> r.name().equals(name)).toList();
    if (named.isEmpty()) {
      throw new IllegalArgumentException("no run of '" + name + "' kept");
    }
    long without = named.stream().filter(r -> r.summary() == null).count();
    String kept = String.format(Locale.ROOT, "%d wall-clock run%s on a shared 2-core machine kept, %d without a summary",
        named.size(), named.size() == 1 ? "" : "s", without);
    Run last = null;
    for (Run r : named) {
      if (r.summary() != null) {
        last = r;
      }
    }
    String who = String.format(Locale.ROOT, "%,d %s peers in one JVM%s", named.get(0).peers(),
        named.get(0).runtime().equals("sim") ? "simulated" : "Vert.x", launched(named.get(0).launch()));
    if (last == null) {
      return who + ": no run finished (" + kept + ")";
    }
    JsonNode s = last.summary();
    JsonNode lookups = s.path("lookups");
    String stable = s.path("ring").path("stable").asBoolean()
        ? String.format(Locale.ROOT, "stable after %.1f s", s.path("ring").path("stabilizeSeconds").asDouble())
        : "not stable";
    return String.format(Locale.ROOT, "%s, %s with `%s`, %,d of %,d lookups correct (%s; the latest, %s, at a load"
        + " average of %.2f)", who, stable, last.jvm(), lookups.path("correct").asLong(), lookups.path("total").asLong(),
        kept, last.build(), last.loadStart());
  }

  private static String launched(String launch) {
    return switch (launch) {
      case "stream" -> " joined as a stream of joins";
      case "placed" -> ", placed";
      default -> " joined in waves";
    };
  }

  /** The runs of {@code files}, ordered by runtime (simulator first), launch, size, then as kept. */
  static List<Run> runs(List<Path> files) {
    List<Run> out = new ArrayList<>();
    for (Path f : files) {
      out.addAll(runsOf(f));
    }
    out.sort(Comparator.comparing((Run r) -> !r.runtime().equals("sim")).thenComparing(Run::launch)
        .thenComparingLong(Run::peers));
    return out;
  }

  private static String row(Run r) {
    List<String> c = new ArrayList<>();
    c.add(SimulatorSpeedTable.power(r.peers()));
    c.add(r.runtime().equals("sim") ? "simulator" : "Vert.x");
    c.add(r.launch());
    JsonNode s = r.summary();
    if (s == null) {
      c.add("-");
      String end = r.exit() == STOPPED ? String.format(Locale.ROOT, "**stopped** at the %d s limit", r.limit())
          : r.exit() < 0 ? "**no end kept**" : "**failed**, exit " + r.exit();
      c.add(r.lastProgress().isEmpty() ? end : end + "; last progress: " + r.lastProgress().replace("|", "\\|"));
      c.add(seconds(r.wall()));
      for (int i = 0; i < 8; i++) {
        c.add("-");
      }
    } else {
      JsonNode peers = s.path("peers");
      JsonNode ring = s.path("ring");
      JsonNode lookups = s.path("lookups");
      JsonNode res = s.path("resources");
      c.add(String.format(Locale.ROOT, "%,d of %,d", peers.path("alive").asLong(), peers.path("launched").asLong()));
      String fingers = ring.path("fingerErrors").asLong() == 0 ? ""
          : String.format(Locale.ROOT, " (%,d fingers wrong at the end)", ring.path("fingerErrors").asLong());
      c.add((ring.path("stable").asBoolean() ? String.format(Locale.ROOT, "%.1f s", ring.path("stabilizeSeconds")
          .asDouble()) : "**not stable**") + fingers);
      c.add(seconds(r.wall()));
      c.add(r.events() < 0 ? "-" : String.format(Locale.ROOT, "%,d", r.events()));
      c.add(res.hasNonNull("eventsPerSecond") ? String.format(Locale.ROOT, "%,.0f", res.path("eventsPerSecond")
          .asDouble()) : "-");
      c.add(String.format(Locale.ROOT, "%,d / %,d / %,d of %,d", lookups.path("correct").asLong(),
          lookups.path("incorrect").asLong(), lookups.path("failed").asLong(), lookups.path("total").asLong()));
      c.add(lookups.has("hops") ? String.format(Locale.ROOT, "%.2f", lookups.path("hops").path("mean").asDouble()) : "-");
      c.add(String.format(Locale.ROOT, "%,d, %,d", s.path("keys").path("stored").asLong(),
          s.path("keys").path("lost").asLong()));
      c.add(res.hasNonNull("heapBytesPerPeer") ? String.format(Locale.ROOT, "%,.0f bytes", res.path("heapBytesPerPeer")
          .asDouble()) : "-");
      c.add(Double.isNaN(r.pingShare()) ? "-" : String.format(Locale.ROOT, "%.1f%%", r.pingShare()));
      c.add(r.maxRssKb() < 0 ? "-" : String.format(Locale.ROOT, "%.1f GB", r.maxRssKb() * 1024 / 1e9));
    }
    c.add(String.format(Locale.ROOT, "%.2f, %s", r.loadStart(), Double.isNaN(r.loadEnd()) ? "-"
        : String.format(Locale.ROOT, "%.2f", r.loadEnd())));
    c.add(r.build() + ", " + r.date().replace('T', ' ').replace("Z", ""));
    return "| " + String.join(" | ", c) + " |\n";
  }

  private static String seconds(double s) {
    if (Double.isNaN(s)) {
      return "-";
    }
    long whole = Math.round(s);
    return whole < 60 ? String.format(Locale.ROOT, "%.1f s", s)
        : String.format(Locale.ROOT, "%d min %d s", whole / 60, whole % 60);
  }

  private static List<Run> runsOf(Path file) {
    String name = file.getFileName().toString().replaceFirst("\\.txt$", "");
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("run ")) {
        Matcher h = HEADER.matcher(lines.get(i));
        if (!h.matches()) {
          throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a run header of scripts/rings-at-scale");
        }
        if (!h.group(1).equals(name)) {
          throw new IllegalArgumentException(file + ":" + (i + 1) + ": a run of '" + h.group(1) + "' in the file of '"
              + name + "'");
        }
        starts.add(i);
      }
    }
    if (starts.isEmpty()) {
      throw new IllegalArgumentException(file + " holds no run of scripts/rings-at-scale");
    }
    List<Run> out = new ArrayList<>();
    for (int k = 0; k < starts.size(); k++) {
      int from = starts.get(k);
      int to = k + 1 < starts.size() ? starts.get(k + 1) : lines.size();
      out.add(run(file, from, lines.subList(from, to)));
    }
    return out;
  }

  private static Run run(Path file, int at, List<String> lines) {
    Matcher h = HEADER.matcher(lines.get(0));
    h.matches();
    JsonNode summary = null;
    double share = Double.NaN;
    long events = -1;
    double wall = Double.NaN;
    long rss = -1;
    int exit = -1;
    double loadEnd = Double.NaN;
    String last = "";
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher m;
      if (line.startsWith("{\"command\":\"ring\"")) {
        summary = read(line, file, at + i + 1);
      } else if ((m = BENCH.matcher(line)).matches()) {
        share = Double.parseDouble(m.group(1));
      } else if ((m = TIME.matcher(line)).find()) {
        wall = Double.parseDouble(m.group(1));
        rss = Long.parseLong(m.group(4));
      } else if ((m = END.matcher(line)).find()) {
        exit = Integer.parseInt(m.group(1));
        loadEnd = Double.parseDouble(m.group(2));
      } else if ((m = PHASE.matcher(line)).find()) {
        events = Math.max(events, 0) + Long.parseLong(m.group(1));
      } else if ((m = PROGRESS.matcher(line)).matches()) {
        last = m.group(1);
      }
    }
    Header header = new Header(h.group(1), h.group(2), h.group(3), Double.parseDouble(h.group(4)), loadEnd,
        Integer.parseInt(h.group(5)), h.group(6), h.group(7));
    Run r = new Run(header, summary, share, events, wall, rss, exit, last);
    if (summary != null) {
      if (summary.path("peers").path("launched").asLong() != r.peers()) {
        throw new IllegalArgumentException(file + ":" + (at + 1) + ": the summary launched "
            + summary.path("peers").path("launched").asLong() + " peers, the command " + r.peers());
      }
      if (!summary.path("runtime").asText().equals(r.runtime())) {
        throw new IllegalArgumentException(file + ":" + (at + 1) + ": the summary ran on "
            + summary.path("runtime").asText() + ", the command on " + r.runtime());
      }
      if (!r.runtime().equals("sim")) {
        r = new Run(header, summary, share, -1, wall, rss, exit, last);
      }
    }
    return r;
  }

  private static JsonNode read(String line, Path file, int lineNumber) {
    try {
      return JSON.readTree(line);
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ":" + lineNumber + ": unreadable summary: " + e.getMessage());
    }
  }
}
