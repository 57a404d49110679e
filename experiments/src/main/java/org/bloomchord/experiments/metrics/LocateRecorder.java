package org.bloomchord.experiments.metrics;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.experiments.summary.LocateStats;
import org.bloomchord.routing.location.LocateOutcome;

/**
 * Thread-safe recorder of locate results for the {@code locate} section, counting only inside the
 * {@link MeasurementWindow}. Definitions as in {@link LocateStats}: {@code withinDepth} counts
 * locates whose nearest live holder was 1..{@code depth} hops away by the oracle,
 * {@code withinDepthProbabilistic} those of them the filters resolved; stretch is total hops over
 * oracle distance, for found locates at distance above 0; chord hops are recorded separately, for
 * the locates that were also resolved by the pointer path alone; {@code noLiveHolder} counts the
 * NOT_FOUND answers for objects without a live holder.
 */
public final class LocateRecorder {

  /** Oracle distance meaning "unknown" or "no live holder reachable". */
  public static final int NO_DISTANCE = -1;

  private final MeasurementWindow window;
  private final int depth;
  private final Map<LocateOutcome, LongAdder> outcomes = new EnumMap<>(LocateOutcome.class);
  private final LongAdder falsePositives = new LongAdder();
  private final LongAdder withinDepth = new LongAdder();
  private final LongAdder withinDepthProbabilistic = new LongAdder();
  private final LongAdder noLiveHolder = new LongAdder();
  private final LongAdder seen = new LongAdder();
  private final LongAdder seenMissed = new LongAdder();
  private final DistributionRecorder hops;
  private final DistributionRecorder stretch;
  private final DistributionRecorder chordHops;

  /**
   * A recorder for attenuated filters of depth {@code depth}.
   *
   * @throws IllegalArgumentException if depth is below 1
   */
  public LocateRecorder(MeasurementWindow window, int depth) {
    if (depth < 1) {
      throw new IllegalArgumentException("depth must be >= 1, was " + depth);
    }
    this.window = window;
    this.depth = depth;
    for (LocateOutcome o : LocateOutcome.values()) {
      outcomes.put(o, new LongAdder());
    }
    this.hops = DistributionRecorder.counts(window);
    // stretch is a ratio: kept to 1/1000 like milliseconds
    this.stretch = DistributionRecorder.millis(window);
    this.chordHops = DistributionRecorder.counts(window);
  }

  /**
   * Records one completed locate.
   *
   * @param atMs completion time on the runtime's clock
   * @param outcome how it ended
   * @param hops total hops of both phases to the holder (ignored when not found)
   * @param falsePositives filter matches met that led to a peer without the object
   * @param oracleDistance hops to the nearest live holder by the oracle, or {@link #NO_DISTANCE}
   * @param liveHolder whether the object had a live holder when the locate completed
   */
  public void record(long atMs, LocateOutcome outcome, int hops, int falsePositives, int oracleDistance,
      boolean liveHolder) {
    seen.increment();
    boolean missed = !outcome.found() && (liveHolder || outcome == LocateOutcome.FAILED);
    if (missed) {
      seenMissed.increment();
    }
    if (!window.includes(atMs)) {
      return;
    }
    outcomes.get(outcome).increment();
    this.falsePositives.add(falsePositives);
    if (outcome == LocateOutcome.NOT_FOUND && !liveHolder) {
      noLiveHolder.increment();
    }
    if (oracleDistance >= 1 && oracleDistance <= depth) {
      withinDepth.increment();
      if (outcome == LocateOutcome.PROBABILISTIC) {
        withinDepthProbabilistic.increment();
      }
    }
    if (outcome.found()) {
      this.hops.record(atMs, hops);
      if (oracleDistance > 0) {
        stretch.record(atMs, (double) hops / oracleDistance);
      }
    }
  }

  /** Records the hops of a query resolved by the pointer lookup alone (the comparison with Chord). */
  public void recordChordHops(long atMs, int hops) {
    chordHops.record(atMs, hops);
  }

  /** Locates counted with the given outcome. */
  public long count(LocateOutcome outcome) {
    return outcomes.get(outcome).sum();
  }

  /** Locates counted. */
  public long total() {
    return outcomes.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** Locates recorded at any time, warm-up included. */
  public long seen() {
    return seen.sum();
  }

  /**
   * Locates recorded at any time that found no holder although the object had a live one, or got
   * no answer.
   */
  public long seenMissed() {
    return seenMissed.sum();
  }

  /** The {@code locate} summary section, or null when no locate was counted. */
  public LocateStats toStats() {
    long local = count(LocateOutcome.LOCAL);
    long probabilistic = count(LocateOutcome.PROBABILISTIC);
    long fallback = count(LocateOutcome.FALLBACK);
    long notFound = count(LocateOutcome.NOT_FOUND);
    long failed = count(LocateOutcome.FAILED);
    long found = local + probabilistic + fallback;
    long total = found + notFound + failed;
    if (total == 0) {
      return null;
    }
    long within = Math.min(total, withinDepth.sum());
    long withinProbabilistic = Math.min(within, withinDepthProbabilistic.sum());
    return LocateStats.builder().total(total).found(found).local(local).probabilistic(probabilistic)
        .fallback(fallback).notFound(notFound).falsePositives(falsePositives.sum()).withinDepth(within)
        .withinDepthProbabilistic(withinProbabilistic).hops(hops.snapshot().toQuantiles())
        .stretch(stretch.snapshot().toMean()).chordHops(chordHops.snapshot().toMean()).failed(failed)
        .noLiveHolder(Math.min(notFound, noLiveHolder.sum())).build();
  }
}
