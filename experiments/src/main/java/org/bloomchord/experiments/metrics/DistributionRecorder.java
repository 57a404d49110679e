package org.bloomchord.experiments.metrics;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A thread-safe histogram of non-negative observations (hops, latencies) made inside a
 * {@link MeasurementWindow}, on HdrHistogram with three significant digits. Values are stored as
 * integers of a fixed resolution: {@link #counts} keeps whole numbers exactly (hops),
 * {@link #millis} keeps milliseconds to the microsecond. Percentiles are therefore exact for
 * values below 2048 units and within 0.1% above.
 */
public final class DistributionRecorder {

  private final MeasurementWindow window;
  private final double unitsPerValue;
  private final ConcurrentHistogram histogram = new ConcurrentHistogram(3);

  private DistributionRecorder(MeasurementWindow window, double unitsPerValue) {
    this.window = window;
    this.unitsPerValue = unitsPerValue;
  }

  /** A recorder of whole numbers such as hop counts. */
  public static DistributionRecorder counts(MeasurementWindow window) {
    return new DistributionRecorder(window, 1.0);
  }

  /** A recorder of milliseconds with microsecond resolution. */
  public static DistributionRecorder millis(MeasurementWindow window) {
    return new DistributionRecorder(window, 1000.0);
  }

  /**
   * Records {@code value} observed at {@code atMs}; ignored before the window's start.
   *
   * @throws IllegalArgumentException if value is negative or not finite
   */
  public void record(long atMs, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("value must be finite and >= 0, was " + value);
    }
    if (window.includes(atMs)) {
      histogram.recordValue(Math.round(value * unitsPerValue));
    }
  }

  /** Number of samples recorded so far. */
  public long count() {
    return histogram.getTotalCount();
  }

  /** A consistent snapshot of what was recorded so far. */
  public Distribution snapshot() {
    Histogram h = histogram.copy();
    if (h.getTotalCount() == 0) {
      return Distribution.EMPTY;
    }
    return new Distribution(h.getTotalCount(), h.getMean() / unitsPerValue,
        value(h, 1), value(h, 50), value(h, 99), h.getMaxValue() / unitsPerValue);
  }

  private double value(Histogram h, double percentile) {
    return h.getValueAtPercentile(percentile) / unitsPerValue;
  }
}
