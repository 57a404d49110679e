package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code load} section (with a scenario's {@code chord.hotKeys}): how the gets that peers
 * answered spread over the peers alive at the end of the run, and what hot-key relief did
 * (docs/architecture/hot-keys.md). A peer "serves" a get when it answers it with the entry, as the
 * key's owner or from a leased copy (its own reads from its own copy included); handing a get on
 * is not serving.
 *
 * @param served gets each peer served over the run: mean, 1st and 99th percentile, max
 * @param servedMaxOverMean the busiest peer's served gets over the mean (0 when none were served)
 * @param servedP99OverMean the 99th percentile over the mean (0 when none were served)
 * @param asOwner gets answered by a key's owner from its store, summed over the peers
 * @param asReplica gets answered by a replica for an owner that had answered its budget, summed
 * @param fromCopy gets answered from a leased copy, summed over the peers
 * @param delegated gets handed to a lease holder by a peer that had answered its budget
 * @param toReplicas gets an owner over its budget had one of its replicas answer
 * @param forwarded gets passed on towards a key's owner
 * @param leasesGranted leases owners granted
 * @param updates pushes of a put's new version to lease holders before the put was acknowledged
 * @param readsFailed reads through relief that failed on the way (a hop did not answer)
 */
@JsonPropertyOrder({"served", "servedMaxOverMean", "servedP99OverMean", "asOwner", "asReplica", "fromCopy", "delegated",
    "toReplicas", "forwarded",
    "leasesGranted", "updates", "readsFailed"})
public record LoadStats(Load served, double servedMaxOverMean, double servedP99OverMean, long asOwner, long asReplica,
    long fromCopy, long delegated, long toReplicas, long forwarded, long leasesGranted, long updates,
    long readsFailed) {

  public LoadStats {
    Finite.check("servedMaxOverMean", servedMaxOverMean);
    Finite.check("servedP99OverMean", servedP99OverMean);
  }

  /** Relief's counters summed over the peers, for {@link #of}. */
  public record Relief(long asOwner, long asReplica, long fromCopy, long delegated, long toReplicas, long forwarded,
      long leasesGranted, long updates, long readsFailed) {
    /** A builder with every component unset (zero, false or null). */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Relief} by name; {@link #build()} runs the record's checks. */
    public static final class Builder {
      private long asOwner;
      private long asReplica;
      private long fromCopy;
      private long delegated;
      private long toReplicas;
      private long forwarded;
      private long leasesGranted;
      private long updates;
      private long readsFailed;

      private Builder() {
      }

      /** Sets {@link Relief#asOwner()}. */
      public Builder asOwner(long value) {
        asOwner = value;
        return this;
      }

      /** Sets {@link Relief#asReplica()}. */
      public Builder asReplica(long value) {
        asReplica = value;
        return this;
      }

      /** Sets {@link Relief#fromCopy()}. */
      public Builder fromCopy(long value) {
        fromCopy = value;
        return this;
      }

      /** Sets {@link Relief#delegated()}. */
      public Builder delegated(long value) {
        delegated = value;
        return this;
      }

      /** Sets {@link Relief#toReplicas()}. */
      public Builder toReplicas(long value) {
        toReplicas = value;
        return this;
      }

      /** Sets {@link Relief#forwarded()}. */
      public Builder forwarded(long value) {
        forwarded = value;
        return this;
      }

      /** Sets {@link Relief#leasesGranted()}. */
      public Builder leasesGranted(long value) {
        leasesGranted = value;
        return this;
      }

      /** Sets {@link Relief#updates()}. */
      public Builder updates(long value) {
        updates = value;
        return this;
      }

      /** Sets {@link Relief#readsFailed()}. */
      public Builder readsFailed(long value) {
        readsFailed = value;
        return this;
      }

      /** The record. */
      public Relief build() {
        return new Relief(asOwner, asReplica, fromCopy, delegated, toReplicas, forwarded,
            leasesGranted, updates, readsFailed);
      }
    }
  }

  /** The section from the served spread and the summed counters; the ratios follow from {@code served}. */
  public static LoadStats of(Load served, Relief r) {
    double mean = served.mean();
    return LoadStats.builder().served(served).servedMaxOverMean(mean > 0 ? served.max() / mean : 0)
        .servedP99OverMean(mean > 0 ? served.p99() / mean : 0).asOwner(r.asOwner()).asReplica(r.asReplica())
        .fromCopy(r.fromCopy()).delegated(r.delegated()).toReplicas(r.toReplicas()).forwarded(r.forwarded())
        .leasesGranted(r.leasesGranted()).updates(r.updates()).readsFailed(r.readsFailed()).build();
  }

  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link LoadStats} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private Load served;
    private double servedMaxOverMean;
    private double servedP99OverMean;
    private long asOwner;
    private long asReplica;
    private long fromCopy;
    private long delegated;
    private long toReplicas;
    private long forwarded;
    private long leasesGranted;
    private long updates;
    private long readsFailed;

    private Builder() {
    }

    /** Sets {@link LoadStats#served()}. */
    public Builder served(Load value) {
      served = value;
      return this;
    }

    /** Sets {@link LoadStats#servedMaxOverMean()}. */
    public Builder servedMaxOverMean(double value) {
      servedMaxOverMean = value;
      return this;
    }

    /** Sets {@link LoadStats#servedP99OverMean()}. */
    public Builder servedP99OverMean(double value) {
      servedP99OverMean = value;
      return this;
    }

    /** Sets {@link LoadStats#asOwner()}. */
    public Builder asOwner(long value) {
      asOwner = value;
      return this;
    }

    /** Sets {@link LoadStats#asReplica()}. */
    public Builder asReplica(long value) {
      asReplica = value;
      return this;
    }

    /** Sets {@link LoadStats#fromCopy()}. */
    public Builder fromCopy(long value) {
      fromCopy = value;
      return this;
    }

    /** Sets {@link LoadStats#delegated()}. */
    public Builder delegated(long value) {
      delegated = value;
      return this;
    }

    /** Sets {@link LoadStats#toReplicas()}. */
    public Builder toReplicas(long value) {
      toReplicas = value;
      return this;
    }

    /** Sets {@link LoadStats#forwarded()}. */
    public Builder forwarded(long value) {
      forwarded = value;
      return this;
    }

    /** Sets {@link LoadStats#leasesGranted()}. */
    public Builder leasesGranted(long value) {
      leasesGranted = value;
      return this;
    }

    /** Sets {@link LoadStats#updates()}. */
    public Builder updates(long value) {
      updates = value;
      return this;
    }

    /** Sets {@link LoadStats#readsFailed()}. */
    public Builder readsFailed(long value) {
      readsFailed = value;
      return this;
    }

    /** The record. */
    public LoadStats build() {
      return new LoadStats(served, servedMaxOverMean, servedP99OverMean, asOwner, asReplica,
          fromCopy, delegated, toReplicas, forwarded, leasesGranted, updates, readsFailed);
    }
  }
}
