package org.bloomchord.routing.reconcile;

import java.util.Objects;

/**
 * What a peer learnt by decoding an IBLT difference or a rateless symbol stream, from its own point
 * of view.
 *
 * @param outcome whether the whole difference was recovered ({@link Outcome#DECODED}) or decoding
 *     got stuck ({@link Outcome#INCOMPLETE}; the sets below are then partial)
 * @param missingHere elements the remote peer holds and this peer lacks
 * @param missingThere elements this peer holds and the remote peer lacks
 */
public record Difference(Outcome outcome, ElementSet missingHere, ElementSet missingThere) {

  /** How decoding ended. */
  public enum Outcome {
    /** Every differing element was recovered. */
    DECODED,
    /** Peeling stopped before the difference was empty: a larger table or more symbols are needed. */
    INCOMPLETE
  }

  public Difference {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(missingHere, "missingHere");
    Objects.requireNonNull(missingThere, "missingThere");
  }

  /** Whether the whole difference was recovered. */
  public boolean decoded() {
    return outcome == Outcome.DECODED;
  }

  /** Number of differing elements recovered. */
  public int size() {
    return missingHere.size() + missingThere.size();
  }
}
