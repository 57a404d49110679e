package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code locate} section. {@code found == local + probabilistic + fallback},
 * {@code found + notFound + failed == total} and {@code noLiveHolder <= notFound}.
 *
 * <p>Definitions: {@code withinDepth} counts locates whose nearest live holder was 1..d hops away
 * by the link oracle (a querier that holds the object itself is counted in {@code local} only);
 * {@code withinDepthProbabilistic} those of them that the probabilistic phase resolved, so their
 * ratio is the filters' success rate. The oracle distance is computed only where the command says
 * so (in {@code run}: the locates of measure phases); locates without it count in neither.
 * {@code noLiveHolder} counts the NOT_FOUND answers for objects that had no live holder when the
 * locate completed: those answers are correct, so {@code notFound - noLiveHolder} are misses.
 *
 * @param total locates measured
 * @param found locates that reached a holder
 * @param local found on the querying peer itself
 * @param probabilistic found by the attenuated-filter phase
 * @param fallback found by the Chord fallback after the probabilistic phase gave up
 * @param notFound locates answered "no live holder"
 * @param falsePositives filter matches that led to a peer without the object, over all locates
 * @param withinDepth locates whose nearest holder was 1..d hops away by the oracle
 * @param withinDepthProbabilistic those of {@code withinDepth} resolved probabilistically
 * @param hops total hops of found locates (both phases), or null (omitted)
 * @param stretch hops divided by the oracle distance, over found locates at distance > 0, or null
 * @param chordHops hops of the same queries resolved by the pointer lookup alone, or null when not
 *     measured
 * @param failed locates without an answer (the deterministic path itself failed or timed out)
 * @param noLiveHolder of {@code notFound}, those whose object had no live holder
 */
@JsonPropertyOrder({"total", "found", "local", "probabilistic", "fallback", "notFound", "falsePositives",
    "withinDepth", "withinDepthProbabilistic", "hops", "stretch", "chordHops", "failed", "noLiveHolder"})
public record LocateStats(
    long total, long found, long local, long probabilistic, long fallback, long notFound,
    long falsePositives, long withinDepth, long withinDepthProbabilistic, Quantiles hops, Mean stretch,
    Mean chordHops, long failed, long noLiveHolder) {

  public LocateStats {
    Finite.nonNegative("local", local);
    Finite.nonNegative("probabilistic", probabilistic);
    Finite.nonNegative("fallback", fallback);
    Finite.nonNegative("notFound", notFound);
    Finite.nonNegative("falsePositives", falsePositives);
    Finite.nonNegative("withinDepthProbabilistic", withinDepthProbabilistic);
    Finite.nonNegative("failed", failed);
    Finite.nonNegative("noLiveHolder", noLiveHolder);
    if (local + probabilistic + fallback != found || found + notFound + failed != total) {
      throw new IllegalArgumentException(
          "found must be local + probabilistic + fallback, total found + notFound + failed");
    }
    if (withinDepthProbabilistic > withinDepth || withinDepth > total) {
      throw new IllegalArgumentException("withinDepthProbabilistic <= withinDepth <= total");
    }
    if (noLiveHolder > notFound) {
      throw new IllegalArgumentException("noLiveHolder <= notFound");
    }
  }

  /** The share of within-depth locates the probabilistic phase resolved, or NaN when none was within depth. */
  @JsonIgnore
  public double withinDepthShare() {
    return withinDepth == 0 ? Double.NaN : (double) withinDepthProbabilistic / withinDepth;
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link LocateStats} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private long total;
    private long found;
    private long local;
    private long probabilistic;
    private long fallback;
    private long notFound;
    private long falsePositives;
    private long withinDepth;
    private long withinDepthProbabilistic;
    private Quantiles hops;
    private Mean stretch;
    private Mean chordHops;
    private long failed;
    private long noLiveHolder;

    private Builder() {
    }

    /** Sets {@link LocateStats#total()}. */
    public Builder total(long value) {
      total = value;
      return this;
    }

    /** Sets {@link LocateStats#found()}. */
    public Builder found(long value) {
      found = value;
      return this;
    }

    /** Sets {@link LocateStats#local()}. */
    public Builder local(long value) {
      local = value;
      return this;
    }

    /** Sets {@link LocateStats#probabilistic()}. */
    public Builder probabilistic(long value) {
      probabilistic = value;
      return this;
    }

    /** Sets {@link LocateStats#fallback()}. */
    public Builder fallback(long value) {
      fallback = value;
      return this;
    }

    /** Sets {@link LocateStats#notFound()}. */
    public Builder notFound(long value) {
      notFound = value;
      return this;
    }

    /** Sets {@link LocateStats#falsePositives()}. */
    public Builder falsePositives(long value) {
      falsePositives = value;
      return this;
    }

    /** Sets {@link LocateStats#withinDepth()}. */
    public Builder withinDepth(long value) {
      withinDepth = value;
      return this;
    }

    /** Sets {@link LocateStats#withinDepthProbabilistic()}. */
    public Builder withinDepthProbabilistic(long value) {
      withinDepthProbabilistic = value;
      return this;
    }

    /** Sets {@link LocateStats#hops()}. */
    public Builder hops(Quantiles value) {
      hops = value;
      return this;
    }

    /** Sets {@link LocateStats#stretch()}. */
    public Builder stretch(Mean value) {
      stretch = value;
      return this;
    }

    /** Sets {@link LocateStats#chordHops()}. */
    public Builder chordHops(Mean value) {
      chordHops = value;
      return this;
    }

    /** Sets {@link LocateStats#failed()}. */
    public Builder failed(long value) {
      failed = value;
      return this;
    }

    /** Sets {@link LocateStats#noLiveHolder()}. */
    public Builder noLiveHolder(long value) {
      noLiveHolder = value;
      return this;
    }

    /** The record. */
    public LocateStats build() {
      return new LocateStats(total, found, local, probabilistic, fallback, notFound, falsePositives,
          withinDepth, withinDepthProbabilistic, hops, stretch, chordHops, failed, noLiveHolder);
    }
  }
}
