package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code lookups} section. A lookup is correct when the peer it returns is the live successor
 * of the key by the oracle when it completes, failed when no answer came (timeout, error).
 * Invariant: {@code correct + incorrect + failed == total}.
 *
 * @param total lookups measured (after warm-up)
 * @param correct lookups that returned the true live successor
 * @param incorrect lookups that returned another peer
 * @param failed lookups without an answer
 * @param hops hop counts of answered lookups to the key's predecessor (the Chord paper's path
 *     length), or null (omitted) when none was answered
 * @param hopsToOwner hop counts of answered lookups to the key's successor, which answers them
 *     (usually hops + 1), or null (omitted)
 * @param timeoutsPerLookup request timeouts met per lookup, on average
 * @param latencyMs latency of answered lookups in milliseconds, or null (omitted)
 */
@JsonPropertyOrder({"total", "correct", "incorrect", "failed", "hops", "hopsToOwner", "timeoutsPerLookup", "latencyMs"})
public record LookupStats(
    long total, long correct, long incorrect, long failed, Spread hops, Spread hopsToOwner, double timeoutsPerLookup,
    Quantiles latencyMs) {

  public LookupStats {
    Finite.nonNegative("correct", correct);
    Finite.nonNegative("incorrect", incorrect);
    Finite.nonNegative("failed", failed);
    if (correct + incorrect + failed != total) {
      throw new IllegalArgumentException("correct + incorrect + failed must equal total");
    }
    Finite.check("timeoutsPerLookup", timeoutsPerLookup);
  }
}
