package org.bloomchord.experiments.metrics;

/** How a lookup ended, judged against the oracle when it completed. */
public enum LookupOutcome {
  /** The answer is the key's live successor by the oracle. */
  CORRECT,
  /** An answer came, but it names another peer. */
  INCORRECT,
  /** No answer: timeout or error. */
  FAILED
}
