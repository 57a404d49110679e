package org.bloomchord.routing.reconcile;

import java.util.Arrays;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A set of fixed-width elements (see {@link ElementShape}) in flat arrays: the elements packed in
 * one {@code long[]} in insertion order (removal moves the last element into the gap) and an
 * open-addressing index with linear probing over them.
 *
 * <p>Invariants: no element occurs twice; every element satisfies the shape's padding rule; the
 * index holds {@code position + 1} of each element at its probe slot or after it without a gap, and
 * at least a quarter of the index is empty. Not thread-safe.
 */
public final class ElementSet {

  private final ElementShape shape;
  private final int words;
  private long[] data;
  private int size;
  private int[] index;

  /** An empty set of elements of the given shape. */
  public ElementSet(ElementShape shape) {
    this(shape, 16);
  }

  /** An empty set sized for {@code expected} elements. */
  public ElementSet(ElementShape shape, int expected) {
    this.shape = Objects.requireNonNull(shape, "shape");
    this.words = shape.words();
    // 16 words to start with, not 16 elements: an empty set of 1 KiB elements decoded from a
    // 5-byte frame must not cost 16 KiB
    int cap = Math.max(16 / words, expected);
    this.data = new long[cap * words];
    this.index = new int[tableSizeFor(cap)];
  }

  /** A set of 64-bit keys. */
  public static ElementSet ofKeys(long... keys) {
    ElementSet s = new ElementSet(ElementShape.KEY64, keys.length);
    for (long k : keys) {
      s.add(k);
    }
    return s;
  }

  /** {@code n} distinct random elements drawn from {@code random}. */
  public static ElementSet random(ElementShape shape, int n, RandomGenerator random) {
    ElementSet s = new ElementSet(shape, n);
    long[] e = new long[shape.words()];
    long mask = shape.lastWordMask();
    while (s.size < n) {
      for (int j = 0; j < e.length; j++) {
        e[j] = random.nextLong();
      }
      e[e.length - 1] &= mask;
      s.add(e, 0);
    }
    return s;
  }

  /** The element shape. */
  public ElementShape shape() {
    return shape;
  }

  /** Number of elements. */
  public int size() {
    return size;
  }

  /** Whether the set is empty. */
  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * Adds the element at {@code src[off .. off + words)}; returns false if it was present.
   *
   * @throws IllegalArgumentException if the element has bytes set beyond E
   */
  public boolean add(long[] src, int off) {
    checkPadding(src, off);
    int slot = find(src, off);
    if (index[slot] != 0) {
      return false;
    }
    if (size * words == data.length) {
      data = Arrays.copyOf(data, Math.max(words, data.length * 2));
    }
    System.arraycopy(src, off, data, size * words, words);
    index[slot] = ++size;
    if (size * 4L > index.length * 3L) {
      rehash(index.length * 2);
    }
    return true;
  }

  /** Adds a one-word element (shape {@link ElementShape#KEY64} or any shape of one word). */
  public boolean add(long key) {
    requireOneWord();
    return add(new long[] {key}, 0);
  }

  /** Adds every element of {@code other} (same shape); returns how many were new. */
  public int addAll(ElementSet other) {
    checkShape(other);
    int added = 0;
    for (int i = 0; i < other.size; i++) {
      if (add(other.data, i * words)) {
        added++;
      }
    }
    return added;
  }

  /** Whether the element at {@code src[off ..]} is in the set. */
  public boolean contains(long[] src, int off) {
    return index[find(src, off)] != 0;
  }

  /** Whether the one-word element is in the set. */
  public boolean contains(long key) {
    requireOneWord();
    return contains(new long[] {key}, 0);
  }

  /** Removes the element; returns false if it was absent. */
  public boolean remove(long[] src, int off) {
    int slot = find(src, off);
    int pos = index[slot] - 1;
    if (pos < 0) {
      return false;
    }
    deleteSlot(slot);
    int last = size - 1;
    if (pos != last) {
      int lastSlot = find(data, last * words);
      System.arraycopy(data, last * words, data, pos * words, words);
      index[lastSlot] = pos + 1;
    }
    size--;
    return true;
  }

  /** Removes a one-word element. */
  public boolean remove(long key) {
    requireOneWord();
    return remove(new long[] {key}, 0);
  }

