package org.bloomchord.experiments.metrics;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;
import org.apache.commons.math3.stat.descriptive.summary.Sum;
import org.bloomchord.experiments.summary.Load;
import org.bloomchord.experiments.summary.Mean;
import org.bloomchord.experiments.summary.Quantiles;
import org.bloomchord.experiments.summary.Spread;

/**
 * A snapshot of a distribution: sample count, mean, 1st/50th/99th percentile and maximum.
 * Percentiles use the nearest-rank definition (the smallest value with at least p% of the samples
 * at or below it), commons-math3's {@link EstimationType#R_1} estimate; {@link #percentile} and
 * {@link #mean} are the experiments' one percentile and one mean. The summary sections take the fields they show through the {@code toXxx}
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
    return new Distribution(sorted.length, mean(sorted), percentile(sorted, 1), percentile(sorted, 50),
        percentile(sorted, 99), sorted[sorted.length - 1]);
  }

  /** The exact distribution of integer {@code values}. */
  public static Distribution of(long[] values) {
    return of(Arrays.stream(values).asDoubleStream().toArray());
  }

  /**
   * The nearest-rank {@code p}-th percentile of {@code values}, p in (0, 100]: the value of rank
   * ceil(p / 100 · n) in ascending order (the smallest value with at least p% of the values at or
   * below it), or 0 when there is none. Values sorted ascending give the same figures as any order.
   */
  public static double percentile(double[] values, double p) {
    return values.length == 0 ? 0 : new Percentile().withEstimationType(EstimationType.R_1).evaluate(values, p);
  }

  /**
   * The arithmetic mean of {@code values}, summed in their order, or 0 when there is none (the
   * summaries sum sorted values, so that a figure does not depend on the order samples arrived in).
   */
  public static double mean(double[] values) {
    return values.length == 0 ? 0 : new Sum().evaluate(values) / values.length;
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
