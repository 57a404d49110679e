package org.bloomchord.experiments.metrics;

/**
 * The warm-up boundary shared by the recorders of one run: an observation made at a time before
 * {@link #startMs()} does not count. Times are milliseconds of the runtime's clock (virtual in the
 * simulator). The start may be moved while peers report (each churn or workload phase may start
 * its own warm-up); readers see the new start at once.
 */
public final class MeasurementWindow {

  private volatile long startMs;

  /** A window counting from {@code startMs} on. */
  public MeasurementWindow(long startMs) {
    this.startMs = startMs;
  }

  /** A window that counts everything. */
  public static MeasurementWindow always() {
    return new MeasurementWindow(Long.MIN_VALUE);
  }

  /** The first counted time in milliseconds. */
  public long startMs() {
    return startMs;
  }

  /** Moves the start: observations before {@code startMs} stop counting from now on. */
  public void startAt(long startMs) {
    this.startMs = startMs;
  }

  /** Whether an observation made at {@code atMs} counts. */
  public boolean includes(long atMs) {
    return atMs >= startMs;
  }
}
