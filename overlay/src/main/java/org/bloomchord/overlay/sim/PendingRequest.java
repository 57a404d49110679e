package org.bloomchord.overlay.sim;

import io.vertx.core.Promise;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;

/**
 * A request waiting for its reply. The object is itself the timeout event, and the request's and
 * the reply's frames name it as their sender, so correlation needs no table. Whichever of reply and timeout comes first settles
 * the promise (a reply takes the timeout out of the queue); the other finds {@link #done} set and
 * does nothing. Nothing settles it once the
 * requester is gone.
 */
final class PendingRequest extends SimEvent {

  final SimPeer requester;
  /** The requester's ref, which the request names as its sender. */
  final PeerRef from;
  final PeerRef to;
  final long timeoutMs;
  final Promise<Message> promise = Promise.promise();
  boolean done;

  PendingRequest(SimPeer requester, PeerRef to, long timeoutMs) {
    this.requester = requester;
    this.from = requester.ref;
    this.to = to;
    this.timeoutMs = timeoutMs;
  }

  @Override
  SimPeer owner() {
    return requester;
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

  @Override
  void fire() {
    if (settle()) {
      promise.fail(new RequestTimeoutException(to, timeoutMs));
    }
  }
}
