package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables of hosts.md written from what {@code scripts/hosts-bench} printed, one file per run:
 * a split run ({@code hosts-bench split}) is one row of the splits table, a join run
 * ({@code hosts-bench join}) one row of the joins table. A split run that stopped before its cut
 * or before one ring is a row too, its missing figures shown as "not reached", so a failed run is
 * counted and not dropped.
 */
public final class HostsBenchTable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SUMMARY = Pattern.compile(
      "^summary: hosts=(\\d+) peers=(\\d+) groups=(\\S+) cut=(\\d+)s", Pattern.MULTILINE);
  private static final Pattern GROUPS = Pattern.compile("^cut at [0-9.]+ s: groups (\\S+)", Pattern.MULTILINE);
  private static final Pattern REPORTED = Pattern.compile("^t=([0-9.]+) s every host reports", Pattern.MULTILINE);
  private static final Pattern END = Pattern.compile("^t=([0-9.]+) s end of the cut: (.*)$", Pattern.MULTILINE);
  private static final Pattern HEALED = Pattern.compile("^healed at ([0-9.]+) s", Pattern.MULTILINE);
  private static final Pattern REACH = Pattern.compile("^heal\\+([0-9.]+) s every host reaches", Pattern.MULTILINE);
  private static final Pattern RING = Pattern.compile("^heal\\+([0-9.]+) s one stable ring of (\\d+)", Pattern.MULTILINE);
  private static final Pattern READS = Pattern.compile("^heal\\+[0-9.]+ s reads across: (.*)$", Pattern.MULTILINE);
  private static final Pattern OWN = Pattern.compile("keys through host \\d+: ([^;]+)");
  private static final Pattern SHARED = Pattern.compile(
      "^shared keys after the heal: (\\d+) of (\\d+) read alike.*; (\\d+) keys with an acknowledged write hold none",
      Pattern.MULTILINE);
  private static final Pattern HOST_JSON = Pattern.compile("host \\d+ (\\{.*?\\}) \\|");
  private static final Pattern LISTENING = Pattern.compile("^node ([AB]), .*listening after ([0-9.]+) s", Pattern.MULTILINE);
  private static final Pattern STARTED = Pattern.compile("^\\s+(\\d+) peers started: .* (\\d+) ms to join", Pattern.MULTILINE);
  private static final Pattern LOAD = Pattern.compile("^load average at the end: ([0-9.]+)", Pattern.MULTILINE);

  private HostsBenchTable() {
  }

  /**
   * The splits table, then (when there are join runs) the joins table, of the bench outputs
   * {@code runs} in order; the first column names each run by its file name.
   *
   * @throws IllegalArgumentException when a file is neither a split nor a join run
   */
  public static String markdown(List<Path> runs) {
    StringBuilder splits = new StringBuilder("| run | groups | cut | each node decided within | every host reported it "
        + "(the bench's reads) | every host reaches every other after the heal | one stable ring after the heal "
        + "| own keys read across, per host | shared keys |\n|---|---|---|---|---|---|---|---|---|\n");
    StringBuilder joins = new StringBuilder("| run | node A listening after | node B listening after | B's join "
        + "| load average at the end |\n|---|---|---|---|---|\n");
    int splitRuns = 0;
    int joinRuns = 0;
    for (Path run : runs) {
      String text = read(run);
      String name = run.getFileName().toString().replaceFirst("\\.txt$", "");
      if (GROUPS.matcher(text).find() || SUMMARY.matcher(text).find()) {
        splits.append(splitRow(name, text)).append('\n');
        splitRuns++;
      } else if (LISTENING.matcher(text).find()) {
        joins.append(joinRow(name, text)).append('\n');
        joinRuns++;
      } else {
        throw new IllegalArgumentException(run + " is neither a split nor a join run of hosts-bench");
      }
    }
    if (splitRuns == 0) {
      throw new IllegalArgumentException("no split run of hosts-bench among " + runs.size() + " files");
    }
    return joinRuns == 0 ? splits.toString() : splits + "\n" + joins;
  }

  private static String splitRow(String name, String text) {
    String groups = first(GROUPS, text, 1);
    Matcher summary = SUMMARY.matcher(text);
    String cut = summary.find() ? minutes(Integer.parseInt(summary.group(4))) : "not reached";
    List<String> cells = new ArrayList<>(List.of(name, groups == null ? "not reached" : groups, cut));
    Matcher end = END.matcher(text);
    cells.add(end.find() ? decided(Double.parseDouble(end.group(1)), end.group(2)) : "not reached");
    cells.add(seconds(first(REPORTED, text, 1)));
    boolean healed = HEALED.matcher(text).find();
    cells.add(healed ? seconds(first(REACH, text, 1)) : "not reached");
    Matcher ring = RING.matcher(text);
    cells.add(ring.find() ? "**" + ring.group(1) + " s** (" + ring.group(2) + " peers)" : "not reached");
    String reads = first(READS, text, 1);
    if (reads == null) {
      cells.add("not read");
    } else {
      List<String> own = new ArrayList<>();
      Matcher m = OWN.matcher(reads);
      while (m.find()) {
        own.add(m.group(1).strip());
      }
      cells.add(String.join("; ", own));
    }
    Matcher shared = SHARED.matcher(text);
    cells.add(shared.find() ? shared.group(1) + " of " + shared.group(2) + " alike, " + shared.group(3) + " lost"
        : "not read");
    return "| " + String.join(" | ", cells) + " |";
  }

  /** The cut's end minus the smallest whole {@code seconds} any host gave an unreachable node: an upper bound. */
  private static String decided(double endSeconds, String hosts) {
    int least = Integer.MAX_VALUE;
    Matcher m = HOST_JSON.matcher(hosts + " ");
    while (m.find()) {
      try {
        for (JsonNode u : JSON.readTree(m.group(1)).path("unreachable")) {
          least = Math.min(least, u.path("seconds").asInt());
        }
      } catch (IOException e) {
        throw new IllegalArgumentException("unreadable /api/ring answer at the end of the cut: " + e.getMessage());
      }
    }
    return least == Integer.MAX_VALUE ? "no node reported it"
        : String.format(Locale.ROOT, "%.1f s", endSeconds - least);
  }

  private static String joinRow(String name, String text) {
    String a = null;
    String b = null;
    Matcher m = LISTENING.matcher(text);
    while (m.find()) {
      if (m.group(1).equals("A")) {
        a = m.group(2);
      } else {
        b = m.group(2);
      }
    }
    List<Long> joinMs = new ArrayList<>();
    Matcher s = STARTED.matcher(text);
    while (s.find()) {
      joinMs.add(Long.parseLong(s.group(2)));
    }
    String join = joinMs.size() < 2 ? "-" : String.format(Locale.ROOT, "%.1f s", joinMs.get(1) / 1000.0);
    String load = first(LOAD, text, 1);
    return "| " + name + " | " + seconds(a) + " | " + (b == null ? "not reached" : "**" + b + " s**") + " | " + join
        + " | " + (load == null ? "-" : load) + " |";
  }

  private static String minutes(int cutSeconds) {
    return cutSeconds % 60 == 0 ? cutSeconds / 60 + " min" : cutSeconds + " s";
  }

  private static String seconds(String s) {
    return s == null ? "not reached" : s + " s";
  }

  private static String first(Pattern p, String text, int group) {
    Matcher m = p.matcher(text);
    return m.find() ? m.group(group) : null;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