  /** Copies element {@code i} (0 .. size-1, in storage order) to {@code dst[off ..]}. */
  public void copyElement(int i, long[] dst, int off) {
    Objects.checkIndex(i, size);
    System.arraycopy(data, i * words, dst, off, words);
  }

  /** Element {@code i} as a new array. */
  public long[] element(int i) {
    long[] e = new long[words];
    copyElement(i, e, 0);
    return e;
  }

  /** The first word of element {@code i}: the whole element for {@link ElementShape#KEY64}. */
  public long key(int i) {
    Objects.checkIndex(i, size);
    return data[i * words];
  }

  /** The seeded hash of element {@code i}. */
  public long hash(int i, long seed) {
    Objects.checkIndex(i, size);
    return ElementHash.hash(data, i * words, words, seed);
  }

  /** The elements of this set that are not in {@code other}. */
  public ElementSet minus(ElementSet other) {
    checkShape(other);
    ElementSet out = new ElementSet(shape);
    for (int i = 0; i < size; i++) {
      if (!other.contains(data, i * words)) {
        out.add(data, i * words);
      }
    }
    return out;
  }

  /** A deep copy. */
  public ElementSet copy() {
    ElementSet c = new ElementSet(shape, size);
    c.data = Arrays.copyOf(data, Math.max(data.length, words));
    c.index = index.clone();
    c.size = size;
    return c;
  }

  /** The backing words, element i at {@code [i * words, (i + 1) * words)}; read-only by contract. */
  long[] words() {
    return data;
  }

  private int find(long[] src, int off) {
    int mask = index.length - 1;
    int slot = (int) ElementHash.hash(src, off, words, ElementHash.TABLE_SEED) & mask;
    while (true) {
      int p = index[slot];
      if (p == 0 || equalAt(p - 1, src, off)) {
        return slot;
      }
      slot = (slot + 1) & mask;
    }
  }

  private boolean equalAt(int pos, long[] src, int off) {
    int base = pos * words;
    for (int j = 0; j < words; j++) {
      if (data[base + j] != src[off + j]) {
        return false;
      }
    }
    return true;
  }

  private void deleteSlot(int slot) {
    int mask = index.length - 1;
    int gap = slot;
    int next = (gap + 1) & mask;
    while (index[next] != 0) {
      int home = (int) ElementHash.hash(data, (index[next] - 1) * words, words, ElementHash.TABLE_SEED) & mask;
      // move the entry back into the gap unless its home lies cyclically in (gap, next]
      boolean stays = gap <= next ? (home > gap && home <= next) : (home > gap || home <= next);
      if (!stays) {
        index[gap] = index[next];
        gap = next;
      }
      next = (next + 1) & mask;
    }
    index[gap] = 0;
  }

  private void rehash(int tableSize) {
    index = new int[tableSize];
    int mask = tableSize - 1;
    for (int i = 0; i < size; i++) {
      int slot = (int) ElementHash.hash(data, i * words, words, ElementHash.TABLE_SEED) & mask;
      while (index[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      index[slot] = i + 1;
    }
  }

  private void checkPadding(long[] src, int off) {
    if ((src[off + words - 1] & ~shape.lastWordMask()) != 0) {
      throw new IllegalArgumentException("element has bytes set beyond " + shape.bytes());
    }
  }

  private void requireOneWord() {
    if (words != 1) {
      throw new IllegalArgumentException("a single long is not an element of " + shape);
    }
  }

  private void checkShape(ElementSet other) {
    if (!shape.equals(other.shape)) {
      throw new IllegalArgumentException("shape mismatch: " + shape + " vs " + other.shape);
    }
  }

  private static int tableSizeFor(int elements) {
    int n = Integer.highestOneBit(Math.max(16, elements * 2 - 1)) << 1;
    return Math.max(32, n);
  }

  /** Equal when both hold the same elements of the same shape. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ElementSet s) || !shape.equals(s.shape) || size != s.size) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      if (!s.contains(data, i * words)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    long h = 0;
    for (int i = 0; i < size; i++) {
      h += ElementHash.hash(data, i * words, words, ElementHash.TABLE_SEED);
    }
    return Long.hashCode(h) * 31 + shape.hashCode();
  }

  @Override
  public String toString() {
    return "ElementSet[" + size + " x " + shape.bytes() + " bytes]";
  }
}
