package org.bloomchord.routing.bloom;

import org.bloomchord.routing.hash.Hash128;

/**
 * The k probe positions of one key for one {@link BloomShape}, precomputed as word indexes and bit
 * masks: "hash once, probe many". Testing a key against d filters on each of ~20 links costs one
 * hash and then only k word reads per filter.
 */
public final class Probes {

  private final BloomShape shape;
  private final int[] wordIndex;
  private final long[] mask;

  Probes(BloomShape shape, Hash128 h) {
    this.shape = shape;
    int k = shape.hashes();
    long m = shape.bits();
    wordIndex = new int[k];
    mask = new long[k];
    long g = h.h1();
    long d = h.h2();
    for (int i = 0; i < k; i++) {
      long pos = (g >>> 1) % m;
      wordIndex[i] = (int) (pos >>> 6);
      mask[i] = 1L << pos;
      g += d;
      d += i + 1;
    }
  }

  /** The shape these probes were computed for. */
  public BloomShape shape() {
    return shape;
  }

  /** The bit position of probe i (positions may repeat). */
  public long position(int i) {
    return ((long) wordIndex[i] << 6) + Long.numberOfTrailingZeros(mask[i]);
  }

  /** Number of probes, k. */
  public int count() {
    return wordIndex.length;
  }

  void set(long[] words) {
    for (int i = 0; i < wordIndex.length; i++) {
      words[wordIndex[i]] |= mask[i];
    }
  }

  boolean allSet(long[] words) {
    // no early exit: with few probes per filter, a mispredicted branch costs more than the loads
    long missing = 0;
    for (int i = 0; i < wordIndex.length; i++) {
      missing |= mask[i] & ~words[wordIndex[i]];
    }
    return missing == 0;
  }
}
