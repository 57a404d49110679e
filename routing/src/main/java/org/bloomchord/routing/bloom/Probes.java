package org.bloomchord.routing.bloom;

import org.bloomchord.routing.hash.Hash128;

/**
 * The k probe positions of one key for one {@link BloomShape}, precomputed as word indexes and bit
 * masks: "hash once, probe many". Testing a key against d filters on each of ~20 links costs one
 * hash and then only k word reads per filter.
 */
public final class Probes {

  private final BloomShape shape;
  // bit positions: the word index is pos >>> 6 and, since shifts use the low six bits, the mask is
  // 1L << pos; one array keeps a probe to a single load
  private final long[] positions;

  Probes(BloomShape shape, Hash128 h) {
    this.shape = shape;
    int k = shape.hashes();
    long m = shape.bits();
    positions = new long[k];
    long g = h.h1();
    long d = h.h2();
    for (int i = 0; i < k; i++) {
      positions[i] = (g >>> 1) % m;
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
    return positions[i];
  }

  /** Number of probes, k. */
  public int count() {
    return positions.length;
  }

  void set(long[] words) {
    for (long p : positions) {
      words[(int) (p >>> 6)] |= 1L << p;
    }
  }

  // no early exit: with few probes per filter, a mispredicted branch costs more than the loads
  boolean allSetAt(long[] words, int offset) {
    long missing = 0;
    for (long p : positions) {
      missing |= (1L << p) & ~words[offset + (int) (p >>> 6)];
    }
    return missing == 0;
  }

  boolean allSet(long[] words) {
    return allSetAt(words, 0);
  }
}
