package org.bloomchord.experiments.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A named span of the x axis that a time-series chart shades: one phase of a run (join, churn,
 * partition, measure, ...), from its start to its end in seconds of the run. A run writes its
 * phases to {@value #FILE} ({@code phase,start,end}), and its charts read them back from there.
 *
 * @param name the phase's kind, as the scenario names it
 * @param from its start, in seconds of the run
 * @param to its end, in seconds of the run (at least {@code from})
 */
public record Band(String name, double from, double to) {

  /** The file of a run's phases in its folder. */
  public static final String FILE = "phases.csv";

  public Band {
    if (name == null || name.isBlank() || name.contains(",") || !(to >= from)) {
      throw new IllegalArgumentException("a band needs a name without commas and from <= to: " + name + " " + from
          + " " + to);
    }
  }

  /** Writes {@code bands} to {@code file} as {@code phase,start,end}, one line each. */
  public static void write(List<Band> bands, Path file) {
    StringBuilder out = new StringBuilder("phase,start,end\n");
    for (Band b : bands) {
      out.append(String.format(Locale.ROOT, "%s,%.3f,%.3f%n", b.name(), b.from(), b.to()));
    }
    try {
      Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /** The bands of {@code file}, or none when it does not exist. */
  public static List<Band> read(Path file) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<Band> out = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
        String[] f = line.split(",");
        if (f.length == 3) {
          out.add(new Band(f[0], Double.parseDouble(f[1]), Double.parseDouble(f[2])));
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot read the phases of " + file + ": " + e.getMessage());
    }
    return out;
  }
}
