package org.bloomchord.experiments.runner.ops;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Get, put and publish counts of one run.
 *
 * @param gets gets counted
 * @param getsFound gets that found a live value
 * @param getsMissing gets of a stored key that found none
 * @param getsFailed gets without an answer
 * @param puts puts counted
 * @param putsStored puts the key's primary stored
 * @param putsFailed puts that failed
 * @param notIssued operations not issued because no peer was on the ring
 * @param publishesFailed holders whose publications the directory did not all acknowledge (they
 *     keep the objects; their lease renewal keeps trying)
 */
@JsonPropertyOrder({"gets", "getsFound", "getsMissing", "getsFailed", "puts", "putsStored", "putsFailed", "notIssued",
    "publishesFailed"})
public record OperationCounts(long gets, long getsFound, long getsMissing, long getsFailed, long puts, long putsStored,
    long putsFailed, long notIssued, long publishesFailed) {

  /** Gets of stored keys that did not return the value, as a fraction of gets (NaN without gets). */
  public double getFailureFraction() {
    return gets == 0 ? Double.NaN : (double) (getsMissing + getsFailed) / gets;
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link OperationCounts} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private long gets;
    private long getsFound;
    private long getsMissing;
    private long getsFailed;
    private long puts;
    private long putsStored;
    private long putsFailed;
    private long notIssued;
    private long publishesFailed;

    private Builder() {
    }

    /** Sets {@link OperationCounts#gets()}. */
    public Builder gets(long value) {
      gets = value;
      return this;
    }

    /** Sets {@link OperationCounts#getsFound()}. */
    public Builder getsFound(long value) {
      getsFound = value;
      return this;
    }

    /** Sets {@link OperationCounts#getsMissing()}. */
    public Builder getsMissing(long value) {
      getsMissing = value;
      return this;
    }

    /** Sets {@link OperationCounts#getsFailed()}. */
    public Builder getsFailed(long value) {
      getsFailed = value;
      return this;
    }

    /** Sets {@link OperationCounts#puts()}. */
    public Builder puts(long value) {
      puts = value;
      return this;
    }

    /** Sets {@link OperationCounts#putsStored()}. */
    public Builder putsStored(long value) {
      putsStored = value;
      return this;
    }

    /** Sets {@link OperationCounts#putsFailed()}. */
    public Builder putsFailed(long value) {
      putsFailed = value;
      return this;
    }

    /** Sets {@link OperationCounts#notIssued()}. */
    public Builder notIssued(long value) {
      notIssued = value;
      return this;
    }

    /** Sets {@link OperationCounts#publishesFailed()}. */
    public Builder publishesFailed(long value) {
      publishesFailed = value;
      return this;
    }

    /** The record. */
    public OperationCounts build() {
      return new OperationCounts(gets, getsFound, getsMissing, getsFailed, puts, putsStored,
          putsFailed, notIssued, publishesFailed);
    }
  }
}
