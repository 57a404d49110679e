package org.bloomchord.routing.heavy;

/** How a {@link WindowedCountingFilter} adds an occurrence to an item's counters. */
public enum UpdateRule {
  /** Every one of the item's k counters grows by the weight (a counting Bloom filter). */
  PLAIN,
  /**
   * Conservative update (Estan and Varghese, SIGCOMM 2002): a counter grows only as far as the
   * item's new estimate needs, to at most (old estimate + weight); the estimate is the same, other
   * items' estimates grow less. For unit weights it is the spectral filter's minimal increase.
   */
  CONSERVATIVE
}
