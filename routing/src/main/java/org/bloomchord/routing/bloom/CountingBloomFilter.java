package org.bloomchord.routing.bloom;

import java.util.Objects;
import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * A counting Bloom filter (Fan, Cao, Almeida and Broder): every bit of a plain filter is replaced
 * by a 4-bit saturating counter, so keys can be removed. Counters are packed sixteen to a
 * {@code long}; counter i sits in bits {@code 4 (i mod 16) .. 4 (i mod 16) + 3} of word i / 16.
 *
 * <p>A key touches the same m positions as in a {@link BloomFilter} of the same {@link BloomShape}
 * (one increment per probe, so a position probed twice by one key is incremented twice); hence
 * {@link #toBloomFilter()} equals the plain filter built from the keys currently held.
 *
 * <p>Invariants:
 * <ul>
 *   <li>every counter is in [0, {@link #MAX_COUNT}];
 *   <li>a counter that reached {@link #MAX_COUNT} (saturated) is never decremented again: once a
 *       counter overflowed, its true count is unknown, and decrementing it could bring it to zero
 *       while keys still map there, which would turn those keys into false negatives. A saturated
 *       counter therefore stays set for the filter's life; it only costs false positives;
 *   <li>a key that was added and not removed is always reported present (no false negatives),
 *       provided only keys that were added are removed. Removing a key the filter proves absent
 *       (some probed counter too small to hold it) is refused and changes nothing.
 * </ul>
 * Not thread-safe.
 */
public final class CountingBloomFilter {

  /** The largest value a 4-bit counter holds; a counter at this value is saturated. */
  public static final int MAX_COUNT = 15;

  /** What {@link #remove} did. */
  public enum Removal {
    /** Every probed counter was decremented. */
    REMOVED,
    /** Decremented, except counters that are saturated and stay at {@link #MAX_COUNT}. */
    REMOVED_EXCEPT_SATURATED,
    /** Refused: some probed counter is below the key's own contribution, so it was never added. */
    CERTAINLY_ABSENT
  }

  private final BloomShape shape;
  private final long[] words;

  /** An empty filter of the given shape (m counters, k probes). */
  public CountingBloomFilter(BloomShape shape) {
    this.shape = Objects.requireNonNull(shape, "shape");
    this.words = new long[Math.toIntExact((shape.bits() + 15) >>> 4)];
  }

  /** An empty filter of m counters and k probes. */
  public CountingBloomFilter(long counters, int hashes) {
    this(new BloomShape(counters, hashes));
  }

  /** This filter's shape: m is the number of counters. */
  public BloomShape shape() {
    return shape;
  }

  /** Adds a key given by its probes; saturated counters stay at {@link #MAX_COUNT}. */
  public void add(Probes probes) {
    checkShape(probes.shape());
    for (int i = 0, k = probes.count(); i < k; i++) {
      long pos = probes.position(i);
      int c = counter(pos);
      if (c < MAX_COUNT) {
        setCounter(pos, c + 1);
      }
    }
  }

  /** Adds a key given by its hash. */
  public void add(Hash128 h) {
    add(shape.probes(h));
  }

  /** Adds a long key. */
  public void add(long key) {
    add(Murmur3.hash128(key));
  }

  /** Adds a byte-array key. */
  public void add(byte[] key) {
    add(Murmur3.hash128(key));
  }

  /**
   * Removes one occurrence of a key. Refused with {@link Removal#CERTAINLY_ABSENT} (nothing changes)
   * when a probed position holds fewer than the number of times the key probes it, unless that
   * counter is saturated. Removing a key that was never added but passes this check (a false
   * positive) corrupts the filter as in any counting filter: callers remove only keys they added.
   */
  public Removal remove(Probes probes) {
    checkShape(probes.shape());
    int k = probes.count();
    for (int i = 0; i < k; i++) {
      long pos = probes.position(i);
      int c = counter(pos);
      if (c < MAX_COUNT && c < multiplicity(probes, pos)) {
        return Removal.CERTAINLY_ABSENT;
      }
    }
    boolean saturated = false;
    for (int i = 0; i < k; i++) {
      long pos = probes.position(i);
      int c = counter(pos);
      if (c == MAX_COUNT) {
        saturated = true;
      } else {
        setCounter(pos, c - 1);
      }
    }
    return saturated ? Removal.REMOVED_EXCEPT_SATURATED : Removal.REMOVED;
  }

  /** Removes one occurrence of the key with this hash; see {@link #remove(Probes)}. */
  public Removal remove(Hash128 h) {
    return remove(shape.probes(h));
  }

  /** Removes one occurrence of a long key; see {@link #remove(Probes)}. */
  public Removal remove(long key) {
    return remove(Murmur3.hash128(key));
  }

  /** Removes one occurrence of a byte-array key; see {@link #remove(Probes)}. */
  public Removal remove(byte[] key) {
    return remove(Murmur3.hash128(key));
  }

  /** Whether the key may be held: every probed counter is positive. */
  public boolean mightContain(Probes probes) {
    checkShape(probes.shape());
    for (int i = 0, k = probes.count(); i < k; i++) {
      if (counter(probes.position(i)) == 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether the key with this hash may be held. */
  public boolean mightContain(Hash128 h) {
    return mightContain(shape.probes(h));
  }

  /** Whether the long key may be held. */
  public boolean mightContain(long key) {
    return mightContain(Murmur3.hash128(key));
  }

  /** Whether the byte-array key may be held. */
  public boolean mightContain(byte[] key) {
    return mightContain(Murmur3.hash128(key));
  }

  /**
   * An upper estimate of how often the key is held: the smallest probed counter. Never below the
   * true count while that count is below {@link #MAX_COUNT}; 0 means certainly absent.
   */
  public int count(Probes probes) {
    checkShape(probes.shape());
    int min = MAX_COUNT;
    for (int i = 0, k = probes.count(); i < k; i++) {
      min = Math.min(min, counter(probes.position(i)));
    }
    return min;
  }

  /** The count estimate of a long key; see {@link #count(Probes)}. */
  public int count(long key) {
    return count(shape.probes(key));
  }

  /** The value of counter i, 0 .. {@link #MAX_COUNT}. */
  public int counter(long i) {
    Objects.checkIndex(i, shape.bits());
    return (int) (words[(int) (i >>> 4)] >>> ((i & 15) << 2)) & 0xF;
  }

  /** Number of counters stuck at {@link #MAX_COUNT}. */
  public long saturatedCounters() {
    long n = 0;
    for (long i = 0; i < shape.bits(); i++) {
      if (counter(i) == MAX_COUNT) {
        n++;
      }
    }
    return n;
  }

  /** Whether every counter is zero. */
  public boolean isEmpty() {
    for (long w : words) {
      if (w != 0) {
        return false;
      }
    }
    return true;
  }

  /** The plain filter of the same shape with bit i set exactly where counter i is positive. */
  public BloomFilter toBloomFilter() {
    long[] bits = new long[shape.words()];
    for (int w = 0; w < words.length; w++) {
      long v = words[w];
      for (int j = 0; v != 0; j++, v >>>= 4) {
        if ((v & 0xF) != 0) {
          long i = ((long) w << 4) + j;
          bits[(int) (i >>> 6)] |= 1L << i;
        }
      }
    }
    return BloomFilter.of(shape, bits);
  }

  private void setCounter(long i, int value) {
    int w = (int) (i >>> 4);
    int shift = (int) ((i & 15) << 2);
    words[w] = (words[w] & ~(0xFL << shift)) | ((long) value << shift);
  }

  private static int multiplicity(Probes probes, long pos) {
    int n = 0;
    for (int i = 0, k = probes.count(); i < k; i++) {
      if (probes.position(i) == pos) {
        n++;
      }
    }
    return n;
  }

  private void checkShape(BloomShape other) {
    if (!shape.equals(other)) {
      throw new IllegalArgumentException("shape mismatch: " + shape + " vs " + other);
    }
  }

  @Override
  public String toString() {
    return "CountingBloomFilter[m=" + shape.bits() + ", k=" + shape.hashes() + "]";
  }
}
