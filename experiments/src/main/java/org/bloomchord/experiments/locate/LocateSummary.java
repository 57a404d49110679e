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
    return LocateSummary.builder().total(results.size()).found(found).local(local).probabilistic(prob)
        .fallback(fallback).notFound(notFound).failed(failed).falsePositives(fps).withinDepth(within)
        .withinDepthProbabilistic(withinProb).hopsMean(Distribution.mean(sorted))
        .hopsP50(Distribution.percentile(sorted, 50)).hopsP99(Distribution.percentile(sorted, 99))
        .stretchMean(stretchN == 0 ? 0 : stretch / stretchN).chordHopsMean(chordN == 0 ? 0 : chordSum / chordN)
        .withinDepthDistanceMean(withinProb == 0 ? 0 : withinDist / withinProb)
        .withinDepthHopsMean(withinProb == 0 ? 0 : withinHops / withinProb).build();
  }

  /** The {@code locate} section of the summary; every object had a live holder, so {@code noLiveHolder} is 0. */
  public LocateStats toStats() {
    Quantiles hops = found == 0 ? null : new Quantiles(hopsMean, hopsP50, hopsP99);
    return LocateStats.builder().total(total).found(found).local(local).probabilistic(probabilistic)
        .fallback(fallback).notFound(notFound).falsePositives(falsePositives).withinDepth(withinDepth)
        .withinDepthProbabilistic(withinDepthProbabilistic).hops(hops).stretch(new Mean(stretchMean))
        .chordHops(new Mean(chordHopsMean)).failed(failed).noLiveHolder(0).build();
  }


  /** A builder with every component unset (zero, false or null). */
  private static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link LocateSummary} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private long total;
    private long found;
    private long local;
    private long probabilistic;
    private long fallback;
    private long notFound;
    private long failed;
    private long falsePositives;
    private long withinDepth;
    private long withinDepthProbabilistic;
    private double hopsMean;
    private double hopsP50;
    private double hopsP99;
    private double stretchMean;
    private double chordHopsMean;
    private double withinDepthDistanceMean;
    private double withinDepthHopsMean;

    private Builder() {
    }

    /** Sets {@link LocateSummary#total()}. */
    public Builder total(long value) {
      total = value;
      return this;
    }

    /** Sets {@link LocateSummary#found()}. */
    public Builder found(long value) {
      found = value;
      return this;
    }

    /** Sets {@link LocateSummary#local()}. */
    public Builder local(long value) {
      local = value;
      return this;
    }

    /** Sets {@link LocateSummary#probabilistic()}. */
    public Builder probabilistic(long value) {
      probabilistic = value;
      return this;
    }

    /** Sets {@link LocateSummary#fallback()}. */
    public Builder fallback(long value) {
      fallback = value;
      return this;
    }

    /** Sets {@link LocateSummary#notFound()}. */
    public Builder notFound(long value) {
      notFound = value;
      return this;
    }

    /** Sets {@link LocateSummary#failed()}. */
    public Builder failed(long value) {
      failed = value;
      return this;
    }

    /** Sets {@link LocateSummary#falsePositives()}. */
    public Builder falsePositives(long value) {
      falsePositives = value;
      return this;
    }

    /** Sets {@link LocateSummary#withinDepth()}. */
    public Builder withinDepth(long value) {
      withinDepth = value;
      return this;
    }

    /** Sets {@link LocateSummary#withinDepthProbabilistic()}. */
    public Builder withinDepthProbabilistic(long value) {
      withinDepthProbabilistic = value;
      return this;
    }

    /** Sets {@link LocateSummary#hopsMean()}. */
    public Builder hopsMean(double value) {
      hopsMean = value;
      return this;
    }

    /** Sets {@link LocateSummary#hopsP50()}. */
    public Builder hopsP50(double value) {
      hopsP50 = value;
      return this;
    }

    /** Sets {@link LocateSummary#hopsP99()}. */
    public Builder hopsP99(double value) {
      hopsP99 = value;
      return this;
    }

    /** Sets {@link LocateSummary#stretchMean()}. */
    public Builder stretchMean(double value) {
      stretchMean = value;
      return this;
    }

    /** Sets {@link LocateSummary#chordHopsMean()}. */
    public Builder chordHopsMean(double value) {
      chordHopsMean = value;
      return this;
    }

    /** Sets {@link LocateSummary#withinDepthDistanceMean()}. */
    public Builder withinDepthDistanceMean(double value) {
      withinDepthDistanceMean = value;
      return this;
    }

    /** Sets {@link LocateSummary#withinDepthHopsMean()}. */
    public Builder withinDepthHopsMean(double value) {
      withinDepthHopsMean = value;
      return this;
    }

    /** The record. */
    public LocateSummary build() {
      return new LocateSummary(total, found, local, probabilistic, fallback, notFound, failed,
          falsePositives, withinDepth, withinDepthProbabilistic, hopsMean, hopsP50, hopsP99, stretchMean,
          chordHopsMean, withinDepthDistanceMean, withinDepthHopsMean);
    }
  }
}
