package org.bloomchord.overlay.sim;

import io.vertx.core.Completable;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.ReplyListener;
import org.bloomchord.overlay.RequestTimeoutException;

/**
 * A request waiting for its reply. The object is itself the request's timeout event, and the
 * request's and the reply's frames name it as their sender, so correlation needs no table.
 * Whichever of reply and timeout comes first settles it (a reply takes the timeout out of the
 * queue); the other finds {@link #done} set and does nothing. Nothing settles it once the requester
 * is gone.
 *
 * <p>A request with a soft deadline ({@link ReplyListener}) waits in the queue at that deadline
 * first: when it fires, the listener hears {@link ReplyListener#overdue()} and the object waits
 * again, for the timeout. A reply that arrives in the very millisecond of the timeout is dropped,
 * as the timeout queued at the request's own time would have come first.
 */
final class PendingRequest extends SimEvent {

  final SimPeer requester;
  /** The requester's ref, which the request names as its sender. */
  final PeerRef from;
  final PeerRef to;
  final long timeoutMs;
  /** The time at which the request times out. */
  final long deadline;
  private final Completable<Message> listener;
  /** The listener to tell of the soft deadline, while it lies ahead; else null. */
  private ReplyListener soft;
  boolean done;

  /**
   * @param soft the listener, when it is to hear of a soft deadline before the timeout; else null
   *     (the pending request then waits in the queue for its timeout alone)
   */
  PendingRequest(SimPeer requester, PeerRef to, long timeoutMs, Completable<Message> listener, ReplyListener soft) {
    this.requester = requester;
    this.from = requester.ref;
    this.to = to;
    this.timeoutMs = timeoutMs;
    this.deadline = requester.transport.loop.now() + timeoutMs;
    this.listener = listener;
    this.soft = soft;
  }

  @Override
  SimPeer owner() {
    return requester;
  }

  /** Whether a reply arriving now comes too late: the request timed out, or times out in this millisecond. */
  boolean expired() {
    return done || requester.transport.loop.now() >= deadline;
  }

  /** Settles the request unless it already is or the requester is gone; returns whether it may. */
  boolean settle() {
    if (done) {
      return false;
    }
    done = true;
    requester.transport.loop.cancel(this);
    return requester.alive;
  }

  /** Completes the request with {@code reply} (settled already). */
  void succeed(Message reply) {
    listener.complete(reply, null);
  }

  /** Fails the request with {@code failure} (settled already). */
  void fail(Throwable failure) {
    listener.complete(null, failure);
  }

  @Override
  void fire() {
    ReplyListener overdue = soft;
    if (overdue != null) {
      soft = null;
      EventLoop loop = requester.transport.loop;
      loop.schedule(this, deadline - loop.now());
      if (requester.alive) {
        overdue.overdue();
      }
      return;
    }
    if (settle()) {
      fail(new RequestTimeoutException(to, timeoutMs));
    }
  }
}
