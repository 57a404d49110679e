package org.bloomchord.overlay;

import io.vertx.core.Future;

/**
 * The protocol side of a peer: state plus handlers, driven by a {@link PeerRuntime}.
 *
 * <p>Lifecycle: {@link #start} once when the peer is deployed; handlers while it runs;
 * {@link #leave} before a graceful departure (the runtime removes the peer when the returned future
 * completes); {@link #stop} last, on graceful leave and on crash alike. A crashed peer is simply
 * removed: it sends nothing more.
 */
public interface PeerProtocol {

  /** Called once on the peer's thread when it is deployed; returns when the peer is ready. */
  Future<Void> start(PeerRuntime runtime);

  /**
   * Handles a request and returns the reply. Throwing {@link MalformedMessageException} (or
   * returning a future failed with it) rejects the message: the runtime counts the rejection and
   * the requester's future fails with {@link RemoteRejectedException}.
   */
  Future<Message> onRequest(PeerRef from, Message message);

  /** Handles a one-way message; throwing {@link MalformedMessageException} rejects and counts it. */
  void onMessage(PeerRef from, Message message);

  /** Graceful departure: tell the neighbours, hand data over. The default leaves silently. */
  default Future<Void> leave() {
    return Future.succeededFuture();
  }

  /** Called last on the peer's thread; cancel timers here. */
  default void stop() {
  }
}
