package org.bloomchord.chord.store;

/** How a get ended. */
public enum ReadOutcome {
  /** A live value was found. */
  FOUND,
  /** The replicas answered and none holds a live value (absent, or deleted). */
  NOT_FOUND,
  /** No replica answered within the allowed attempts. */
  FAILED
}
