package org.bloomchord.overlay.sim;

import org.bloomchord.overlay.Cancellable;

/**
 * A one-shot ({@code periodMs == 0}) or periodic timer of one peer. A periodic timer reschedules
 * its own event object before running the task, with a fresh jittered interval, so a long run
 * allocates nothing per tick. Cancelling takes its event out of the queue.
 */
final class SimTimer extends SimEvent implements Cancellable {

  private final SimPeer peer;
  private final Runnable task;
  private final long periodMs;
  private final double jitter;
  private boolean cancelled;

  SimTimer(SimPeer peer, Runnable task, long periodMs, double jitter) {
    this.peer = peer;
    this.task = task;
    this.periodMs = periodMs;
    this.jitter = jitter;
  }

  @Override
  SimPeer owner() {
    return peer;
  }

  @Override
  public void cancel() {
    if (!cancelled) {
      cancelled = true;
      peer.transport.loop.cancel(this);
    }
  }

  @Override
  void fire() {
    if (cancelled || !peer.alive) {
      return;
    }
    if (periodMs > 0) {
      peer.transport.loop.schedule(this, peer.interval(periodMs, jitter));
    }
    try {
      task.run();
    } catch (Throwable e) {
      peer.transport.handlerError("timer", peer, e);
    }
  }
}
