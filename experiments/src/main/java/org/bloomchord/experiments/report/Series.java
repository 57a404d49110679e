package org.bloomchord.experiments.report;

/**
 * One line of a chart: points (x, y) and whether they were measured here or taken from a
 * publication. Invariant: x and y have the same length.
 *
 * @param name the legend entry
 * @param x the x values
 * @param y the y values
 * @param origin measured or published
 */
public record Series(String name, double[] x, double[] y, Origin origin) {

  /** Where a series' numbers come from; published series are drawn dashed. */
  public enum Origin {
    /** Measured by this run. */
    MEASURED,
    /** Read off a published figure or table. */
    PUBLISHED
  }

  public Series {
    if (name == null || x == null || y == null || origin == null) {
      throw new IllegalArgumentException("name, x, y and origin must be given");
    }
    if (x.length != y.length) {
      throw new IllegalArgumentException("x has " + x.length + " values, y " + y.length);
    }
    x = x.clone();
    y = y.clone();
  }

  /** A measured series. */
  public static Series measured(String name, double[] x, double[] y) {
    return new Series(name, x, y, Origin.MEASURED);
  }

  /** A published series. */
  public static Series published(String name, double[] x, double[] y) {
    return new Series(name, x, y, Origin.PUBLISHED);
  }
}
