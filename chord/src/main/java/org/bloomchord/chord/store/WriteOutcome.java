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
  UNCONFIRMED,
  /**
   * The primary refused the write without storing it (the store's minority refusal: the key's
   * stable primary or a majority of its stable replicas are out of reach): not acknowledged, no effect.
   */
  REFUSED
}
