package org.bloomchord.chord;

import io.vertx.core.Future;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * A protocol that runs on top of a {@link ChordPeer} (the routing module's filters and
 * reconciliation): it shares the peer's runtime, links and store through a narrow {@link ChordHost},
 * and adds its own message types.
 *
 * <p>Lifecycle, all on the peer's thread: {@link #attach} once at the start of
 * {@link ChordPeer#start}, before the peer joins (register handlers there with
 * {@link ChordHost#handleRequests} / {@link ChordHost#handleMessages}, and start timers through
 * {@link ChordHost#runtime()}); {@link #linksChanged} after any change of the peer's links
 * (coalesced: one call for several changes in one event); {@link #stop} when the peer stops. The
 * extension's message codecs go into the network's wire registry under tags 64 and above.
 */
public interface ChordExtension {

  /** Called once when the peer starts, before it joins. */
  void attach(ChordHost host);

  /** Called after the peer's links changed; {@code links} is the new snapshot. */
  default void linksChanged(Links links) {
  }

  /** Called when the peer stops (leave or crash); cancel timers here. */
  default void stop() {
  }

  /**
   * This extension as a {@code type}, or null: itself when it is one. An extension that runs
   * another in its place (decorates it) returns that one too, so that {@link ChordPeer#extension}
   * finds it by its own class.
   */
  default <E extends ChordExtension> E unwrap(Class<E> type) {
    return type.isInstance(this) ? type.cast(this) : null;
  }

  /** Handles requests of one extra message type; throw MalformedMessageException to reject. */
  @FunctionalInterface
  interface RequestHandler<M extends Message> {
    Future<Message> handle(PeerRef from, M message);
  }

  /** Handles one-way messages of one extra message type; throw MalformedMessageException to reject. */
  @FunctionalInterface
  interface MessageHandler<M extends Message> {
    void handle(PeerRef from, M message);
  }
}
