package org.bloomchord.chord.store;

/** How a put or delete ended. */
public enum WriteOutcome {
  /** The key's primary stored the value (or tombstone) and assigned its version. */
  STORED,
  /** No primary accepted the write within the allowed attempts. */
  FAILED,
  /**
   * A primary stored the write but fewer copies than the write quorum confirmed it within the
   * allowed attempts: not acknowledged; replica repair may still spread it, or a crash lose it.
   */
  UNCONFIRMED
}
