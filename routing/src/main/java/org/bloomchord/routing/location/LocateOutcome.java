package org.bloomchord.routing.location;

/** How a {@code locate} ended. */
public enum LocateOutcome {
  /** The asking peer holds the object itself. */
  LOCAL,
  /** The probabilistic phase reached a holder by following link filters. */
  PROBABILISTIC,
  /** The deterministic path (pointer in the Chord store, then the holder) found a live holder. */
  FALLBACK,
  /** No live holder exists: the directory names none, or none of those it names holds the object. */
  NOT_FOUND,
  /** The deterministic path itself failed (the Chord lookup or every pointer replica timed out). */
  FAILED;

  /** Whether a live holder was reached (locally, probabilistically or on the fallback path). */
  public boolean found() {
    return this == LOCAL || this == PROBABILISTIC || this == FALLBACK;
  }
}
