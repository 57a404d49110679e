package org.bloomchord.routing.heavy;

import org.bloomchord.routing.bloom.BloomShape;

/**
 * Flags the items whose count in the current window (plus the previous one) reaches a threshold T,
 * in fixed memory: a {@link WindowedCountingFilter} that rotates every {@code windowMs}. Every item
 * whose true count reaches T is flagged (no false negatives); some below it are flagged too
 * (false positives, fewer with {@link UpdateRule#CONSERVATIVE}). The caller supplies the clock, so
 * the detector runs the same in the simulator and on Vert.x. Not thread-safe; owned by one peer.
 */
public final class HeavyHitterDetector {

  private final WindowedCountingFilter filter;
  private final long threshold;
  private final long windowMs;
  private long windowStart;

  /**
   * @param shape counters per generation and probes
   * @param rule plain or conservative update
   * @param threshold T, at least 1
   * @param windowMs length of a window, at least 1
   * @param nowMs the clock at the start
   */
  public HeavyHitterDetector(BloomShape shape, UpdateRule rule, long threshold, long windowMs, long nowMs) {
    if (threshold < 1 || windowMs < 1) {
      throw new IllegalArgumentException("threshold and window must be positive");
    }
    this.filter = new WindowedCountingFilter(shape, rule);
    this.threshold = threshold;
    this.windowMs = windowMs;
    this.windowStart = nowMs;
  }

  /** Counts one occurrence of {@code item} at {@code nowMs}; returns whether it is now a heavy hitter. */
  public boolean count(long item, long nowMs) {
    advance(nowMs);
    return filter.add(item, 1) >= threshold;
  }

  /** Whether {@code item} is a heavy hitter at {@code nowMs}, without counting it. */
  public boolean isHeavy(long item, long nowMs) {
    advance(nowMs);
    return filter.estimate(item) >= threshold;
  }

  /**
   * The estimate of {@code item} at {@code nowMs} (its count over the current and previous window,
   * never below the true count), without counting it: what {@link #count} compares with the threshold.
   */
  public int estimate(long item, long nowMs) {
    advance(nowMs);
    return filter.estimate(item);
  }

  private void advance(long nowMs) {
    if (nowMs - windowStart >= 2 * windowMs) {
      // two windows or more went by unseen: both generations are out of date
      filter.rotate();
      filter.rotate();
      windowStart = nowMs - (nowMs - windowStart) % windowMs;
    } else if (nowMs - windowStart >= windowMs) {
      filter.rotate();
      windowStart += windowMs;
    }
  }

  /** The threshold T. */
  public long threshold() {
    return threshold;
  }

  /** Bytes of the counters: fixed whatever the number of items. */
  public long memoryBytes() {
    return filter.memoryBytes();
  }
}
