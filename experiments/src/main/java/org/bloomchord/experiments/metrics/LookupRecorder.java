package org.bloomchord.experiments.metrics;

import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.experiments.summary.LookupStats;

/**
 * Thread-safe recorder of lookup outcomes for the {@code lookups} section. Counts, hop and latency
 * histograms and timeouts count only inside the {@link MeasurementWindow}; hops and latency only
 * for answered lookups (correct or incorrect). {@link #seen()} and {@link #seenFailures()} count
 * every lookup including warm-up, for time series.
 *
 * <p>A <em>failure</em> in {@link #failuresPer10k()} is any lookup that did not return the correct
 * live successor (incorrect or failed), as the Chord paper counts lookup failures under churn.
 */
public final class LookupRecorder {

  private final MeasurementWindow window;
  private final LongAdder correct = new LongAdder();
  private final LongAdder incorrect = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder timeouts = new LongAdder();
  private final LongAdder seen = new LongAdder();
  private final LongAdder seenFailures = new LongAdder();
  private final DistributionRecorder hops;
  private final DistributionRecorder hopsToOwner;
  private final DistributionRecorder latency;

  /** A recorder counting inside {@code window}. */
  public LookupRecorder(MeasurementWindow window) {
    this.window = window;
    this.hops = DistributionRecorder.counts(window);
    this.hopsToOwner = DistributionRecorder.counts(window);
    this.latency = DistributionRecorder.millis(window);
  }

  /**
   * Records one completed lookup.
   *
   * @param atMs completion time on the runtime's clock
   * @param outcome how it ended
   * @param hops forwarding hops to the answering peer (ignored when failed)
   * @param latencyMs time from issue to answer (ignored when failed)
   * @param timeouts request timeouts met on the way
   */
  public void record(long atMs, LookupOutcome outcome, int hops, double latencyMs, int timeouts) {
    record(atMs, outcome, hops, -1, latencyMs, timeouts);
  }

  /**
   * Records one completed lookup whose answer came from the key's successor after
   * {@code hopsToOwner} forwarding messages (ignored when negative or failed); the other
   * parameters as {@link #record(long, LookupOutcome, int, double, int)}.
   */
  public void record(long atMs, LookupOutcome outcome, int hops, int hopsToOwner, double latencyMs, int timeouts) {
    seen.increment();
    if (outcome != LookupOutcome.CORRECT) {
      seenFailures.increment();
    }
    if (!window.includes(atMs)) {
      return;
    }
    switch (outcome) {
      case CORRECT -> correct.increment();
      case INCORRECT -> incorrect.increment();
      case FAILED -> failed.increment();
    }
    this.timeouts.add(timeouts);
    if (outcome != LookupOutcome.FAILED) {
      this.hops.record(atMs, hops);
      if (hopsToOwner >= 0) {
        this.hopsToOwner.record(atMs, hopsToOwner);
      }
      this.latency.record(atMs, latencyMs);
    }
  }

  /** Lookups counted. */
  public long total() {
    return correct.sum() + incorrect.sum() + failed.sum();
  }

  /** Lookups that returned the correct live successor. */
  public long correct() {
    return correct.sum();
  }

  /** Lookups that returned another peer. */
  public long incorrect() {
    return incorrect.sum();
  }

  /** Lookups without an answer. */
  public long failed() {
    return failed.sum();
  }

  /** Lookups recorded at any time, warm-up included. */
  public long seen() {
    return seen.sum();
  }

  /** Incorrect or failed lookups recorded at any time, warm-up included. */
  public long seenFailures() {
    return seenFailures.sum();
  }

  /** Incorrect plus failed lookups per 10,000 counted lookups (0 when none was counted). */
  public double failuresPer10k() {
    long total = total();
    return total == 0 ? 0.0 : 10_000.0 * (incorrect() + failed()) / total;
  }

  /** Hop counts of answered lookups. */
  public Distribution hops() {
    return hops.snapshot();
  }

  /** Latency of answered lookups in milliseconds. */
  public Distribution latencyMs() {
    return latency.snapshot();
  }

  /** The {@code lookups} summary section, or null when no lookup was counted. */
  public LookupStats toStats() {
    long c = correct();
    long i = incorrect();
    long f = failed();
    long total = c + i + f;
    if (total == 0) {
      return null;
    }
    Distribution toOwner = hopsToOwner.snapshot();
    return new LookupStats(total, c, i, f, hops().toSpread(), toOwner.count() == 0 ? null : toOwner.toSpread(),
        (double) timeouts.sum() / total,
        latencyMs().toQuantiles());
  }
}
