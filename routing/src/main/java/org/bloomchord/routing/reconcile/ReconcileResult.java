package org.bloomchord.routing.reconcile;

import java.util.Objects;

/**
 * What one reconciliation did, as its initiator saw it.
 *
 * @param requested the method asked for
 * @param method the method run ({@code auto} resolves to another)
 * @param direction whether only the initiator was brought up to date, or both peers
 * @param outcome how it ended
 * @param received elements added to the initiator's set
 * @param sent elements sent to the responder (pushed, or the whole set for {@code set})
 * @param bytes encoded frame bytes of every request and reply, both ways
 * @param messages requests plus replies
 * @param rounds request/reply round trips
 * @param encodeNanos time the initiator spent building what it sent or compared (filters, sketches,
 *     estimators, its own tables and symbols)
 * @param decodeNanos time the initiator spent decoding (filter tests, peeling, checking)
 * @param estimate the estimated difference (strata or MinHash), -1 when none was made
 * @param units IBLT cells or rateless symbols of the decoded difference, 0 for other methods
 * @param jaccard the MinHash Jaccard estimate of {@code auto}, NaN otherwise
 */
public record ReconcileResult(
    ReconcileMethod requested,
    ReconcileMethod method,
    Direction direction,
    Outcome outcome,
    int received,
    int sent,
    long bytes,
    int messages,
    int rounds,
    long encodeNanos,
    long decodeNanos,
    long estimate,
    long units,
    double jaccard) {

  /** How a reconciliation ended. */
  public enum Outcome {
    /** The difference was recovered completely (and, both ways, the responder got its part). */
    EXACT,
    /** Done with a method that may miss elements (Bloom); how many is unknown to the peers. */
    APPROXIMATE,
    /** The exact methods gave up (table or symbol limits reached); no set was changed. */
    FAILED
  }

  /** Which side is brought up to date. */
  public enum Direction {
    /** Only the initiator learns what it lacks. */
    PULL,
    /** Both peers end with the union. */
    BOTH
  }

  public ReconcileResult {
    Objects.requireNonNull(requested, "requested");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(direction, "direction");
    Objects.requireNonNull(outcome, "outcome");
  }

  /** Whether the reconciliation is known to be complete. */
  public boolean exact() {
    return outcome == Outcome.EXACT;
  }
}
