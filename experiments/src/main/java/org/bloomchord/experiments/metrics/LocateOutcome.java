package org.bloomchord.experiments.metrics;

/** How a locate found (or did not find) a holder of the object. */
public enum LocateOutcome {
  /** The querying peer holds the object. */
  LOCAL,
  /** The attenuated-filter phase reached a holder. */
  PROBABILISTIC,
  /** The Chord fallback (pointer lookup, then holder) reached a holder. */
  FALLBACK,
  /** The answer was "no live holder". */
  NOT_FOUND,
  /** No answer: the deterministic path itself failed or the locate timed out. */
  FAILED;

  /** Whether a holder was reached. */
  public boolean found() {
    return this == LOCAL || this == PROBABILISTIC || this == FALLBACK;
  }
}
