package org.bloomchord.chord.store;

import org.bloomchord.chord.ChordConfig;

/**
 * The guarantees a peer's replicated store gives, and what they cost. Validated; {@link #of} gives
 * the documented defaults for a replica count.
 *
 * @param writeQuorum copies (the primary's included) that must hold a put or delete before it is
 *     acknowledged, 1..replicas (default a majority: replicas / 2 + 1). A ring with fewer peers
 *     than this acknowledges once every peer holds the write
 * @param maxClockAheadMs how far the physical part of a version received from another peer may lie
 *     ahead of this peer's clock (default 60 000); a transfer carrying a version further ahead is
 *     rejected as malformed, so no peer can push a key's version beyond what honest writers reach
 * @param tombstoneGraceMs how long a delete's tombstone is kept after the delete, measured on the
 *     version's physical clock, before it is collected (default 3 600 000: one hour); a replica
 *     that was away longer than this may bring a deleted value back
 * @param readQuorum replicas a get asks at once and waits for, 1..replicas (default 1: the primary,
 *     then the replicas in ring order while they lack the key); with more, the newest version among
 *     the answers is returned and pushed to the replicas that answered with an older one or none
 */
public record StorePolicy(int writeQuorum, long maxClockAheadMs, long tombstoneGraceMs, int readQuorum) {

  /** Default {@link #maxClockAheadMs}. */
  public static final long DEFAULT_MAX_CLOCK_AHEAD_MS = 60_000;
  /** Default {@link #tombstoneGraceMs}. */
  public static final long DEFAULT_TOMBSTONE_GRACE_MS = 3_600_000;

  public StorePolicy {
    if (writeQuorum < 1) {
      throw new IllegalArgumentException("writeQuorum must be at least 1, got " + writeQuorum);
    }
    if (maxClockAheadMs < 0 || maxClockAheadMs > Version.MAX_PHYSICAL_MS) {
      throw new IllegalArgumentException("maxClockAheadMs must be in 0.." + Version.MAX_PHYSICAL_MS + ", got "
          + maxClockAheadMs);
    }
    if (tombstoneGraceMs < 0) {
      throw new IllegalArgumentException("tombstoneGraceMs must not be negative, got " + tombstoneGraceMs);
    }
    if (readQuorum < 1) {
      throw new IllegalArgumentException("readQuorum must be at least 1, got " + readQuorum);
    }
  }

  /** The defaults, with the quorums of {@code config} ({@link ChordConfig#writeQuorum()}, {@link ChordConfig#readQuorum()}). */
  public static StorePolicy of(ChordConfig config) {
    return new StorePolicy(config.writeQuorum(), DEFAULT_MAX_CLOCK_AHEAD_MS, DEFAULT_TOMBSTONE_GRACE_MS,
        config.readQuorum());
  }

  /** This policy with another read quorum. */
  public StorePolicy withReadQuorum(int quorum) {
    return new StorePolicy(writeQuorum, maxClockAheadMs, tombstoneGraceMs, quorum);
  }

  /** This policy with another write quorum. */
  public StorePolicy withWriteQuorum(int quorum) {
    return new StorePolicy(quorum, maxClockAheadMs, tombstoneGraceMs, readQuorum);
  }

  /** This policy with another tombstone grace period. */
  public StorePolicy withTombstoneGraceMs(long ms) {
    return new StorePolicy(writeQuorum, maxClockAheadMs, ms, readQuorum);
  }
}
