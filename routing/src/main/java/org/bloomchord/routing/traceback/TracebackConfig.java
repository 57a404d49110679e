package org.bloomchord.routing.traceback;

/**
 * Settings of traceback, validated on construction; {@link #defaults()} holds the default of every
 * setting.
 *
 * @param windowMs longest time one digest filter covers, from its first entry (default 10 000 ms);
 *     a filter is retired at this age or earlier, when it holds the entries it was sized for
 * @param windows filters kept, the current one included (default 6): the memory bound; digests are
 *     kept for what the filters cover, at most (windows - 1) to windows window lengths, less when
 *     the load outgrows the filters' sizing (see {@link DigestLog})
 * @param falsePositiveRate target false-positive rate of each filter at its capacity (default 0.001)
 * @param initialRate messages per second a new peer sizes its first filter for (default 10); later
 *     filters are sized from the rate the filter before saw, times the window length
 * @param queriesPerWindow traceback queries one asker may have answered per window (default 256);
 *     more are refused
 * @param maxLinksPerWindow distinct peers remembered per window as candidate upstream links
 *     (default 1024); a peer heard from beyond it is not a candidate in that window
 */
public record TracebackConfig(long windowMs, int windows, double falsePositiveRate, double initialRate,
    int queriesPerWindow, int maxLinksPerWindow) {

  public TracebackConfig {
    if (windowMs < 1 || windows < 1 || windows > 1024) {
      throw new IllegalArgumentException("windows must be 1..1024 of positive length: " + windows + " x " + windowMs);
    }
    if (!(falsePositiveRate > 0 && falsePositiveRate < 1)) {
      throw new IllegalArgumentException("falsePositiveRate must be in (0, 1): " + falsePositiveRate);
    }
    if (!(initialRate > 0) || queriesPerWindow < 1 || maxLinksPerWindow < 1) {
      throw new IllegalArgumentException("initialRate, queriesPerWindow and maxLinksPerWindow must be positive");
    }
  }

  /** The documented defaults. */
  public static TracebackConfig defaults() {
    return new TracebackConfig(10_000, 6, 0.001, 10, 256, 1024);
  }

  /** A copy with other windows. */
  public TracebackConfig withWindows(long lengthMs, int count) {
    return new TracebackConfig(lengthMs, count, falsePositiveRate, initialRate, queriesPerWindow, maxLinksPerWindow);
  }

  /** A copy with another false-positive rate. */
  public TracebackConfig withFalsePositiveRate(double p) {
    return new TracebackConfig(windowMs, windows, p, initialRate, queriesPerWindow, maxLinksPerWindow);
  }

  /**
   * How long digests are kept at the rate the filters were sized for: (windows - 1) window
   * lengths. Under a higher load filters fill before their time ends and the retention is shorter
   * (about (windows - 1) x capacity / rate, see {@link DigestLog}).
   */
  public long retentionMs() {
    return (windows - 1) * windowMs;
  }
}
