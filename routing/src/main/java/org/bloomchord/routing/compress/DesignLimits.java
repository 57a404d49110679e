package org.bloomchord.routing.compress;

import org.bloomchord.routing.bloom.BloomShape;

/**
 * Bounds on a compressed-filter design beyond its compressed size. Without them the optimum
 * degenerates: for a fixed compressed size the false-positive rate keeps falling as k goes to 1
 * and m grows without bound (Mitzenmacher), and for a fixed array it also falls as k grows far
 * past (m/n) ln 2, where the array becomes mostly ones and compresses just as well. The two
 * bounds stand for what a peer pays outside the wire: memory for the uncompressed array while
 * the filter is used, and hash probes per lookup.
 *
 * @param maxBitsPerElement the largest m/n allowed, positive
 * @param maxHashes the largest k allowed, 1 .. 64
 */
public record DesignLimits(double maxBitsPerElement, int maxHashes) {

  public DesignLimits {
    if (!(maxBitsPerElement > 0) || Double.isInfinite(maxBitsPerElement)) {
      throw new IllegalArgumentException("maxBitsPerElement must be positive and finite, got " + maxBitsPerElement);
    }
    if (maxHashes < 1 || maxHashes > BloomShape.MAX_HASHES) {
      throw new IllegalArgumentException("maxHashes must be in [1, " + BloomShape.MAX_HASHES + "], got " + maxHashes);
    }
  }

  /** The largest m for n keys: floor(maxBitsPerElement n), at most {@link BloomShape#MAX_BITS}. */
  public long maxBits(long elements) {
    double m = Math.floor(maxBitsPerElement * elements);
    return (long) Math.min(m, BloomShape.MAX_BITS);
  }
}
