package org.bloomchord.experiments.join;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.routing.join.Tuple;

/**
 * A two-column relation from a CSV file: one row per line, two signed 64-bit integers separated by
 * a comma ({@code a,b} for R, {@code b,c} for S), blanks around them allowed; the first line may be
 * a header (any line that is not two integers); empty lines are skipped. Anything else is a
 * {@link FormatException} naming the file and line.
 */
public final class RelationCsv {

  private RelationCsv() {
  }

  /** A file that is not such a relation: the message names the file and the line. */
  public static final class FormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    FormatException(String message) {
      super(message);
    }
  }

  /**
   * The rows of {@code file}, at most {@code maxRows}.
   *
   * @param columns the expected columns, for messages ("a,b" or "b,c")
   */
  public static List<Tuple> read(Path file, String columns, int maxRows) {
    List<Tuple> out = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int number = 0;
      while ((line = in.readLine()) != null) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        Tuple t = parse(line);
        if (t == null) {
          if (number == 1) {
            continue;
          }
          throw new FormatException(file + ":" + number + ": expected two integers '" + columns + "', got '"
              + abbreviate(line) + "'");
        }
        if (out.size() == maxRows) {
          throw new FormatException(file + ":" + number + ": more than " + maxRows + " rows");
        }
        out.add(t);
      }
    } catch (java.nio.charset.MalformedInputException e) {
      throw new FormatException(file + ": not UTF-8 text");
    } catch (IOException e) {
      throw new FormatException(file + ": cannot be read (" + e.getMessage() + ")");
    }
    if (out.isEmpty()) {
      throw new FormatException(file + ": no rows");
    }
    return out;
  }

  private static Tuple parse(String line) {
    int comma = line.indexOf(',');
    if (comma < 0 || line.indexOf(',', comma + 1) >= 0) {
      return null;
    }
    try {
      return new Tuple(Long.parseLong(line.substring(0, comma).strip()), Long.parseLong(line.substring(comma + 1).strip()));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static String abbreviate(String line) {
    return line.length() <= 60 ? line : line.substring(0, 57) + "...";
  }
}
