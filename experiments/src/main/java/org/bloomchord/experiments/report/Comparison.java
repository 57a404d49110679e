package org.bloomchord.experiments.report;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * One row of a "published vs measured" table. With several seeds the measured value is their mean,
 * with a two-sided 95% Student-t interval of the mean; with one run the interval is that value.
 *
 * @param setting the point compared (e.g. {@code N = 1024}, {@code p = 0.2})
 * @param metric what is compared (e.g. {@code mean path length})
 * @param published the published value
 * @param measured the value measured (the mean over the runs)
 * @param low lower end of the 95% interval of the mean
 * @param high upper end of the 95% interval of the mean
 * @param runs runs (seeds) behind the measured value
 */
public record Comparison(String setting, String metric, double published, double measured, double low, double high,
    int runs) {

  /** A comparison with one run. */
  public Comparison(String setting, String metric, double published, double measured) {
    this(setting, metric, published, measured, measured, measured, 1);
  }

  /** A comparison of the mean of {@code values} (one per seed), with its 95% interval. */
  public static Comparison ofRuns(String setting, String metric, double published, double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no measured value for " + setting);
    }
    double mean = Arrays.stream(values).average().orElseThrow();
    if (values.length == 1) {
      return new Comparison(setting, metric, published, mean);
    }
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(ss / (values.length - 1));
    double half = new TDistribution(values.length - 1).inverseCumulativeProbability(0.975) * sd
        / Math.sqrt(values.length);
    return new Comparison(setting, metric, published, mean, mean - half, mean + half, values.length);
  }

  /** measured / published, or NaN when the published value is 0. */
  public double ratio() {
    return published == 0 ? Double.NaN : measured / published;
  }
}
