package org.bloomchord.experiments.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.experiments.metrics.Csv;

/**
 * The gets each peer served in a run with hot-key relief ({@value #FILE}, header {@value #HEADER}):
 * one row per peer alive at the end of the run, the same peers and counts the summary's {@code load}
 * section is computed from, so that the report can draw the spread the section condenses into mean,
 * p1, p99 and max. {@code served} is {@code asOwner + asReplica + fromCopy}.
 */
public final class PeerLoads {

  /** The file's name in a run folder. */
  public static final String FILE = "load.csv";
  /** The header the file must start with. */
  public static final String HEADER = "peer,id,served,asOwner,asReplica,fromCopy";

  /**
   * One peer's counts.
   *
   * @param peer its name
   * @param id its ring id, unsigned decimal
   * @param asOwner gets it answered as the key's owner
   * @param asReplica gets it answered as a replica for an owner over its budget
   * @param fromCopy gets it answered from a leased copy
   */
  public record Row(String peer, String id, long asOwner, long asReplica, long fromCopy) {

    public Row {
      if (asOwner < 0 || asReplica < 0 || fromCopy < 0) {
        throw new IllegalArgumentException("negative count for peer " + peer);
      }
    }

    /** Gets it answered in any way. */
    public long served() {
      return asOwner + asReplica + fromCopy;
    }
  }

  private final List<Row> rows;

  /** The rows, in the order given. */
  public PeerLoads(List<Row> rows) {
    this.rows = List.copyOf(rows);
  }

  /** No peer (a run without relief, or a folder without the file). */
  public static PeerLoads empty() {
    return new PeerLoads(List.of());
  }

  /** The rows. */
  public List<Row> rows() {
    return rows;
  }

  /** Whether there is no row. */
  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The served counts, the busiest peer first. */
  public double[] servedDescending() {
    return rows.stream().mapToDouble(Row::served).map(v -> -v).sorted().map(v -> -v).toArray();
  }

  /** Writes the rows to {@code file}, replacing it. */
  public void write(Path file) {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(HEADER + "\n");
      for (Row r : rows) {
        // RFC 4180, read back by SampledOperations.fields
        w.write(Csv.field(r.peer()) + "," + r.id() + "," + r.served() + "," + r.asOwner() + ","
            + r.asReplica() + "," + r.fromCopy() + "\n");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /**
   * Reads {@code file}; a missing file gives no rows.
   *
   * @throws IllegalArgumentException if the header or a line is malformed (naming the line), or a
   *     line's served count is not the sum of its parts
   */
  public static PeerLoads read(Path file) {
    if (file == null || !Files.isRegularFile(file)) {
      return empty();
    }
    List<Row> rows = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String header = in.readLine();
      if (header == null) {
        return empty();
      }
      if (!header.equals(HEADER)) {
        throw new IllegalArgumentException(file + ": header is not '" + HEADER + "'");
      }
      String line;
      int n = 1;
      while ((line = in.readLine()) != null) {
        n++;
        List<String> f = SampledOperations.fields(line);
        if (f.size() != 6) {
          throw new IllegalArgumentException(file + ":" + n + ": expected 6 fields, got " + f.size());
        }
        try {
          Row r = new Row(f.get(0), f.get(1), Long.parseLong(f.get(3)), Long.parseLong(f.get(4)),
              Long.parseLong(f.get(5)));
          if (r.served() != Long.parseLong(f.get(2))) {
            throw new IllegalArgumentException(file + ":" + n + ": served is not asOwner + asReplica + fromCopy");
          }
          rows.add(r);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(file + ":" + n + ": not a number: " + e.getMessage());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return new PeerLoads(rows);
  }
}
