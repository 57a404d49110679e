package org.bloomchord.chord.maintenance;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.overlay.BackoffTimer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.PeerRuntime;

/**
 * When the periodic maintenance tasks of one peer run. With fixed periods (the ceilings equal to
 * the periods, the default) stabilize, fix-fingers and check-predecessor run every period with
 * jitter ({@link PeerRuntime#every}), and what a round reports changes nothing. With adaptive periods ({@link ChordConfig#stabilizeCeilingMs()} and
 * {@link ChordConfig#fixFingersCeilingMs()} above the periods), a round that changed nothing in
 * its own table lengthens the next interval by {@value BackoffTimer#BACKOFF} (MIT Chord's rule), up
 * to the ceiling. A change brings back to the floor at once the task that keeps what changed: a
 * new predecessor or successor-list entry brings stabilize back, a new finger fix-fingers, and a
 * peer forgotten or suspected (or a merge of rings) both. Successors are stabilized often and
 * fingers rarely (Li et al.), and an idle ring costs almost nothing. A join changes the successor
 * lists of the r peers before it and one finger of about log2 N peers elsewhere; each of them
 * brings back only the task that keeps the link, so that a stream of joins into a large ring does
 * not set both tasks of every peer it touches back to their floors. A crashed successor is still
 * noticed at its predecessor's next stabilize round, so within the stabilize ceiling plus two
 * request timeouts; lookups that meet it go around it at once and snap the periods back.
 */
final class MaintenanceSchedule {

  private final PeerRuntime runtime;
  private final double jitter;
  private final Task stabilize;
  private final Task fixFingers;
  private final Task checkPredecessor;

  /**
   * One periodic task: fixed ({@link PeerRuntime#every}) when its ceiling is its period, else on a
   * {@link BackoffTimer} that sets its next round before running the body, so a round's verdict
   * ({@link #quiet}) shapes the interval after the next.
   */
  private final class Task {
    final long floor;
    final Runnable body;
    final BackoffTimer backoff;
    Cancellable fixed;

    Task(long floor, long ceiling, Runnable body) {
      this.floor = floor;
      this.body = body;
      this.backoff = ceiling > floor ? new BackoffTimer(runtime, floor, ceiling, jitter, this::fire) : null;
    }

    private void fire() {
      backoff.scheduleNext();
      body.run();
    }

    /**
     * Starts the task: every period with jitter when fixed, on a self-rescheduling timer when
     * adaptive; the first run after one interval, or, with {@code randomPhase}, after a delay
     * uniform in [1, floor].
     */
    void start(boolean randomPhase) {
      if (backoff != null) {
        backoff.start(randomPhase);
      } else {
        fixed = runtime.every(floor, jitter, randomPhase, body);
      }
    }

    void cancel() {
      if (backoff != null) {
        backoff.cancel();
      } else if (fixed != null) {
        fixed.cancel();
        fixed = null;
      }
    }

    void quiet(boolean quiet) {
      if (backoff != null) {
        backoff.backOff(quiet);
      }
    }

    void toFloor() {
      if (backoff != null) {
        backoff.toFloor();
      }
    }

    long period() {
      return backoff != null ? backoff.interval() : floor;
    }
  }

  MaintenanceSchedule(PeerRuntime runtime, ChordConfig c, Runnable stabilizeRound, Runnable fixFingersRound,
      Runnable checkPredecessorRound) {
    this.runtime = runtime;
    this.jitter = c.jitter();
    this.stabilize = new Task(c.stabilizeMs(), c.stabilizeCeilingMs(), stabilizeRound);
    this.fixFingers = new Task(c.fixFingersMs(), c.fixFingersCeilingMs(), fixFingersRound);
    this.checkPredecessor = new Task(c.checkPredecessorMs(), c.checkPredecessorMs(), checkPredecessorRound);
  }

  /**
   * Starts the three tasks; with {@code randomPhase} each first runs after a delay uniform in
   * [1, its period], as in a ring that has long been running (a peer placed in its ring or
   * restarted with its tables), otherwise after one interval (a new ring, a joiner).
   */
  void start(boolean randomPhase) {
    stabilize.start(randomPhase);
    fixFingers.start(randomPhase);
    checkPredecessor.start(randomPhase);
  }

  void stop() {
    stabilize.cancel();
    fixFingers.cancel();
    checkPredecessor.cancel();
  }

  /** A stabilize round ended; {@code quiet} when it changed nothing. */
  void stabilized(boolean quiet) {
    stabilize.quiet(quiet);
  }

  /** A fix-fingers round ended; {@code quiet} when it changed nothing. */
  void fingersChecked(boolean quiet) {
    fixFingers.quiet(quiet);
  }

  /**
   * The tables changed: stabilize back to its floor when the predecessor or the successor list
   * changed ({@link RoutingTable#NEIGHBOURS}), fix-fingers when a finger did
   * ({@link RoutingTable#FINGERS}); both for a peer forgotten or suspected, which sets both bits.
   */
  void changed(int what) {
    if ((what & RoutingTable.NEIGHBOURS) != 0) {
      stabilize.toFloor();
    }
    if ((what & RoutingTable.FINGERS) != 0) {
      fixFingers.toFloor();
    }
  }

  /** The current interval of stabilize, in milliseconds. */
  long stabilizePeriodMs() {
    return stabilize.period();
  }

  /** The current interval of fix-fingers, in milliseconds. */
  long fixFingersPeriodMs() {
    return fixFingers.period();
  }
}
