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
}
