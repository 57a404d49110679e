package org.bloomchord.experiments.metrics;

/** How a locate found (or did not find) a holder of the object. */
public enum LocateOutcome {
  /** The querying peer holds the object. */
  LOCAL,
  /** The attenuated-filter phase reached a holder. */
  PROBABILISTIC,
  /** The Chord fallback (pointer lookup, then holder) reached a holder. */
  FALLBACK,
  /** No holder was reached. */
  NOT_FOUND;

  /** Whether a holder was reached. */
  public boolean found() {
    return this != NOT_FOUND;
  }
}
