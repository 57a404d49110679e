package org.bloomchord.experiments.metrics;

import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.experiments.summary.PeerCounts;

/**
 * Thread-safe counts of peer arrivals and departures for the {@code peers} section. These count
 * over the whole run (no warm-up): they describe what the run did, not a measured figure.
 * Invariant: {@code alive == launched - leaves - crashes}.
 */
public final class PeerRecorder {

  private final LongAdder launched = new LongAdder();
  private final LongAdder joins = new LongAdder();
  private final LongAdder leaves = new LongAdder();
  private final LongAdder crashes = new LongAdder();

  /** A peer was started and asked to join. */
  public void joined() {
    launched.increment();
    joins.increment();
  }

  /** A peer left gracefully. */
  public void left() {
    leaves.increment();
  }

  /** A peer crashed (stopped without telling anyone). */
  public void crashed() {
    crashes.increment();
  }

  /** Peers alive now by these counts. */
  public long alive() {
    return launched.sum() - leaves.sum() - crashes.sum();
  }

  /** The {@code peers} summary section. */
  public PeerCounts toCounts() {
    return toCounts(0);
  }

  /** The {@code peers} summary section, with {@code failed} peers the runtime failed. */
  public PeerCounts toCounts(long failed) {
    long l = leaves.sum();
    long c = crashes.sum();
    long started = launched.sum();
    return new PeerCounts(started, Math.max(0, started - l - c - failed), joins.sum(), l, c).withFailed(failed);
  }
}
