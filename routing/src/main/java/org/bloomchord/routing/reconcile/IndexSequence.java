package org.bloomchord.routing.reconcile;

import org.bloomchord.routing.hash.Murmur3;

/**
 * The pseudo-random sequence of coded-symbol indexes an element is mapped to in the rateless IBLT
 * of Yang, Gilad and Alizadeh (SIGCOMM 2024): symbol 0 holds every element, and symbol i holds a
 * given element with probability rho(i) = 1 / (1 + alpha i), alpha = 1/2, independently of the
 * other indexes.
 *
 * <p>Sampling: with rho(k) = 2 / (k + 2), the probability that the index after i exceeds j is the
 * product over k in (i, j] of k / (k + 2), which telescopes to (i+1)(i+2) / ((j+1)(j+2)). So with u
 * uniform in (0, 1] the next index is the least j with (j+1)(j+2) &gt; (i+1)(i+2) / u, that is
 * {@code j = floor(sqrt((i+1)(i+2)/u + 1/4) - 3/2) + 1}: one square root per index, exact in
 * distribution. The state is a 64-bit Weyl counter seeded from the element's hash and mixed by the
 * MurmurHash3 finaliser, so both peers derive the same sequence for the same element.
 */
final class IndexSequence {

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  /** Indexes beyond this are never reached (symbol counts are ints); it keeps the arithmetic finite. */
  static final long FAR = 1L << 40;

  private IndexSequence() {
  }

  /** The initial generator state of an element with the given mapping hash. */
  static long seed(long mappingHash) {
    return mappingHash;
  }

  /** The generator state after one draw. */
  static long advance(long state) {
    return state + GOLDEN;
  }

  /** The index that follows {@code last} for a generator in {@code state} (already advanced). */
  static long next(long last, long state) {
    // 1/u depends on the state only, so its division is off the chain that runs from index to index
    double inverseU = 0x1.0p53 / ((Murmur3.fmix64(state) >>> 11) + 1);
    double a = (double) (last + 1) * (last + 2);
    double t = Math.sqrt(a * inverseU + 0.25) - 1.5;
    // t >= last >= 0, so the cast is the floor
    long j = (long) t + 1;
    if (j <= last) {
      j = last + 1;
    }
    return Math.min(j, FAR);
  }
}
