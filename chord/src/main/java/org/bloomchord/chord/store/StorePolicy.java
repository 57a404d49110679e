package org.bloomchord.chord.store;

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
 */
public record StorePolicy(int writeQuorum, long maxClockAheadMs, long tombstoneGraceMs) {

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
  }

  /** The defaults for {@code replicas} copies of each key: a majority write quorum. */
  public static StorePolicy of(int replicas) {
    if (replicas < 1) {
      throw new IllegalArgumentException("replicas must be at least 1, got " + replicas);
    }
    return new StorePolicy(replicas / 2 + 1, DEFAULT_MAX_CLOCK_AHEAD_MS, DEFAULT_TOMBSTONE_GRACE_MS);
  }

  /** This policy with another write quorum. */
  public StorePolicy withWriteQuorum(int quorum) {
    return new StorePolicy(quorum, maxClockAheadMs, tombstoneGraceMs);
  }

  /** This policy with another tombstone grace period. */
  public StorePolicy withTombstoneGraceMs(long ms) {
    return new StorePolicy(writeQuorum, maxClockAheadMs, ms);
  }
}
