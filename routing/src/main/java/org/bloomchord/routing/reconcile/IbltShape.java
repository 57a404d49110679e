package org.bloomchord.routing.reconcile;

import java.util.Objects;

/**
 * The shape of an invertible Bloom lookup table: the number of cells, the number of hash functions
 * k and the element shape. The cells are split into k disjoint sub-tables of {@code cells / k}
 * cells, one per hash function, so an element always lands in k distinct cells.
 *
 * @param cells number of cells, a positive multiple of {@code hashes}, at most {@value #MAX_CELLS}
 * @param hashes k, from 2 to {@value #MAX_HASHES}
 * @param element the element shape
 */
public record IbltShape(int cells, int hashes, ElementShape element) {

  /** Largest table accepted (and so the largest a decoder allocates): 2^24 cells. */
  public static final int MAX_CELLS = 1 << 24;
  /** Largest k. */
  public static final int MAX_HASHES = 8;

  public IbltShape {
    Objects.requireNonNull(element, "element");
    if (hashes < 2 || hashes > MAX_HASHES) {
      throw new IllegalArgumentException("hashes must be in [2, " + MAX_HASHES + "], got " + hashes);
    }
    if (cells < hashes || cells > MAX_CELLS || cells % hashes != 0) {
      throw new IllegalArgumentException("cells must be a multiple of " + hashes + " in [" + hashes + ", "
          + MAX_CELLS + "], got " + cells);
    }
  }

  /**
   * The shape with at least {@code minCells} cells, rounded up to a multiple of k (and capped at
   * {@link #MAX_CELLS}).
   */
  public static IbltShape atLeast(long minCells, int hashes, ElementShape element) {
    long c = Math.max(hashes, minCells);
    c = (c + hashes - 1) / hashes * hashes;
    long cap = MAX_CELLS / hashes * hashes;
    return new IbltShape((int) Math.min(c, cap), hashes, element);
  }

  /** Cells per sub-table. */
  public int subTableCells() {
    return cells / hashes;
  }
}
