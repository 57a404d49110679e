package org.bloomchord.experiments.report.tables;

import org.bloomchord.experiments.report.Comparison;

/**
 * One measured figure of one setting: the mean over its runs with the half-width of the two-sided
 * 95% Student-t interval of that mean (0 with one run), and the total over the runs (for counts).
 *
 * @param mean mean over the runs
 * @param halfWidth half-width of the 95% interval of the mean, 0 with one run or when recorded without it
 * @param total sum over the runs (for a recorded figure: the figure itself)
 * @param runs runs behind it
 */
public record Measured(double mean, double halfWidth, double total, int runs) {

  /** The figure of {@code values}, one per run (at least one). */
  public static Measured ofRuns(double[] values) {
    Comparison c = Comparison.ofRuns("", "", Double.NaN, values);
    double total = 0;
    for (double v : values) {
      total += v;
    }
    return new Measured(c.measured(), (c.high() - c.low()) / 2, total, values.length);
  }

  /**
   * A figure recorded from earlier runs: {@code value} is the mean (or, for a count, the total)
   * and {@code halfWidth} its interval's half-width (0 when none was recorded).
   */
  public static Measured recorded(double value, double halfWidth, int runs) {
    return new Measured(value, halfWidth, value, runs);
  }

  /** Whether {@code value} lies in the 95% interval of the mean (the mean itself when the interval is empty). */
  public boolean covers(double value) {
    return value >= mean - halfWidth - 1e-12 && value <= mean + halfWidth + 1e-12;
  }
}
