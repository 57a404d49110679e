package org.bloomchord.routing.compress;

import java.util.SplittableRandom;

/** Random bit arrays for the coders' tests. */
final class RandomBits {

  private RandomBits() {
  }

  /** {@code bits} bits, each set with probability {@code share}. */
  static long[] of(SplittableRandom r, long bits, double share) {
    long[] words = new long[BitArray.words(bits)];
    for (long i = 0; i < bits; i++) {
      if (r.nextDouble() < share) {
        BitArray.set(words, i);
      }
    }
    return words;
  }
}
