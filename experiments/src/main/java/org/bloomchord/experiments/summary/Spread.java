package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Mean and the 1st, 50th and 99th percentiles of a distribution, as {@code lookups.hops} shows
 * it. All values are finite.
 *
 * @param mean the arithmetic mean
 * @param p1 the 1st percentile
 * @param p50 the median
 * @param p99 the 99th percentile
 */
@JsonPropertyOrder({"mean", "p1", "p50", "p99"})
public record Spread(double mean, double p1, double p50, double p99) {

  public Spread {
    Finite.check("mean", mean);
    Finite.check("p1", p1);
    Finite.check("p50", p50);
    Finite.check("p99", p99);
  }
}
