package org.bloomchord.experiments.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An immutable table of samples over time: a {@code time} column in seconds since the run's start,
 * then the named columns, one row per sample in time order. Written as {@code timeseries.csv};
 * plots read columns out of it.
 *
 * @param columns the column names after {@code time}
 * @param rows the samples
 */
public record TimeSeries(List<String> columns, List<Row> rows) {

  /**
   * One sample.
   *
   * @param timeSeconds seconds since the run's start
   * @param values one value per column, NaN when not defined (written as an empty field)
   */
  public record Row(double timeSeconds, double[] values) {
  }

  public TimeSeries {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
    for (Row r : rows) {
      if (r.values().length != columns.size()) {
        throw new IllegalArgumentException("row has " + r.values().length + " values for " + columns.size() + " columns");
      }
    }
  }

  /** The times of all rows in seconds. */
  public double[] times() {
    return rows.stream().mapToDouble(Row::timeSeconds).toArray();
  }

  /**
   * The values of one column.
   *
   * @throws IllegalArgumentException if there is no such column
   */
  public double[] column(String name) {
    int i = columns.indexOf(name);
    if (i < 0) {
      throw new IllegalArgumentException("no column '" + name + "' (columns: " + String.join(", ", columns) + ")");
    }
    return rows.stream().mapToDouble(r -> r.values()[i]).toArray();
  }

  /** Writes the table as CSV with a header line {@code time,<columns>}. */
  public void writeCsv(Writer out) throws IOException {
    out.write("time");
    for (String c : columns) {
      out.write(',');
      out.write(Csv.field(c));
    }
    out.write('\n');
    for (Row r : rows) {
      out.write(Csv.number(r.timeSeconds()));
      for (double v : r.values()) {
        out.write(',');
        out.write(Csv.number(v));
      }
      out.write('\n');
    }
  }

  /** Writes the table as CSV to {@code file} (typically {@code timeseries.csv}), replacing it. */
  public void writeCsv(Path file) {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      writeCsv(w);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
