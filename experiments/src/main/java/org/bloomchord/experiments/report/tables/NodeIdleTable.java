package org.bloomchord.experiments.report.tables;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table of an idle {@code bloomchord node} over time, written from what its {@code /metrics}
 * said at moments after the puts, kept as a text file per run: a line {@code run ... peers=N ...},
 * then for each reading a line {@code at SECONDS HH:MM:SS} followed by the node's
 * {@code bloomchord_messages_sent_total{type="T"} COUNT} lines. One row per pair of consecutive
 * readings: the messages between them per peer per second, in all and grouped by the task that
 * sends them as in {@link IdleRingTable}.
 */
public final class NodeIdleTable {

  /** The table's head and separator lines. */
  public static final String HEAD = "| run | minutes after the puts | messages | messages/peer/s | stabilize | fix-fingers"
      + " | repair | sweeper's lookups | summary pulls | other |\n"
      + "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";

  private static final Pattern PEERS = Pattern.compile("^run build=(\\S+) .*\\bpeers=(\\d+)\\b");
  private static final Pattern AT = Pattern.compile("^at (\\d+) \\S+$");
  /** The kinds of messages of each column after the total, as {@link IdleRingTable} groups them. */
  private static final List<List<String>> KINDS = List.of(IdleRingTable.STABILIZE, IdleRingTable.FINGERS,
      IdleRingTable.REPAIR, IdleRingTable.LOOKUPS, IdleRingTable.PULLS);
  private static final Pattern COUNT = Pattern.compile("^bloomchord_messages_sent_total\\{type=\"(\\w+)\"} ([0-9.]+)$");

  private NodeIdleTable() {
  }

  /** One reading: seconds after the puts and the messages sent so far by type. */
  private record Reading(long seconds, Map<String, Double> byType) {
  }

  /**
   * The table of the runs kept in {@code files}, in order.
   *
   * @throws IllegalArgumentException when a file has no {@code run} line with the build and the
   *     peers, fewer than two readings, a reading with no count, or readings out of time order
   */
  public static String markdown(List<Path> files) {
    StringBuilder out = new StringBuilder(HEAD);
    for (Path f : files) {
      List<String> lines;
      try {
        lines = Files.readAllLines(f);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Matcher run = lines.isEmpty() ? null : PEERS.matcher(lines.get(0));
      if (run == null || !run.find()) {
        throw new IllegalArgumentException(f.getFileName() + ": the first line names no build and peers");
      }
      int peers = Integer.parseInt(run.group(2));
      List<Reading> readings = readings(f, lines);
      if (readings.size() < 2) {
        throw new IllegalArgumentException(f.getFileName() + ": fewer than two readings");
      }
      for (int i = 1; i < readings.size(); i++) {
        Reading a = readings.get(i - 1);
        Reading b = readings.get(i);
        if (b.seconds() <= a.seconds()) {
          throw new IllegalArgumentException(f.getFileName() + ": the reading at " + b.seconds()
              + " s comes after the one at " + a.seconds() + " s");
        }
        double seconds = b.seconds() - a.seconds();
        double all = total(b) - total(a);
        double perPeer = peers * seconds;
        double[] groups = new double[KINDS.size()];
        double grouped = 0;
        for (int g = 0; g < groups.length; g++) {
          for (String t : KINDS.get(g)) {
            groups[g] += b.byType().getOrDefault(t, 0.0) - a.byType().getOrDefault(t, 0.0);
          }
          grouped += groups[g];
        }
        out.append(String.format(Locale.ROOT, "| %s | %s to %s | %,d | **%.3f** | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n",
            run.group(1), minutes(a.seconds()), minutes(b.seconds()), (long) all, all / perPeer, groups[0] / perPeer,
            groups[1] / perPeer, groups[2] / perPeer, groups[3] / perPeer, groups[4] / perPeer,
            (all - grouped) / perPeer));
      }
    }
    return out.toString();
  }

  private static List<Reading> readings(Path f, List<String> lines) {
    List<Reading> out = new ArrayList<>();
    long seconds = -1;
    Map<String, Double> byType = null;
    for (String line : lines.subList(1, lines.size())) {
      Matcher at = AT.matcher(line);
      Matcher count = COUNT.matcher(line);
      if (at.find()) {
        if (byType != null) {
          out.add(checked(f, seconds, byType));
        }
        seconds = Long.parseLong(at.group(1));
        byType = new HashMap<>();
      } else if (count.find() && byType != null) {
        byType.put(count.group(1), Double.parseDouble(count.group(2)));
      }
    }
    if (byType != null) {
      out.add(checked(f, seconds, byType));
    }
    return out;
  }

  private static Reading checked(Path f, long seconds, Map<String, Double> byType) {
    if (byType.isEmpty()) {
      throw new IllegalArgumentException(f.getFileName() + ": the reading at " + seconds + " s has no count");
    }
    return new Reading(seconds, byType);
  }

  private static double total(Reading r) {
    return r.byType().values().stream().mapToDouble(Double::doubleValue).sum();
  }

  private static String minutes(long seconds) {
    return seconds % 60 == 0 ? Long.toString(seconds / 60) : String.format(Locale.ROOT, "%.1f", seconds / 60.0);
  }
}
