package org.bloomchord.experiments.locate;

import java.util.Arrays;
import java.util.List;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.summary.LocateStats;
import org.bloomchord.experiments.summary.Mean;
import org.bloomchord.experiments.summary.Quantiles;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.cluster.LinkOracle;

/**
 * The figures of a batch of locates, judged against the {@link LinkOracle} distances. Unlike the
 * runner's {@code LocateRecorder}, which keeps histograms for runs of any length, it sees the whole
 * batch at once, so its means (stretch above all) are exact.
 *
 * <p>Definitions: {@code hops} over the found locates (LOCAL counts 0); {@code stretch} = hops /
 * oracle distance over the found locates whose nearest holder was at distance at least 1;
 * {@code withinDepth} counts locates whose nearest live holder was 1..d hops away (LOCAL ones are
 * counted in {@code local} only), {@code withinDepthProbabilistic} those of them the probabilistic
 * phase resolved; {@code chordHops} is the mean hops of the same queries resolved by the
 * deterministic path alone (pointer lookup, then the holder), over those found and not local.
 *
 * @param total locates run
 * @param found locates that returned a live holder
 * @param local found at the querier itself
 * @param probabilistic resolved by the probabilistic phase
 * @param fallback resolved on the deterministic path
 * @param notFound answered NOT_FOUND
 * @param failed answered FAILED (the deterministic path failed)
 * @param falsePositives false positives met, summed over all locates
 * @param withinDepth locates whose nearest holder was 1..d hops away
 * @param withinDepthProbabilistic those of them resolved by the probabilistic phase
 * @param hopsMean mean hops of the found locates
 * @param hopsP50 median hops of the found locates
 * @param hopsP99 99th percentile of hops of the found locates
 * @param stretchMean mean of hops / oracle distance
 * @param chordHopsMean mean hops of the deterministic-only resolution
 * @param withinDepthDistanceMean mean oracle distance of the within-depth locates resolved
 *     probabilistically
 * @param withinDepthHopsMean mean hops of the same locates
 */
public record LocateSummary(long total, long found, long local, long probabilistic, long fallback, long notFound,
    long failed, long falsePositives, long withinDepth, long withinDepthProbabilistic, double hopsMean,
    double hopsP50, double hopsP99, double stretchMean, double chordHopsMean, double withinDepthDistanceMean,
    double withinDepthHopsMean) {

  /**
   * Summarises {@code results}, with {@code distances} the oracle distance of each (-1 when no
   * live holder was reachable) and {@code chord} the deterministic-only result of the same query.
   */
  public static LocateSummary of(List<LocateResult> results, List<Integer> distances, List<LocateResult> chord,
      int depth) {
    long found = 0;
    long local = 0;
    long prob = 0;
    long fallback = 0;
    long notFound = 0;
    long failed = 0;
    long fps = 0;
    long within = 0;
    long withinProb = 0;
    double withinDist = 0;
    double withinHops = 0;
    double stretch = 0;
    long stretchN = 0;
    int[] hops = new int[results.size()];
    int hopsN = 0;
    for (int i = 0; i < results.size(); i++) {
      LocateResult r = results.get(i);
      int d = distances.get(i);
      fps += r.falsePositives();
      switch (r.outcome()) {
        case LOCAL -> local++;
        case PROBABILISTIC -> prob++;
        case FALLBACK -> fallback++;
        case NOT_FOUND -> notFound++;
        case FAILED -> failed++;
        default -> throw new IllegalStateException();
      }
      if (r.found()) {
        found++;
        hops[hopsN++] = r.hops();
        if (d >= 1) {
          stretch += (double) r.hops() / d;
          stretchN++;
        }
      }
      if (d >= 1 && d <= depth && r.outcome() != LocateOutcome.LOCAL) {
        within++;
        if (r.outcome() == LocateOutcome.PROBABILISTIC) {
          withinProb++;
          withinDist += d;
          withinHops += r.hops();
        }
      }
    }
    double chordSum = 0;
    long chordN = 0;
    for (LocateResult r : chord) {
      if (r.found() && r.outcome() != LocateOutcome.LOCAL) {
        chordSum += r.hops();
        chordN++;
      }
    }
    double[] sorted = Arrays.stream(hops, 0, hopsN).sorted().asDoubleStream().toArray();
    return new LocateSummary(results.size(), found, local, prob, fallback, notFound, failed, fps, within, withinProb,
        Distribution.mean(sorted), Distribution.percentile(sorted, 50), Distribution.percentile(sorted, 99),
        stretchN == 0 ? 0 : stretch / stretchN, chordN == 0 ? 0 : chordSum / chordN,
        withinProb == 0 ? 0 : withinDist / withinProb, withinProb == 0 ? 0 : withinHops / withinProb);
  }

  /** The {@code locate} section of the summary; every object had a live holder, so {@code noLiveHolder} is 0. */
  public LocateStats toStats() {
    Quantiles hops = found == 0 ? null : new Quantiles(hopsMean, hopsP50, hopsP99);
    return new LocateStats(total, found, local, probabilistic, fallback, notFound, falsePositives, withinDepth,
        withinDepthProbabilistic, hops, new Mean(stretchMean), new Mean(chordHopsMean), failed, 0);
  }

}
