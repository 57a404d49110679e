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
  /** The time at which the request times out. */
  final long deadline;
  /** The timeout, as its failure names it (an int keeps the object at 56 bytes). */
  private final int timeoutMs;
  private final Completable<Message> listener;
  /** Whether the listener, a {@link ReplyListener}, is still to hear of the soft deadline. */
  private boolean soft;
  boolean done;

  /**
   * @param now the time the request is sent, by the transport's clock
   * @param soft whether the listener, then a {@link ReplyListener}, is to hear of a soft deadline
   *     before the timeout (else the pending request waits in the queue for its timeout alone)
   */
  PendingRequest(SimPeer requester, PeerRef to, long now, long timeoutMs, Completable<Message> listener, boolean soft) {
    if (soft && !(listener instanceof ReplyListener)) {
      throw new IllegalArgumentException("a soft deadline needs a ReplyListener");
    }
    this.requester = requester;
    this.from = requester.ref;
    this.to = to;
    this.deadline = now + timeoutMs;
    this.timeoutMs = (int) Math.min(timeoutMs, Integer.MAX_VALUE);
    this.listener = listener;
    this.soft = soft;
  }

  @Override
  SimPeer owner() {
    return requester;
  }

  /** Whether a reply arriving at {@code now} comes too late: the request timed out, or times out in this millisecond. */
  boolean expired(long now) {
    return done || now >= deadline;
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
    if (soft) {
      soft = false;
      EventLoop loop = requester.transport.loop;
      loop.schedule(this, deadline - loop.now());
      if (requester.alive) {
        ((ReplyListener) listener).overdue();
      }
      return;
    }
    if (settle()) {
      fail(new RequestTimeoutException(to, timeoutMs));
    }
  }
}
