package org.bloomchord.chord.lookup;

/** How a peer resolves the successor of a key. */
public enum LookupMode {
  /**
   * Each peer forwards the query to its closest preceding peer and the key's predecessor sends the
   * answer straight back to the origin; every forward is acknowledged by its next hop.
   */
  RECURSIVE,
  /** The origin asks each peer on the path for its next hop itself. */
  ITERATIVE
}
