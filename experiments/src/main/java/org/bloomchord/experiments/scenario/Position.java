package org.bloomchord.experiments.scenario;

/**
 * Where a value of a scenario came from: a file with 1-based line and column, or an override
 * ({@code --set chord.successors=4}) with line 0.
 *
 * @param source the file name as given, or the override text
 * @param line 1-based line, or 0 when the source has no lines
 * @param column 1-based column, or 0
 */
public record Position(String source, int line, int column) {

  /** A position without line, for overrides. */
  public static Position of(String source) {
    return new Position(source, 0, 0);
  }

  @Override
  public String toString() {
    return line <= 0 ? source : source + ":" + line + ":" + column;
  }
}
