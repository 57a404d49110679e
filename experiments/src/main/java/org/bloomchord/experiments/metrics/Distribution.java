package org.bloomchord.experiments.metrics;

import java.util.Arrays;
import org.bloomchord.experiments.summary.Load;
import org.bloomchord.experiments.summary.Mean;
import org.bloomchord.experiments.summary.Quantiles;
import org.bloomchord.experiments.summary.Spread;

/**
 * A snapshot of a distribution: sample count, mean, 1st/50th/99th percentile and maximum.
 * Percentiles use the nearest-rank definition (the smallest value with at least p% of the samples
 * at or below it). The summary sections take the fields they show through the {@code toXxx}
 * methods, which return null for an empty distribution so that the field is omitted.
 *
 * @param count number of samples
 * @param mean arithmetic mean (0 when empty)
 * @param p1 1st percentile
 * @param p50 median
 * @param p99 99th percentile
 * @param max largest sample
 */
public record Distribution(long count, double mean, double p1, double p50, double p99, double max) {

  /** The empty distribution. */
  public static final Distribution EMPTY = new Distribution(0, 0, 0, 0, 0, 0);

  /** The exact distribution of {@code values} (for small sets such as keys per peer). */
  public static Distribution of(double[] values) {
    if (values.length == 0) {
      return EMPTY;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double sum = 0;
    for (double v : sorted) {
      sum += v;
    }
    return new Distribution(sorted.length, sum / sorted.length, rank(sorted, 1), rank(sorted, 50),
        rank(sorted, 99), sorted[sorted.length - 1]);
  }

  /** The exact distribution of integer {@code values}. */
  public static Distribution of(long[] values) {
    return of(Arrays.stream(values).asDoubleStream().toArray());
  }

  private static double rank(double[] sorted, double percentile) {
    int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  /** Whether no sample was recorded. */
  public boolean isEmpty() {
    return count == 0;
  }

  /** {mean, p1, p50, p99}, or null when empty. */
  public Spread toSpread() {
    return isEmpty() ? null : new Spread(mean, p1, p50, p99);
  }

  /** {mean, p50, p99}, or null when empty. */
  public Quantiles toQuantiles() {
    return isEmpty() ? null : new Quantiles(mean, p50, p99);
  }

  /** {mean, p1, p99, max}, or null when empty. */
  public Load toLoad() {
    return isEmpty() ? null : new Load(mean, p1, p99, max);
  }

  /** {mean}, or null when empty. */
  public Mean toMean() {
    return isEmpty() ? null : new Mean(mean);
  }
}
