package org.bloomchord.experiments.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table for the terminal: a header and rows of cells, printed with every column padded to its
 * widest cell, text left-aligned and numbers right-aligned. Invariant: every row has as many cells
 * as the header.
 */
public final class TextTable {

  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  /** A table with these column titles. */
  public TextTable(String... header) {
    if (header.length == 0) {
      throw new IllegalArgumentException("a table needs at least one column");
    }
    this.header = List.of(header);
  }

  /** A table with the column titles of {@code header}, in order. */
  public static TextTable of(List<String> header) {
    return new TextTable(header.toArray(String[]::new));
  }

  /** Adds a row; it must have one cell per column. */
  public TextTable row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException("expected " + header.size() + " cells, got " + cells.length);
    }
    rows.add(Arrays.stream(cells).map(String::valueOf).toList());
    return this;
  }

  /** Prints the header, a rule and the rows. */
  public void print(PrintWriter out) {
    int[] width = new int[header.size()];
    boolean[] numeric = new boolean[header.size()];
    Arrays.fill(numeric, !rows.isEmpty());
    for (int c = 0; c < width.length; c++) {
      width[c] = header.get(c).length();
      for (List<String> r : rows) {
        width[c] = Math.max(width[c], r.get(c).length());
        numeric[c] &= isNumber(r.get(c));
      }
    }
    printRow(out, header, width, numeric);
    StringBuilder rule = new StringBuilder();
    for (int c = 0; c < width.length; c++) {
      rule.append(c == 0 ? "" : "  ").append("-".repeat(width[c]));
    }
    out.println(rule);
    for (List<String> r : rows) {
      printRow(out, r, width, numeric);
    }
    out.flush();
  }

  private static void printRow(PrintWriter out, List<String> cells, int[] width, boolean[] numeric) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < width.length; c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(width[c] - cell.length());
      line.append(c == 0 ? "" : "  ").append(numeric[c] ? pad + cell : cell + pad);
    }
    out.println(line.toString().stripTrailing());
  }

  private static boolean isNumber(String s) {
    return s.matches("[-+]?[0-9][0-9.,eE+-]*%?");
  }
}
