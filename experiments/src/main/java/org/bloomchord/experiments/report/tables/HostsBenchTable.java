package org.bloomchord.experiments.report.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
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
  private static final Pattern OWN_COUNTS = Pattern.compile("(\\d+) of (\\d+), (\\d+) of the (\\d+) acknowledged");
  private static final Pattern HELD = Pattern.compile("; (\\d+) hold a write acknowledged on its side");
  /** The aim's bound on one ring after the heal, in seconds. */
  private static final double ONE_RING_AIM_S = 60;

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

  /**
   * The README's figure of the split runs among {@code runs} (join runs are left out): how many ran,
   * how many reached one ring and how soon after the heal (against the aim's 60 s), what the shared
   * and own keys read back, and when the nodes decided on the split against when the bench's reads
   * saw it. A run that did not reach its cut, one ring or its reads is counted as such.
   *
   * @param where what the runs' files do not say of them (the plane, the date), after the size
   * @throws IllegalArgumentException when there is no split run
   */
  public static String readmeFigure(List<Path> runs, String where) {
    Range ring = new Range();
    Range decided = new Range();
    Range reported = new Range();
    Set<String> groups = new TreeSet<>(Comparator.reverseOrder());
    Set<Integer> cuts = new TreeSet<>();
    int splits = 0;
    int withinAim = 0;
    int sharedAll = 0;
    int ownAll = 0;
    String size = null;
    for (Path run : runs) {
      String text = read(run);
      String g = first(GROUPS, text, 1);
      Matcher summary = SUMMARY.matcher(text);
      boolean isSplit = summary.find();
      if (!isSplit && g == null) {
        continue;
      }
      splits++;
      if (isSplit) {
        size = number(Integer.parseInt(summary.group(1))) + " nodes of " + summary.group(2) + " peers";
        cuts.add(Integer.parseInt(summary.group(4)));
      }
      if (g != null) {
        groups.add(g.split("/").length == 2 ? "2-way" : String.join("+", Arrays.stream(g.split("/"))
            .map(part -> Integer.toString(part.split(",").length)).toList()));
      }
      Matcher m = RING.matcher(text);
      if (m.find()) {
        double s = Double.parseDouble(m.group(1));
        ring.add(s);
        withinAim += s <= ONE_RING_AIM_S ? 1 : 0;
      }
      Matcher end = END.matcher(text);
      if (end.find()) {
        decidedSeconds(Double.parseDouble(end.group(1)), end.group(2)).ifPresent(decided::add);
      }
      String r = first(REPORTED, text, 1);
      if (r != null) {
        reported.add(Double.parseDouble(r));
      }
      Matcher shared = SHARED.matcher(text);
      Matcher held = HELD.matcher(text);
      if (shared.find() && held.find() && shared.group(1).equals(shared.group(2))
          && held.group(1).equals(shared.group(2)) && shared.group(3).equals("0")) {
        sharedAll++;
      }
      String reads = first(READS, text, 1);
      if (reads != null && everyAcknowledgedRead(reads)) {
        ownAll++;
      }
    }
    if (splits == 0 || size == null) {
      throw new IllegalArgumentException("no split run of hosts-bench among " + runs.size() + " files");
    }
    String cut = String.join(" or ", groups) + " for " + String.join(" or ", cuts.stream()
        .map(c -> c % 60 == 0 ? Integer.toString(c / 60) : c + " s").toList())
        + (!cuts.stream().allMatch(c -> c % 60 == 0) ? "" : cuts.equals(Set.of(60)) ? " minute" : " minutes");
    String rings = ring.count() == splits
        ? String.format(Locale.ROOT, "(%d of %d within %.0f s)", withinAim, splits, ONE_RING_AIM_S)
        : String.format(Locale.ROOT, "in %d of %d runs (%d within %.0f s)", ring.count(), splits, withinAim, ONE_RING_AIM_S);
    String shared = "every shared key read alike and holding an acknowledged write";
    String own = "every acknowledged own key read back";
    String keys = sharedAll == ownAll ? String.format(Locale.ROOT, "%s, and %s, in %d of %d", shared, own, ownAll, splits)
        : String.format(Locale.ROOT, "%s in %d of %d; %s in %d of %d", shared, sharedAll, splits, own, ownAll, splits);
    return String.format(Locale.ROOT, "%s on separate network stacks %s, cut %s, %d runs: one ring again %s after the"
        + " heal %s, each node deciding on the split %s after the cut by its own report (the bench's reads saw it %s"
        + " after); %s", size, where, cut, splits, ring.text(), rings, decided.text(), reported.text(), keys);
  }

  private static String number(int n) {
    List<String> words = List.of("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine");
    return n < words.size() ? words.get(n) : Integer.toString(n);
  }

  private static boolean everyAcknowledgedRead(String reads) {
    Matcher m = OWN.matcher(reads);
    boolean any = false;
    while (m.find()) {
      Matcher c = OWN_COUNTS.matcher(m.group(1));
      if (!c.find() || !c.group(3).equals(c.group(4))) {
        return false;
      }
      any = true;
    }
    return any;
  }

  /** The least and greatest of some seconds, shown to a tenth. */
  private static final class Range {
    private final org.apache.commons.math3.stat.descriptive.SummaryStatistics seconds =
        new org.apache.commons.math3.stat.descriptive.SummaryStatistics();

    void add(double s) {
      seconds.addValue(s);
    }

    int count() {
      return (int) seconds.getN();
    }

    String text() {
      double lo = seconds.getMin();
      double hi = seconds.getMax();
      return count() == 0 ? "never" : lo == hi ? String.format(Locale.ROOT, "%.1f s", lo)
          : String.format(Locale.ROOT, "%.1f to %.1f s", lo, hi);
    }
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
    return decidedSeconds(endSeconds, hosts).stream().mapToObj(s -> String.format(Locale.ROOT, "%.1f s", s))
        .findFirst().orElse("no node reported it");
  }

  private static OptionalDouble decidedSeconds(double endSeconds, String hosts) {
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
    return least == Integer.MAX_VALUE ? OptionalDouble.empty()
        : OptionalDouble.of(endSeconds - least);
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
