package org.bloomchord.routing.heavy;

import org.bloomchord.routing.bloom.BloomShape;

/**
 * Settings of hot-key relief, defaults in {@link #defaults()}: an owner counts get requests per key
 * in a {@link HeavyHitterDetector} of {@code shape} whose window is one second, so
 * {@code thresholdPerSecond} is requests per second; a key at or over it is answered with a lease
 * of {@code leaseMs}. {@code maxLeasedKeys} and {@code maxHoldersPerKey} bound the
 * table of copies a peer handed out ({@link LeaseHolders}) and {@code maxCachedKeys} its own copies
 * ({@link LeaseCache}), all per peer. {@code budgetPerSecond} is how many gets of other peers a
 * peer answers per second from a leased key before it hands further gets of that key to the peers
 * it leased it to (0: no budget, it answers all).
 */
public record HotKeyOptions(long thresholdPerSecond, long leaseMs, BloomShape shape, UpdateRule rule,
    int maxLeasedKeys, int maxHoldersPerKey, int maxCachedKeys, long budgetPerSecond) {

  /** Length of the counting window: thresholds are per second. */
  public static final long WINDOW_MS = 1_000;

  /** Validates the ranges. */
  public HotKeyOptions {
    if (thresholdPerSecond < 1) {
      throw new IllegalArgumentException("hot-key threshold must be at least 1/s");
    }
    if (leaseMs < 1) {
      throw new IllegalArgumentException("hot-key lease must be positive");
    }
    if (maxLeasedKeys < 1 || maxHoldersPerKey < 1 || maxCachedKeys < 1) {
      throw new IllegalArgumentException("hot-key table sizes must be positive");
    }
    if (budgetPerSecond < 0) {
      throw new IllegalArgumentException("hot-key serving budget must be 0 (none) or positive");
    }
  }

  /** The options of earlier versions, with no serving budget. */
  public HotKeyOptions(long thresholdPerSecond, long leaseMs, BloomShape shape, UpdateRule rule, int maxLeasedKeys,
      int maxHoldersPerKey, int maxCachedKeys) {
    this(thresholdPerSecond, leaseMs, shape, rule, maxLeasedKeys, maxHoldersPerKey, maxCachedKeys, 0);
  }

  /**
   * 2/s, a 10 s lease, 4,096 counters x 4 probes, conservative update, 1,024 keys handed out with
   * up to 64 holders each, 1,024 copies held, a budget of 2 answers per second for other peers.
   */
  public static HotKeyOptions defaults() {
    return new HotKeyOptions(2, 10_000, new BloomShape(4_096, 4), UpdateRule.CONSERVATIVE, 1_024, 64, 1_024, 2);
  }

  /** These options with another threshold and lease. */
  public HotKeyOptions with(long threshold, long lease) {
    return new HotKeyOptions(threshold, lease, shape, rule, maxLeasedKeys, maxHoldersPerKey, maxCachedKeys,
        budgetPerSecond);
  }

  /** These options with another serving budget (0: none). */
  public HotKeyOptions withBudget(long perSecond) {
    return new HotKeyOptions(thresholdPerSecond, leaseMs, shape, rule, maxLeasedKeys, maxHoldersPerKey, maxCachedKeys,
        perSecond);
  }
}
