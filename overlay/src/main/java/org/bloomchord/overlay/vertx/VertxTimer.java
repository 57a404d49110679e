package org.bloomchord.overlay.vertx;

import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Jitter;

/**
 * A one-shot ({@code periodMs == 0}) or jittered periodic timer of a peer: set on the network's
 * {@link TimerWheel}, run on the peer's context. A periodic timer sets its next interval before
 * the task runs. Once cancelled, or once its peer is gone, it never runs the task again.
 */
final class VertxTimer implements Cancellable {

  private final PeerVerticle peer;
  private final TimerWheel wheel;
  private final Runnable task;
  private final long periodMs;
  private final double jitter;
  private volatile boolean cancelled;
  /** When the wheel is to fire it, in nanoseconds on the wheel's clock (written before each hand-over to the wheel). */
  long dueNanos;

  VertxTimer(PeerVerticle peer, TimerWheel wheel, Runnable task, long periodMs, double jitter) {
    this.peer = peer;
    this.wheel = wheel;
    this.task = task;
    this.periodMs = periodMs;
    this.jitter = jitter;
  }

  /** Sets the timer to fire {@code delayMs} from now (at least 1 ms). */
  void schedule(long delayMs) {
    wheel.add(this, delayMs);
  }

  boolean cancelled() {
    return cancelled;
  }

  /** Called by the wheel when due: runs the timer on its peer's context, unless it is cancelled or the peer gone. */
  void fire() {
    if (cancelled || !peer.alive()) {
      return;
    }
    peer.context().runOnContext(v -> run());
  }

  private void run() {
    if (cancelled || !peer.alive()) {
      return;
    }
    if (periodMs > 0) {
      schedule(Jitter.interval(periodMs, jitter, peer.random()));
    }
    try {
      task.run();
    } catch (Throwable e) {
      peer.handlerError("timer", e);
    }
  }

  @Override
  public void cancel() {
    cancelled = true;
  }
}
