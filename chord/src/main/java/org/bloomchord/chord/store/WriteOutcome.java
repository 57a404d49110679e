package org.bloomchord.chord.store;

/** How a put or delete ended. */
public enum WriteOutcome {
  /** The key's primary stored the value (or tombstone) and assigned its version. */
  STORED,
  /** No primary accepted the write within the allowed attempts. */
  FAILED
}
