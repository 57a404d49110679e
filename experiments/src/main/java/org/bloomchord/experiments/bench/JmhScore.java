package org.bloomchord.experiments.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * One benchmark's score in JMH's JSON result ({@code -rf json}), with the half-width of its 99.9%
 * interval as JMH reports it (NaN when JMH gave none, as with a single iteration); the tables of
 * the benchmarks module's runs are written from these.
 *
 * @param score the primary metric's score
 * @param error the half-width of its interval, or NaN
 */
record JmhScore(double score, double error) {

  /**
   * The score of one element of JMH's result.
   *
   * @throws IllegalArgumentException when {@code result} has no benchmark or no primary metric
   */
  static JmhScore of(JsonNode result) {
    JsonNode metric = result.get("primaryMetric");
    if (result.get("benchmark") == null || metric == null) {
      throw new IllegalArgumentException("not a JMH result (no benchmark or primaryMetric)");
    }
    JsonNode error = metric.path("scoreError");
    return new JmhScore(metric.path("score").asDouble(), error.isNumber() ? error.asDouble() : Double.NaN);
  }

  /** The score and its half-width with one decimal, as {@code 18.3 ± 0.8}, or the score alone. */
  String text() {
    return Double.isNaN(error) ? String.format(Locale.ROOT, "%.1f", score)
        : String.format(Locale.ROOT, "%.1f ± %.1f", score, error);
  }
}
