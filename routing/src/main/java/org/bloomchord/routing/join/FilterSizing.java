package org.bloomchord.routing.join;

import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.bloom.BloomShape;

/**
 * The size of the semi-join's Bloom filter that minimises the bytes of the exchange (source notes
 * 003): a filter of m bits over the n distinct join values of R costs m/8 bytes and lets through
 * each non-matching tuple of S with probability p(m) = (1 − (1 − 1/m)^{kn})^k (k = round((m/n) ln 2)),
 * each costing T bytes. R's peer knows n and the size M of S (catalogue statistics) but not how many
 * tuples of S match, so it minimises m/8 + p(m) M T, over whole 64-bit words: M bounds the
 * non-matching tuples from above, which errs toward a slightly larger filter.
 */
public final class FilterSizing {

  /** Smallest filter, in bits. */
  public static final long MIN_BITS = 64;

  private FilterSizing() {
  }

  /** The filter shape for n distinct keys against M tuples of T bytes. */
  public static BloomShape optimal(long distinctKeys, long rightRows, int tupleBytes) {
    long n = Math.max(1, distinctKeys);
    double best = Double.POSITIVE_INFINITY;
    long bestBits = MIN_BITS;
    // the cost is convex enough in m that a geometric scan then a local refinement finds the minimum
    for (long m = MIN_BITS; m <= JoinWire.MAX_FILTER_BITS; m += Math.max(64, (m / 64 / 32) * 64)) {
      double c = cost(m, n, rightRows, tupleBytes);
      if (c < best) {
        best = c;
        bestBits = m;
      }
      if (m > 64 * n && c > 2 * best) {
        break;
      }
    }
    return new BloomShape(bestBits, BloomMath.optimalHashes(bestBits, n));
  }

  /** Expected bytes of filter plus false matches for an m-bit filter: m/8 + p(m) nonMatching T. */
  public static double cost(long bits, long distinctKeys, long nonMatching, int tupleBytes) {
    return bits / 8.0 + falsePositiveRate(bits, distinctKeys) * nonMatching * tupleBytes;
  }

  /** p(m) with the optimal k for n keys. */
  public static double falsePositiveRate(long bits, long distinctKeys) {
    long n = Math.max(1, distinctKeys);
    return BloomMath.falsePositiveExact(bits, BloomMath.optimalHashes(bits, n), n);
  }
}
