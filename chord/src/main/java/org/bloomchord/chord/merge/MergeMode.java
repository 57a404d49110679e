package org.bloomchord.chord.merge;

/**
 * How a peer that learnt of another ring spreads the news through its own ring. Detection (the
 * remembered failed peers, {@code offerContact}) and the join of one peer into the other ring are
 * the same in every mode but {@link #OFF}; the modes differ only in who is told next, which is what
 * the published algorithms differ in (docs/architecture/ring-merge.md).
 */
public enum MergeMode {

  /** Plain Chord: no detection, no merge; two rings meet only through stabilize's recovery. */
  OFF,

  /**
   * Simple ring unification after Shafaat, Ghodsi and Haridi: the news travels from each peer to
   * its successor only, one peer at a time, so a ring of N peers is unified in O(N) time.
   */
  SIMPLE,

  /**
   * Gossip-based ring unification after the same authors: the news goes to the successor and to
   * {@link MergeOptions#fanout()} random peers of the table, each peer forwarding an epoch once.
   */
  GOSSIP,

  /**
   * This project's: the news is broadcast over finger intervals (each peer covers the arc up to
   * the next finger of its parent), reaching every peer of a ring in about log2 N forwarding
   * steps with one message per peer; every peer then joins itself into the other ring in parallel.
   */
  BROADCAST
}
