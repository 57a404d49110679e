package org.bloomchord.overlay;

import java.util.random.RandomGenerator;

/**
 * The intervals of a jittered periodic timer ({@link PeerRuntime#every}), shared by both runtimes:
 * uniform over the whole milliseconds of {@code periodMs * [1 - jitter, 1 + jitter]}, never below 1.
 */
public final class Jitter {

  private Jitter() {
  }

  /** Refuses a period below 1 ms or a jitter outside [0, 1). */
  public static void check(long periodMs, double jitter) {
    if (periodMs <= 0) {
      throw new IllegalArgumentException("period must be > 0 ms: " + periodMs);
    }
    if (!(jitter >= 0 && jitter < 1)) {
      throw new IllegalArgumentException("jitter must be in [0, 1): " + jitter);
    }
  }

  /** One interval; draws nothing when {@code jitter} is 0. */
  public static long interval(long periodMs, double jitter, RandomGenerator random) {
    if (jitter == 0) {
      return periodMs;
    }
    long lo = Math.max(1, (long) Math.ceil(periodMs * (1 - jitter)));
    long hi = Math.max(lo, (long) Math.floor(periodMs * (1 + jitter)));
    return lo + random.nextLong(hi - lo + 1);
  }

  /**
   * A random phase of a period: a delay uniform over the whole milliseconds of [1, periodMs], for
   * the first run of a periodic task on a peer that starts in a ring already running.
   */
  public static long phase(long periodMs, RandomGenerator random) {
    return 1 + Math.min(periodMs - 1, (long) (random.nextDouble() * periodMs));
  }
}
