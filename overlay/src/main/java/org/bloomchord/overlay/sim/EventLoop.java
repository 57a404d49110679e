package org.bloomchord.overlay.sim;

import java.util.function.BooleanSupplier;
import java.util.function.BiConsumer;

/**
 * The simulator's single-threaded loop: a virtual clock in milliseconds and the queue of events
 * still to happen.
 *
 * <p>Invariants: the clock never goes back; an event fires with the clock at its time; events fire
 * in (time, scheduling order); an event scheduled beyond the end of time (a delay overflowing the
 * clock, or a negative one) waits at {@link Long#MAX_VALUE}; an exception escaping an event is
 * handed to the error handler and the loop goes on. The clock is the {@link EventQueue}'s.
 */
final class EventLoop {

  private final EventQueue queue = new EventQueue();
  private final BiConsumer<SimEvent, Throwable> onError;
  private long fired;
  private boolean running;

  /** {@code onError} gets what an event threw, Errors included, and the loop goes on. */
  EventLoop(BiConsumer<SimEvent, Throwable> onError) {
    this.onError = onError;
  }

  long now() {
    return queue.now();
  }

  /** Events fired so far. */
  long fired() {
    return fired;
  }

  /** Events still queued. */
  int pending() {
    return queue.size();
  }

  /** Whether an event is firing right now (so the caller is a simulated peer, not the driver). */
  boolean running() {
    return running;
  }

  /** Queues {@code e} to fire {@code delayMs} from now. */
  void schedule(SimEvent e, long delayMs) {
    long now = queue.now();
    long t = now + delayMs;
    queue.add(e, t < now ? Long.MAX_VALUE : t);
  }

  /** Takes a queued event out before it fires; does nothing if it is not queued. */
  void cancel(SimEvent e) {
    queue.remove(e);
  }

  /**
   * Fires events in order until {@code done} holds or the next event lies beyond {@code deadline};
   * in the latter case the clock moves to the deadline. Returns whether {@code done} held.
   */
  boolean runUntil(long deadline, BooleanSupplier done) {
    running = true;
    try {
      while (!done.getAsBoolean()) {
        SimEvent e = queue.poll(deadline);
        if (e == null) {
          return false;
        }
        fired++;
        try {
          e.fire();
        } catch (Throwable ex) {
          onError.accept(e, ex);
        }
      }
      return true;
    } finally {
      running = false;
    }
  }
}
