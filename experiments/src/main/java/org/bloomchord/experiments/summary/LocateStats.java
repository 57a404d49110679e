package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code locate} section. {@code found == local + probabilistic + fallback} and
 * {@code found + notFound == total}. {@code withinDepth} counts locates whose nearest holder was
 * at most d hops away by the oracle; {@code withinDepthProbabilistic} those of them that the
 * probabilistic phase resolved.
 *
 * @param total locates measured
 * @param found locates that reached a holder
 * @param local found on the querying peer itself
 * @param probabilistic found by the attenuated-filter phase
 * @param fallback found by the Chord fallback after the probabilistic phase gave up
 * @param notFound locates that reached no holder
 * @param falsePositives filter matches that led to a peer without the object, over all locates
 * @param withinDepth locates whose nearest holder was within d hops by the oracle
 * @param withinDepthProbabilistic those of {@code withinDepth} resolved probabilistically
 * @param hops total hops of found locates (both phases), or null (omitted)
 * @param stretch hops divided by the oracle distance, over found locates at distance > 0, or null
 * @param chordHops hops of the Chord fallback lookups, or null when no fallback ran
 */
@JsonPropertyOrder({"total", "found", "local", "probabilistic", "fallback", "notFound", "falsePositives",
    "withinDepth", "withinDepthProbabilistic", "hops", "stretch", "chordHops"})
public record LocateStats(
    long total, long found, long local, long probabilistic, long fallback, long notFound,
    long falsePositives, long withinDepth, long withinDepthProbabilistic, Quantiles hops, Mean stretch,
    Mean chordHops) {

  public LocateStats {
    Finite.nonNegative("local", local);
    Finite.nonNegative("probabilistic", probabilistic);
    Finite.nonNegative("fallback", fallback);
    Finite.nonNegative("notFound", notFound);
    Finite.nonNegative("falsePositives", falsePositives);
    Finite.nonNegative("withinDepthProbabilistic", withinDepthProbabilistic);
    if (local + probabilistic + fallback != found || found + notFound != total) {
      throw new IllegalArgumentException("found must be local + probabilistic + fallback, total found + notFound");
    }
    if (withinDepthProbabilistic > withinDepth || withinDepth > total) {
      throw new IllegalArgumentException("withinDepthProbabilistic <= withinDepth <= total");
    }
  }
}
