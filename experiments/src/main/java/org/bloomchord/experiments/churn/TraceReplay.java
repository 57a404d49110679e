package org.bloomchord.experiments.churn;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Churn replayed from a trace: a CSV file of {@code time,event,peer} lines, time in seconds since
 * the phase's start (decimals allowed, non-decreasing), event one of {@code join}, {@code leave},
 * {@code crash} (or {@code fail}), peer a peer number. A first line starting with {@code time} is a
 * header; blank lines and lines starting with {@code #} are skipped. Replay checks the trace
 * against the starting population: a JOIN names a peer not alive then (a departed peer may come
 * back), a LEAVE or CRASH a live one; a violation is a {@link TraceFormatException} naming the line.
 * The seed is not used.
 *
 * @param source the trace's name for messages (its path as given)
 * @param lines the parsed lines in file order
 */
public record TraceReplay(String source, List<Line> lines) implements ChurnModel {

  /**
   * One event of the trace.
   *
   * @param line its 1-based line number in the file
   * @param atMs its time in milliseconds
   * @param action what happens
   * @param peer the peer number
   */
  public record Line(int line, long atMs, ChurnAction action, int peer) {
  }

  public TraceReplay {
    lines = List.copyOf(lines);
  }

  /** Reads a trace file. */
  public static TraceReplay read(Path file) {
    try {
      return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new TraceFormatException(file.toString(), "cannot read the trace file (" + e.getClass().getSimpleName()
          + ")");
    }
  }

  /**
   * Parses trace text.
   *
   * @throws TraceFormatException naming the first bad line
   */
  public static TraceReplay parse(String source, String text) {
    List<Line> out = new ArrayList<>();
    String[] rows = text.split("\r?\n", -1);
    long lastMs = 0;
    for (int i = 0; i < rows.length; i++) {
      int lineNo = i + 1;
      String row = rows[i].strip();
      if (row.isEmpty() || row.startsWith("#") || (out.isEmpty() && row.toLowerCase(Locale.ROOT).startsWith("time"))) {
        continue;
      }
      String[] f = row.split(",", -1);
      if (f.length != 3) {
        throw new TraceFormatException(source, lineNo, "expected time,event,peer but found " + f.length + " fields");
      }
      double seconds;
      try {
        seconds = Double.parseDouble(f[0].strip());
      } catch (NumberFormatException e) {
        throw new TraceFormatException(source, lineNo, "bad time '" + f[0].strip() + "': expected seconds like 12.5");
      }
      if (!(seconds >= 0) || Double.isInfinite(seconds)) {
        throw new TraceFormatException(source, lineNo, "bad time '" + f[0].strip() + "': must be >= 0");
      }
      long atMs = Math.round(seconds * 1000);
      if (atMs < lastMs) {
        throw new TraceFormatException(source, lineNo, "time " + f[0].strip() + " s goes back (times must not decrease)");
      }
      lastMs = atMs;
      ChurnAction action = switch (f[1].strip().toLowerCase(Locale.ROOT)) {
        case "join" -> ChurnAction.JOIN;
        case "leave" -> ChurnAction.LEAVE;
        case "crash", "fail" -> ChurnAction.CRASH;
        default -> throw new TraceFormatException(source, lineNo,
            "bad event '" + f[1].strip() + "' (expected one of: join, leave, crash)");
      };
      int peer;
      try {
        peer = Integer.parseInt(f[2].strip());
      } catch (NumberFormatException e) {
        peer = -1;
      }
      if (peer < 0) {
        throw new TraceFormatException(source, lineNo, "bad peer '" + f[2].strip() + "': expected a number >= 0");
      }
      out.add(new Line(lineNo, atMs, action, peer));
    }
    return new TraceReplay(source, out);
  }

  @Override
  public Iterator<ChurnEvent> events(Population start, long seed) {
    Set<Integer> alive = new HashSet<>(start.alive());
    List<ChurnEvent> out = new ArrayList<>(lines.size());
    for (Line l : lines) {
      boolean isAlive = alive.contains(l.peer());
      if (l.action() == ChurnAction.JOIN) {
        if (isAlive) {
          throw new TraceFormatException(source, l.line(), "peer " + l.peer() + " joins but is already alive");
        }
        alive.add(l.peer());
      } else {
        if (!isAlive) {
          throw new TraceFormatException(source, l.line(), "peer " + l.peer() + " is not alive at "
              + l.atMs() / 1000.0 + " s");
        }
        alive.remove(l.peer());
      }
      out.add(new ChurnEvent(l.atMs(), l.action(), l.peer()));
    }
    return out.iterator();
  }
}
