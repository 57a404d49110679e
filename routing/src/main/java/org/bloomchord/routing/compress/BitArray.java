package org.bloomchord.routing.compress;

/**
 * Read access to the bits of a filter's backing words, in the order the codecs use: bit i is bit
 * {@code i & 63} of word {@code i >>> 6}, starting from the least significant bit.
 */
final class BitArray {

  private BitArray() {
  }

  static boolean get(long[] words, long i) {
    return (words[(int) (i >>> 6)] & (1L << i)) != 0;
  }

  static void set(long[] words, long i) {
    words[(int) (i >>> 6)] |= 1L << i;
  }

  static long cardinality(long[] words) {
    long c = 0;
    for (long w : words) {
      c += Long.bitCount(w);
    }
    return c;
  }

  static int words(long bits) {
    return (int) ((bits + 63) >>> 6);
  }
}
