package org.bloomchord.node;

import java.util.Objects;

/**
 * Something that happened to the ring of a {@link Node}, as its listeners see it.
 *
 * @param kind what happened
 * @param peer the peer concerned (its name)
 * @param predecessor for {@link Kind#NEIGHBOURS_CHANGED}, the peer's new predecessor (null if none)
 * @param successor for {@link Kind#NEIGHBOURS_CHANGED}, the peer's new successor (null if none)
 * @param timeMs wall-clock time of the observation, ms since the epoch
 */
public record RingEvent(Kind kind, String peer, String predecessor, String successor, long timeMs) {

  /** The kinds of ring events. */
  public enum Kind {
    /** A peer of this node joined the ring. */
    JOINED,
    /** A peer of this node left gracefully (it handed its keys to its successor). */
    LEFT,
    /** A peer of this node was crashed: it told nobody. */
    CRASHED,
    /** A peer's predecessor or successor changed (observed once per stabilize period). */
    NEIGHBOURS_CHANGED
  }

  public RingEvent {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(peer, "peer");
  }
}
