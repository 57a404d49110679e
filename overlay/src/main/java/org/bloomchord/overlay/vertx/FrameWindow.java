package org.bloomchord.overlay.vertx;

import io.vertx.core.Context;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Flow control of the frames a node's gateway sends to one other node: at most
 * {@link #MAX_IN_FLIGHT} frames in flight, the rest queued here, in order, until one in flight
 * ends. A request is in flight until its reply, failure or timeout; a one-way message until the
 * event bus wrote it to the connection. A queued frame whose deadline passes is dropped without
 * being sent (a request fails with a timeout at its deadline, as it would have anyway): work the
 * receiver could no longer answer in time is never handed to it.
 *
 * <p>Why: without a bound, a burst (a thousand publications, the summary pulls of 300 peers)
 * went into the event-bus connection at once. The receiver, sharing two cores with two other
 * JVMs, read it in order, so everything behind the burst waited, the event bus' ping among it:
 * its pong came after the 5 s the sender waited, the sender closed a healthy connection, and the
 * 28,000 messages queued on it failed at once. With the window, the connection holds at most
 * {@value #MAX_IN_FLIGHT} frames of ring traffic, so the ping and the node's probes (which do not
 * pass through the gateway) wait behind that much at most; the backlog waits here, at the sender,
 * and the peers see it as a longer round trip.
 *
 * <p>Thread-safe. A queued frame starts on the context that submitted it, so a peer's replies and
 * timeouts still reach it on its own thread.
 */
final class FrameWindow {

  /**
   * Frames in flight to one node. Many more than the ring needs when it is not overloaded (about
   * 1,700 requests a second with round trips of a few ms keep 10 to 30 in flight for 333 peers), so
   * the window only binds in a burst; few enough that the receiver works through them in well
   * under a second.
   */
  static final int MAX_IN_FLIGHT = 256;
  /** Frames queued for one node at most; beyond it a frame is shed at once (counted). */
  static final int MAX_QUEUED = 20_000;
  /** How long a one-way message may wait in the queue before it is dropped (a request waits its timeout). */
  static final long SEND_TTL_MS = 5_000;

  /** A frame to send: {@link #start} sends it and calls {@code done} once it is no longer in flight. */
  interface Frame {
    /** Sends the frame; {@code remainingMs} is what is left of its deadline. Calls {@code done} exactly once. */
    void start(long remainingMs, Runnable done);

    /** The frame is dropped unsent: its deadline passed in the queue, or the queue was full. */
    void drop();
  }

  private record Queued(Frame frame, Context context, long deadline) {
  }

  /** A frame in flight released at {@code deadline} by {@link #sweep} unless it ended before. */
  private record Held(AtomicBoolean ended, Runnable release, long deadline) {
  }

  private final int maxInFlight;
  private final int maxQueued;
  private final LongSupplier clock;
  private final FlowStats stats;
  private final ArrayDeque<Queued> queue = new ArrayDeque<>();
  /** Frames released by deadline, in the order they started (one TTL for all, so deadline order). */
  private final ArrayDeque<Held> held = new ArrayDeque<>();
  private int inFlight;

  FrameWindow(int maxInFlight, int maxQueued, LongSupplier clock, FlowStats stats) {
    if (maxInFlight < 1 || maxQueued < 0) {
      throw new IllegalArgumentException("maxInFlight >= 1 and maxQueued >= 0: " + maxInFlight + ", " + maxQueued);
    }
    this.maxInFlight = maxInFlight;
    this.maxQueued = maxQueued;
    this.clock = clock;
    this.stats = stats;
  }

  /**
   * Sends {@code frame} now when the window has room and nothing waits, else queues it until
   * {@code timeoutMs} from now; {@code context} is where a queued frame starts (null: the thread
   * that frees the slot).
   */
  void submit(Frame frame, long timeoutMs, Context context) {
    boolean now;
    boolean shed = false;
    long deadline = clock.getAsLong() + timeoutMs;
    synchronized (this) {
      now = inFlight < maxInFlight && queue.isEmpty();
      if (now) {
        inFlight++;
      } else if (queue.size() >= maxQueued) {
        shed = true;
      } else {
        queue.add(new Queued(frame, context, deadline));
        stats.countQueued(queue.size());
      }
    }
    if (now) {
      frame.start(timeoutMs, this::release);
    } else if (shed) {
      stats.countShed();
      frame.drop();
    }
  }

  private void release() {
    Queued next;
    long now = clock.getAsLong();
    List<Queued> expired = new ArrayList<>(0);
    synchronized (this) {
      inFlight--;
      next = pollLive(now, expired);
      if (next != null) {
        inFlight++;
      }
    }
    expired.forEach(this::expire);
    if (next != null) {
      Queued q = next;
      long remaining = Math.max(1, q.deadline() - now);
      if (q.context() == null) {
        q.frame().start(remaining, this::release);
      } else {
        q.context().runOnContext(v -> q.frame().start(remaining, this::release));
      }
    }
  }

  /** The next queued frame whose deadline has not passed; the expired ones before it are dropped. */
  private Queued pollLive(long now, List<Queued> expired) {
    for (Queued q; (q = queue.poll()) != null; ) {
      if (q.deadline() > now) {
        return q;
      }
      expired.add(q);
    }
    return null;
  }

  /**
   * Returns a runnable that runs {@code done} once: when it is called (the frame's write ended) or
   * at the first {@link #sweep} {@code ttlMs} from now, whichever comes first. For frames whose end
   * may never be reported; one list per window and the sweep's timer instead of a timer per frame.
   */
  Runnable releaseByDeadline(Runnable done, long ttlMs) {
    AtomicBoolean ended = new AtomicBoolean();
    Runnable once = () -> {
      if (ended.compareAndSet(false, true)) {
        done.run();
      }
    };
    synchronized (this) {
      held.add(new Held(ended, once, clock.getAsLong() + ttlMs));
    }
    return once;
  }

  /**
   * Drops the queued frames whose deadline passed and releases the held frames whose deadline
   * passed (called on a timer, so that none waits past it).
   */
  void sweep() {
    long now = clock.getAsLong();
    List<Queued> expired = new ArrayList<>(0);
    List<Runnable> overdue = new ArrayList<>(0);
    synchronized (this) {
      for (Held h; (h = held.peek()) != null && (h.ended().get() || h.deadline() <= now); ) {
        held.poll();
        if (!h.ended().get()) {
          overdue.add(h.release());
        }
      }
      for (Iterator<Queued> it = queue.iterator(); it.hasNext(); ) {
        Queued q = it.next();
        if (q.deadline() <= now) {
          it.remove();
          expired.add(q);
        }
      }
    }
    overdue.forEach(Runnable::run);
    expired.forEach(this::expire);
  }

  private void expire(Queued q) {
    stats.countExpired();
    if (q.context() == null) {
      q.frame().drop();
    } else {
      q.context().runOnContext(v -> q.frame().drop());
    }
  }

  /** Frames in flight now. */
  synchronized int inFlight() {
    return inFlight;
  }

  /** Frames queued now. */
  synchronized int queued() {
    return queue.size();
  }
}
