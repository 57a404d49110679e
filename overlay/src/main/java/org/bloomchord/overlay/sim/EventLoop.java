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
 * Messages travel as frames ({@link #scheduleFrame}), handed at their time to the
 * {@link FrameSink}; they fire in the same (time, scheduling order) as events.
 */
final class EventLoop {

  /** Where frames go when their time comes. */
  interface FrameSink {

    /**
     * Delivers the frame of {@code length} bytes at {@code offset} in {@code bytes} (valid during
     * this call only, until something is scheduled) from {@code from} to {@code to}, the objects
     * given to {@link #scheduleFrame}.
     */
    void deliver(Object from, Object to, byte[] bytes, int offset, int length);
  }

  private final EventQueue queue = new EventQueue();
  private final BiConsumer<SimEvent, Throwable> onError;
  private final FrameSink frames;
  private long fired;
  private boolean running;

  /**
   * {@code onError} gets what an event threw, Errors included, and the loop goes on; for what a
   * frame's delivery threw, the event is null.
   */
  EventLoop(BiConsumer<SimEvent, Throwable> onError, FrameSink frames) {
    this.onError = onError;
    this.frames = frames;
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
    queue.add(e, timeAfter(delayMs));
  }

  /**
   * Queues a frame ({@code length} bytes of {@code src}, copied) for delivery {@code delayMs} from
   * now, or returns false, queueing nothing, when that lies beyond the queue's window of 65.5 s.
   */
  boolean scheduleFrame(Object from, Object to, byte[] src, int length, long delayMs) {
    return queue.addFrame(from, to, src, 0, length, timeAfter(delayMs));
  }

  private long timeAfter(long delayMs) {
    long now = queue.now();
    long t = now + delayMs;
    return t < now ? Long.MAX_VALUE : t;
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
        int kind = queue.next(deadline);
        if (kind == EventQueue.NONE) {
          return false;
        }
        fired++;
        if (kind == EventQueue.EVENT) {
          SimEvent e = queue.event();
          try {
            e.fire();
          } catch (Throwable ex) {
            onError.accept(e, ex);
          }
        } else {
          try {
            frames.deliver(queue.frameFrom(), queue.frameTo(), queue.frameBytes(), queue.frameOffset(),
                queue.frameLength());
          } catch (Throwable ex) {
            onError.accept(null, ex);
          }
        }
      }
      return true;
    } finally {
      running = false;
    }
  }
}
