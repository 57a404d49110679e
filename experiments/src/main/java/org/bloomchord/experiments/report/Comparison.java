package org.bloomchord.experiments.report;

/**
 * One row of a "published vs measured" table.
 *
 * @param setting the point compared (e.g. {@code N = 1024}, {@code p = 0.2})
 * @param metric what is compared (e.g. {@code mean path length})
 * @param published the published value
 * @param measured the value this run measured
 */
public record Comparison(String setting, String metric, double published, double measured) {

  /** measured / published, or NaN when the published value is 0. */
  public double ratio() {
    return published == 0 ? Double.NaN : measured / published;
  }
}
