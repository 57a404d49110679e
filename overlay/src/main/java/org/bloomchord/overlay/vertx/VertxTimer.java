package org.bloomchord.overlay.vertx;

import io.vertx.core.Handler;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Jitter;

/**
 * A one-shot ({@code periodMs == 0}) or jittered periodic timer on its peer's context. A periodic
 * timer is a chain of one-shot Vert.x timers, each set with a fresh interval before the task runs.
 * Once cancelled, or once its peer is gone, it never runs the task again.
 */
final class VertxTimer implements Cancellable, Handler<Long> {

  private final PeerVerticle peer;
  private final Runnable task;
  private final long periodMs;
  private final double jitter;
  private volatile boolean cancelled;
  private volatile long timerId = -1;

  VertxTimer(PeerVerticle peer, Runnable task, long periodMs, double jitter) {
    this.peer = peer;
    this.task = task;
    this.periodMs = periodMs;
    this.jitter = jitter;
  }

  /** Sets the next Vert.x timer on the peer's context (see {@link PeerVerticle#onOwnThread}). */
  void schedule(long delayMs) {
    long delay = Math.max(1, delayMs);
    peer.onOwnThread(() -> {
      if (!cancelled) {
        timerId = peer.owner().setTimer(delay, this);
      }
    });
  }

  /** The id of the Vert.x timer set last, -1 before the first is set. */
  long timerId() {
    return timerId;
  }

  @Override
  public void handle(Long id) {
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
    long id = timerId;
    if (id >= 0) {
      peer.owner().cancelTimer(id);
    }
  }
}
