package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Mean, median and 99th percentile of a distribution, as {@code lookups.latencyMs} and
 * {@code locate.hops} show it. All values are finite.
 *
 * @param mean the arithmetic mean
 * @param p50 the median
 * @param p99 the 99th percentile
 */
@JsonPropertyOrder({"mean", "p50", "p99"})
public record Quantiles(double mean, double p50, double p99) {

  public Quantiles {
    Finite.check("mean", mean);
    Finite.check("p50", p50);
    Finite.check("p99", p99);
  }
}
