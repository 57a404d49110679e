package org.bloomchord.routing.bloom;

import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * The shape of a Bloom filter: m bits and k probes. Filters combine (union, intersection) only
 * with filters of the same shape, and a key's {@link Probes} computed once for a shape test any
 * number of filters of that shape.
 *
 * <p>Probe i of a key with 128-bit hash (h1, h2) is {@code g_i mod m}, where g_i follows enhanced
 * double hashing (Dillinger and Manolios; Kirsch and Mitzenmacher showed two hashes suffice):
 * {@code g_0 = h1, g_{i+1} = g_i + d_i, d_0 = h2, d_{i+1} = d_i + (i + 1)}, all in 64-bit
 * arithmetic, and the reduction uses the top 63 bits of g_i. Reducing modulo m (rather than by
 * multiply-shift) is what makes halving by folding the two halves exact: g mod (m/2) = (g mod m)
 * mod (m/2).
 *
 * @param bits m, the number of bits, 1 .. {@link #MAX_BITS}
 * @param hashes k, the number of probes, 1 .. {@link #MAX_HASHES}
 */
public record BloomShape(long bits, int hashes) {

  /** Largest m: 2^31 words of 64 bits. */
  public static final long MAX_BITS = (long) Integer.MAX_VALUE * 64;
  /** Largest k. */
  public static final int MAX_HASHES = 64;

  public BloomShape {
    if (bits < 1 || bits > MAX_BITS) {
      throw new IllegalArgumentException("bits must be in [1, " + MAX_BITS + "], got " + bits);
    }
    if (hashes < 1 || hashes > MAX_HASHES) {
      throw new IllegalArgumentException("hashes must be in [1, " + MAX_HASHES + "], got " + hashes);
    }
  }

  /** The shape with k optimal for n elements in m bits, k = round((m/n) ln 2), at least 1. */
  public static BloomShape optimal(long bits, long expectedElements) {
    return new BloomShape(bits, BloomMath.optimalHashes(bits, expectedElements));
  }

  /** The shape for n elements at a target false-positive rate, with optimal m and k. */
  public static BloomShape forFalsePositiveRate(long expectedElements, double falsePositiveRate) {
    long m = BloomMath.optimalBits(expectedElements, falsePositiveRate);
    return optimal(m, expectedElements);
  }

  /** Number of 64-bit words backing a filter of this shape. */
  public int words() {
    return (int) ((bits + 63) >>> 6);
  }

  /** The probe positions of a key's hash. */
  public Probes probes(Hash128 h) {
    return new Probes(this, h);
  }

  /** The probe positions of a long key. */
  public Probes probes(long key) {
    return probes(Murmur3.hash128(key));
  }

  /** The probe positions of a byte-array key. */
  public Probes probes(byte[] key) {
    return probes(Murmur3.hash128(key));
  }

  /** The same number of probes over half the bits; requires an even m. */
  public BloomShape halved() {
    if ((bits & 1) != 0 || bits < 2) {
      throw new IllegalArgumentException("cannot halve a filter of " + bits + " bits: m must be even");
    }
    return new BloomShape(bits / 2, hashes);
  }

  @Override
  public String toString() {
    return "BloomShape[m=" + bits + ", k=" + hashes + "]";
  }
}
