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
  }

  /** The section from the served spread and the summed counters; the ratios follow from {@code served}. */
  public static LoadStats of(Load served, Relief r) {
    double mean = served.mean();
    return new LoadStats(served, mean > 0 ? served.max() / mean : 0, mean > 0 ? served.p99() / mean : 0, r.asOwner(),
        r.asReplica(), r.fromCopy(), r.delegated(), r.toReplicas(), r.forwarded(), r.leasesGranted(), r.updates(),
        r.readsFailed());
  }
}
