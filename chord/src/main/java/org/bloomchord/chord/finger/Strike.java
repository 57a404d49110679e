package org.bloomchord.chord.finger;

/** What a failed request to a peer amounts to ({@link RoutingTable#strike}). */
public enum Strike {
  /** Counted: fewer than {@link Suspicion#STRIKES} failures in a row so far; the peer keeps its place. */
  COUNTED,
  /** The {@link Suspicion#STRIKES}-th failure in a row: the caller suspects the peer. */
  SUSPECT
}
