package org.bloomchord.chord;

/**
 * The life of a Chord peer.
 *
 * <pre>
 *   JOINING --(join lookup answered)--> ACTIVE --(leave)--> LEAVING --> STOPPED
 *      |                                   |                              ^
 *      +--(join failed)--> STOPPED         +--------(crash / stop)--------+
 * </pre>
 *
 * A peer that creates a ring starts ACTIVE.
 */
public enum PeerState {
  /** Looking up its own id through the bootstrap peer; serves no routing requests yet. */
  JOINING,
  /** On the ring: routes, stores and runs maintenance. */
  ACTIVE,
  /** Handing its keys to its successor; serves no routing requests. */
  LEAVING,
  /** Stopped (left, crashed, or failed to join). */
  STOPPED
}
