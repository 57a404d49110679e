package org.bloomchord.chord;

import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Sees the messages a peer handles, for extensions that record traffic (traceback digests): every
 * request and one-way message the peer receives, before it is dispatched, and every request and
 * one-way message it sends, its own and its extensions'. Replies are not shown. Called on the
 * peer's thread; it must be quick and must not throw.
 */
@FunctionalInterface
public interface MessageObserver {

  /** Which way a message went. */
  enum Direction {
    /** Received from {@code link}. */
    RECEIVED,
    /** Sent to {@code link}. */
    SENT
  }

  /** {@code message} was received from, or sent to, {@code link}. */
  void handled(Direction direction, PeerRef link, Message message);
}
