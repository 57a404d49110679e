package org.bloomchord.routing.heavy;

import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.PeerRef;

/**
 * The owner's side of hot-key relief: counts the gets it answers per key in a
 * {@link HeavyHitterDetector} (fixed memory, windows of {@link HotKeyOptions#WINDOW_MS}) and, for a
 * key whose count reaches the threshold, grants the asking peer a lease, recorded in its
 * {@link LeaseHolders} so that a put can push its new version to it. Not thread-safe; owned by one peer.
 */
public final class LeaseTable {

  private final HotKeyOptions options;
  private final HeavyHitterDetector detector;
  private final LeaseHolders holders;
  private long served;
  private long granted;
  private long refusedFull;

  /** An empty table at clock {@code nowMs}. */
  public LeaseTable(HotKeyOptions options, LeaseHolders holders, long nowMs) {
    this.options = options;
    this.holders = holders;
    this.detector = new HeavyHitterDetector(options.shape(), options.rule(), options.thresholdPerSecond(),
        HotKeyOptions.WINDOW_MS, nowMs);
  }

  /**
   * Counts one get of {@code key} (ring id {@code keyId}) from {@code asker} answered by the owner
   * at {@code nowMs} with {@code version}; returns the lease to attach in milliseconds, 0 for none
   * (not hot, the asker null (the owner's own read) or not to be recorded (it keeps no copy), or
   * the holder table full).
   */
  public long onGet(String key, long keyId, PeerRef asker, boolean record, Version version, long nowMs) {
    served++;
    if (!detector.count(keyId, nowMs) || asker == null) {
      return 0;
    }
    if (!record) {
      granted++;
      return options.leaseMs();
    }
    // the asker counts its lease from when it sent the get, which is no later than now
    if (!holders.record(key, asker, nowMs + options.leaseMs(), version, nowMs)) {
      refusedFull++;
      return 0;
    }
    granted++;
    return options.leaseMs();
  }

  /**
   * Counts one get of {@code keyId} at {@code nowMs} that the owner hands to one of its lease
   * holders instead of answering; returns whether the key is hot.
   */
  public boolean observe(long keyId, long nowMs) {
    return detector.count(keyId, nowMs);
  }

  /** Gets this owner answered. */
  public long served() {
    return served;
  }

  /** Leases granted. */
  public long granted() {
    return granted;
  }

  /** Hot gets not leased because the holder table was full. */
  public long refusedFull() {
    return refusedFull;
  }

  /**
   * The owner's estimate of the gets of {@code keyId} counted in the current and previous window at
   * {@code nowMs}, without counting one: a key is hot while this is at least {@link #threshold()}.
   */
  public int estimate(long keyId, long nowMs) {
    return detector.estimate(keyId, nowMs);
  }

  /** Gets per window at which a key is hot. */
  public long threshold() {
    return detector.threshold();
  }
}
