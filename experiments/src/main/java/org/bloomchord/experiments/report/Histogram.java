package org.bloomchord.experiments.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.experiments.metrics.Distribution;

/**
 * Counts of samples in equal-width bins. Invariant: the counts sum to the number of samples given
 * (every finite sample falls in exactly one bin; NaN samples are not given). Integer samples (hops)
 * get one bin per value when the range allows; others get "nice" widths (1, 2 or 5 times a power
 * of ten) so that at most {@link #MAX_BINS} bins cover the range up to the 99th percentile, and a
 * last, open-ended bin holds the samples above it.
 *
 * @param lower the lower end of the first bin
 * @param width the bins' width
 * @param counts samples per bin; bin i covers [lower + i * width, lower + (i + 1) * width)
 * @param integer whether the samples were integers (bins labelled by value)
 * @param overflow whether the last bin is open-ended: it holds every sample from its lower end up
 *     (for latencies, whose tail above the 99th percentile would otherwise squeeze the rest)
 */
public record Histogram(double lower, double width, long[] counts, boolean integer, boolean overflow) {

  /** Most bins a histogram gets. */
  public static final int MAX_BINS = 40;

  public Histogram {
    counts = counts.clone();
  }

  /**
   * The histogram of {@code samples}.
   *
   * @param integer whether the samples are integers (hops)
   * @throws IllegalArgumentException if there is no sample or one is not finite
   */
  public static Histogram of(double[] samples, boolean integer) {
    if (samples.length == 0) {
      throw new IllegalArgumentException("a histogram needs samples");
    }
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double s : samples) {
      if (!Double.isFinite(s)) {
        throw new IllegalArgumentException("sample " + s + " is not finite");
      }
      min = Math.min(min, s);
      max = Math.max(max, s);
    }
    double top = max;
    if (!integer) {
      top = Distribution.percentile(samples, 99);
    }
    double width = niceWidth((top - min) / (top < max ? MAX_BINS - 1 : MAX_BINS), integer);
    double lower = Math.floor(min / width) * width;
    int regular = (int) Math.floor((top - lower) / width) + 1;
    boolean overflow = lower + regular * width <= max;
    int bins = regular + (overflow ? 1 : 0);
    long[] counts = new long[bins];
    for (double s : samples) {
      int i = (int) Math.floor((s - lower) / width);
      counts[Math.min(bins - 1, Math.max(0, i))]++;
    }
    return new Histogram(lower, width, counts, integer, overflow);
  }

  /** The smallest of 1, 2, 5 times a power of ten at least {@code raw} (at least 1 for integers). */
  static double niceWidth(double raw, boolean integer) {
    if (integer && raw <= 1) {
      return 1;
    }
    if (raw <= 0) {
      return 1;
    }
    double p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * p >= raw) {
        return m * p;
      }
    }
    return 10 * p;
  }

  /** Samples counted. */
  public long total() {
    long t = 0;
    for (long c : counts) {
      t += c;
    }
    return t;
  }

  /** The bins' labels: the value for unit integer bins, else the lower end of each bin. */
  public List<String> labels() {
    List<String> out = new ArrayList<>(counts.length);
    for (int i = 0; i < counts.length; i++) {
      double lo = lower + i * width;
      String label = integer && width == 1 ? Long.toString(Math.round(lo))
          : new BigDecimal(lo).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
      out.add(overflow && i == counts.length - 1 ? "\u2265 " + label : label);
    }
    return out;
  }

  /** The histogram as a bar chart of one series, named {@code seriesName}. */
  public BarChart chart(String title, String xLabel, String seriesName) {
    double[] v = new double[counts.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = counts[i];
    }
    return new BarChart(title, xLabel + (integer && width == 1 ? "" : " (bin's lower end)"), "operations",
        labels(), List.of(new BarChart.Bars(seriesName, v)), false);
  }
}
