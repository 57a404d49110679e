package org.bloomchord.chord.maintenance;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.PeerRuntime;

/**
 * When the periodic maintenance tasks of one peer run. With fixed periods (the ceilings equal to
 * the periods, the default) stabilize, fix-fingers and check-predecessor run every period with
 * jitter ({@link PeerRuntime#every}), and what a round reports changes nothing. With adaptive periods ({@link ChordConfig#stabilizeCeilingMs()} and
 * {@link ChordConfig#fixFingersCeilingMs()} above the periods), a round that changed nothing in
 * the tables lengthens the next interval by {@value #BACKOFF} (MIT Chord's rule), up to the
 * ceiling, and any change of the tables, or a suspicion, brings both back to the floor at once:
 * successors are stabilized often and fingers rarely (Li et al.), and an idle ring costs almost
 * nothing. A crashed successor is still noticed at its predecessor's next stabilize round, so
 * within the stabilize ceiling plus two request timeouts; lookups that meet it go around it at
 * once and snap the periods back.
 */
final class MaintenanceSchedule {

  /** Growth of an interval after a quiet round. */
  static final double BACKOFF = 1.2;

  private final PeerRuntime runtime;
  private final double jitter;
  private final Task stabilize;
  private final Task fixFingers;
  private final Task checkPredecessor;

  /** One periodic task: its floor and ceiling, its current interval and pending timer. */
  private final class Task {
    final long floor;
    final long ceiling;
    final Runnable body;
    long period;
    long dueAt;
    Cancellable timer;

    Task(long floor, long ceiling, Runnable body) {
      this.floor = floor;
      this.ceiling = Math.max(floor, ceiling);
      this.body = body;
      this.period = floor;
    }

    boolean adaptive() {
      return ceiling > floor;
    }

    /**
     * Starts the task: every period with jitter when fixed, on a self-rescheduling timer when
     * adaptive; the first run after one interval, or, with {@code randomPhase}, after a delay
     * uniform in [1, floor].
     */
    void start(boolean randomPhase) {
      if (adaptive()) {
        if (randomPhase) {
          at(1 + Math.min(floor - 1, (long) (runtime.random().nextDouble() * floor)));
        } else {
          schedule(floor);
        }
      } else if (randomPhase) {
        timer = runtime.everyFromRandomPhase(floor, jitter, body);
      } else {
        timer = runtime.every(floor, jitter, body);
      }
    }

    private void schedule(long delay) {
      at(Math.max(1, Math.round(delay * (1 - jitter + 2 * jitter * runtime.random().nextDouble()))));
    }

    private void at(long d) {
      dueAt = runtime.now() + d;
      timer = runtime.after(d, () -> {
        timer = null;
        schedule(period);
        body.run();
      });
    }

    void cancel() {
      if (timer != null) {
        timer.cancel();
        timer = null;
      }
    }

    void quiet(boolean quiet) {
      period = quiet ? Math.min(ceiling, Math.round(period * BACKOFF)) : floor;
    }

    void toFloor() {
      period = floor;
      if (adaptive() && timer != null && dueAt - runtime.now() > floor) {
        cancel();
        schedule(floor);
      }
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

  /** The tables changed or a peer was suspected: both periods back to their floors at once. */
  void changed() {
    stabilize.toFloor();
    fixFingers.toFloor();
  }

  /** The current interval of stabilize, in milliseconds. */
  long stabilizePeriodMs() {
    return stabilize.period;
  }

  /** The current interval of fix-fingers, in milliseconds. */
  long fixFingersPeriodMs() {
    return fixFingers.period;
  }
}
