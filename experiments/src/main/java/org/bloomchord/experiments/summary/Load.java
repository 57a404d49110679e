package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * How a quantity spreads over peers, as {@code keys.perNode} shows it: mean, 1st and 99th
 * percentile and the maximum. All values are finite.
 *
 * @param mean the mean per peer
 * @param p1 the 1st percentile over peers
 * @param p99 the 99th percentile over peers
 * @param max the largest value on one peer
 */
@JsonPropertyOrder({"mean", "p1", "p99", "max"})
public record Load(double mean, double p1, double p99, double max) {

  public Load {
    Finite.check("mean", mean);
    Finite.check("p1", p1);
    Finite.check("p99", p99);
    Finite.check("max", max);
  }
}
