package org.bloomchord.overlay;

/**
 * The timer of a periodic task that backs off while the peer is quiet: its interval lies between a
 * floor and a ceiling, grows by {@value #BACKOFF} after a quiet round ({@link #backOff}), and a
 * change brings it back to the floor at once ({@link #toFloor}), rescheduling a round due later.
 * Each wait is the interval scaled by a factor uniform in [1 - jitter, 1 + jitter].
 *
 * <p>The owner decides when a round is quiet and when the next one is set: {@code fire} runs when a
 * round is due, with nothing pending, and calls {@link #scheduleNext} (before or after its work).
 * Used by adaptive maintenance, the store's replica sync and the location layer's summary pulls, on
 * the peer's own thread.
 */
public final class BackoffTimer {

  /** Growth of the interval after a quiet round (MIT Chord's rule for stabilize). */
  public static final double BACKOFF = 1.2;

  private final PeerRuntime runtime;
  private final long floor;
  private final long ceiling;
  private final double jitter;
  private final Runnable fire;
  private long interval;
  private long dueAt;
  private Cancellable pending;
  private boolean stopped;

  /** A timer between {@code floor} and {@code ceiling} ms (at least the floor) that runs {@code fire}. */
  public BackoffTimer(PeerRuntime runtime, long floor, long ceiling, double jitter, Runnable fire) {
    this.runtime = runtime;
    this.floor = floor;
    this.ceiling = Math.max(floor, ceiling);
    this.jitter = jitter;
    this.fire = fire;
    this.interval = floor;
  }

  /**
   * Sets the first round at the floor: after one jittered floor, or with {@code randomPhase} after
   * a delay uniform in [1, floor] ({@link Jitter#phase}).
   */
  public void start(boolean randomPhase) {
    stopped = false;
    interval = floor;
    if (randomPhase) {
      at(Jitter.phase(floor, runtime.random()));
    } else {
      scheduleNext();
    }
  }

  /** Sets the next round one jittered interval from now (nothing once cancelled). */
  public void scheduleNext() {
    if (!stopped) {
      at(Math.max(1, Math.round(interval * (1 - jitter + 2 * jitter * runtime.random().nextDouble()))));
    }
  }

  private void at(long delay) {
    dueAt = runtime.now() + delay;
    pending = runtime.after(delay, () -> {
      pending = null;
      fire.run();
    });
  }

  /** After a round: {@code quiet} lengthens the interval by {@value #BACKOFF} up to the ceiling, else the floor. */
  public void backOff(boolean quiet) {
    interval = quiet ? Math.min(ceiling, Math.round(interval * BACKOFF)) : floor;
  }

  /**
   * Something changed: while a round is pending the interval returns to the floor, and a round due
   * more than a floor from now is set again one jittered floor from now. Does nothing while no round
   * is pending (during {@code fire}, or once cancelled): the owner decides then.
   */
  public void toFloor() {
    if (pending == null) {
      return;
    }
    interval = floor;
    if (dueAt - runtime.now() > floor) {
      pending.cancel();
      pending = null;
      scheduleNext();
    }
  }

  /** Cancels the pending round; no round is set again until {@link #start}. */
  public void cancel() {
    stopped = true;
    if (pending != null) {
      pending.cancel();
      pending = null;
    }
  }

  /** The current interval in milliseconds. */
  public long interval() {
    return interval;
  }
}
