package org.bloomchord.node;

/**
 * The gaps between one node's answers to this node's probes, the last {@link #WINDOW} of them (about
 * two minutes at one probe a second), and the silence they make probable: a node that recently
 * went 6.5 s without answering and then answered was paused, not dead, and may pause as long
 * again. This is the idea of accrual failure detectors (Hayashibara et al., SRDS 2004; Cassandra's
 * and Akka's phi accrual): suspicion measured against the node's own history rather than a fixed
 * timeout. The estimator is the longest gap of the window plus a probe period (the gaps are seen
 * through rounds a period apart), not phi over a normal model: pauses on a loaded machine are rare
 * and long, and a normal fit to a minute of one-second gaps with two or three 5 s pauses in it
 * (mean 1.1 s, deviation 0.7 s) allowed only 5 s at phi = 8, less than the pauses it had seen.
 *
 * <p>The silence allowed is clamped to [{@code minMs}, {@code maxMs}]: the lower bound keeps a
 * quiet node from being reported after a single lost probe, the upper bound keeps the report of a
 * real cut within the aim however long the pauses seen. Not thread-safe (its owner guards it).
 */
final class AnswerIntervals {

  /** Gaps remembered. */
  static final int WINDOW = 120;

  private final long[] intervals = new long[WINDOW];
  private int count;
  private int next;
  private long lastHeard;

  /** A history that starts at {@code now} (the node was just seen: silence counts from here). */
  AnswerIntervals(long now) {
    this.lastHeard = now;
  }

  /** The node answered at {@code now}: the interval since the last answer joins the history. */
  void heard(long now) {
    if (now <= lastHeard) {
      return;
    }
    intervals[next] = now - lastHeard;
    next = (next + 1) % WINDOW;
    count = Math.min(count + 1, WINDOW);
    lastHeard = now;
  }

  /** Silence starts again at {@code now} without the time since the last answer joining the history (an outage is no sample). */
  void restart(long now) {
    lastHeard = Math.max(lastHeard, now);
  }

  /** When the node was last heard from. */
  long lastHeard() {
    return lastHeard;
  }

  /**
   * The silence after which the node is suspected, by its history: its longest recent gap plus
   * {@code periodMs}, within [{@code minMs}, {@code maxMs}].
   */
  long allowedSilence(long periodMs, long minMs, long maxMs) {
    long longest = 0;
    for (int i = 0; i < count; i++) {
      longest = Math.max(longest, intervals[i]);
    }
    return Math.max(minMs, Math.min(maxMs, longest + periodMs));
  }
}
