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

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link ReconcileResult} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private ReconcileMethod requested;
    private ReconcileMethod method;
    private Direction direction;
    private Outcome outcome;
    private int received;
    private int sent;
    private long bytes;
    private int messages;
    private int rounds;
    private long encodeNanos;
    private long decodeNanos;
    private long estimate;
    private long units;
    private double jaccard;

    private Builder() {
    }

    /** Sets {@link ReconcileResult#requested()}. */
    public Builder requested(ReconcileMethod value) {
      requested = value;
      return this;
    }

    /** Sets {@link ReconcileResult#method()}. */
    public Builder method(ReconcileMethod value) {
      method = value;
      return this;
    }

    /** Sets {@link ReconcileResult#direction()}. */
    public Builder direction(Direction value) {
      direction = value;
      return this;
    }

    /** Sets {@link ReconcileResult#outcome()}. */
    public Builder outcome(Outcome value) {
      outcome = value;
      return this;
    }

    /** Sets {@link ReconcileResult#received()}. */
    public Builder received(int value) {
      received = value;
      return this;
    }

    /** Sets {@link ReconcileResult#sent()}. */
    public Builder sent(int value) {
      sent = value;
      return this;
    }

    /** Sets {@link ReconcileResult#bytes()}. */
    public Builder bytes(long value) {
      bytes = value;
      return this;
    }

    /** Sets {@link ReconcileResult#messages()}. */
    public Builder messages(int value) {
      messages = value;
      return this;
    }

    /** Sets {@link ReconcileResult#rounds()}. */
    public Builder rounds(int value) {
      rounds = value;
      return this;
    }

    /** Sets {@link ReconcileResult#encodeNanos()}. */
    public Builder encodeNanos(long value) {
      encodeNanos = value;
      return this;
    }

    /** Sets {@link ReconcileResult#decodeNanos()}. */
    public Builder decodeNanos(long value) {
      decodeNanos = value;
      return this;
    }

    /** Sets {@link ReconcileResult#estimate()}. */
    public Builder estimate(long value) {
      estimate = value;
      return this;
    }

    /** Sets {@link ReconcileResult#units()}. */
    public Builder units(long value) {
      units = value;
      return this;
    }

    /** Sets {@link ReconcileResult#jaccard()}. */
    public Builder jaccard(double value) {
      jaccard = value;
      return this;
    }

    /** The record. */
    public ReconcileResult build() {
      return new ReconcileResult(requested, method, direction, outcome, received, sent, bytes,
          messages, rounds, encodeNanos, decodeNanos, estimate, units, jaccard);
    }
  }
}
