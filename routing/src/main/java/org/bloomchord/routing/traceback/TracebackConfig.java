package org.bloomchord.routing.traceback;

/**
 * Settings of traceback, validated on construction; {@link #defaults()} holds the default of every
 * setting.
 *
 * @param windowMs length of one digest window (default 10 000 ms)
 * @param windows windows kept, the current one included (default 6): digests are kept for between
 *     (windows - 1) and windows window lengths, the retention
 * @param falsePositiveRate target false-positive rate of each window's filter (default 0.001)
 * @param initialRate messages per second a new peer sizes its first window for (default 50); later
 *     windows are sized from the rate of the window before, with {@link #SIZING_HEADROOM}
 * @param queriesPerWindow traceback queries one asker may have answered per window (default 256);
 *     more are refused
 * @param maxLinksPerWindow distinct peers remembered per window as candidate upstream links
 *     (default 1024); a peer heard from beyond it is not a candidate in that window
 */
public record TracebackConfig(long windowMs, int windows, double falsePositiveRate, double initialRate,
    int queriesPerWindow, int maxLinksPerWindow) {

  /** Factor by which a window's filter is sized above the rate of the window before. */
  public static final double SIZING_HEADROOM = 1.5;

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
    return new TracebackConfig(10_000, 6, 0.001, 50, 256, 1024);
  }

  /** A copy with other windows. */
  public TracebackConfig withWindows(long lengthMs, int count) {
    return new TracebackConfig(lengthMs, count, falsePositiveRate, initialRate, queriesPerWindow, maxLinksPerWindow);
  }

  /** A copy with another false-positive rate. */
  public TracebackConfig withFalsePositiveRate(double p) {
    return new TracebackConfig(windowMs, windows, p, initialRate, queriesPerWindow, maxLinksPerWindow);
  }

  /** How long digests are kept at least: (windows - 1) window lengths. */
  public long retentionMs() {
    return (windows - 1) * windowMs;
  }
}
