package org.bloomchord.routing.bloom;

import java.util.Arrays;
import java.util.Objects;

/**
 * d Bloom filters of one shape packed level after level in a single {@code long[]}, immutable. It
 * is the storage of an attenuated filter: testing one key's {@link Probes} against every level of
 * every link then reads consecutive words of one array per link instead of following a filter
 * object and its array per level.
 */
public final class FilterStack {

  private final BloomShape shape;
  private final int depth;
  private final int wordsPerLevel;
  private final long[] words;

  private FilterStack(BloomShape shape, int depth, long[] words) {
    this.shape = shape;
    this.depth = depth;
    this.wordsPerLevel = shape.words();
    this.words = words;
  }

  /** A stack of copies of the given filters, level 1 first; all must share one shape. */
  public static FilterStack of(BloomFilter... levels) {
    if (levels.length == 0) {
      throw new IllegalArgumentException("a filter stack needs at least one level");
    }
    BloomShape shape = levels[0].shape();
    int wpl = shape.words();
    long[] words = new long[Math.multiplyExact(wpl, levels.length)];
    for (int i = 0; i < levels.length; i++) {
      if (!levels[i].shape().equals(shape)) {
        throw new IllegalArgumentException("level " + (i + 1) + " has shape " + levels[i].shape()
            + ", expected " + shape);
      }
      System.arraycopy(levels[i].words(), 0, words, i * wpl, wpl);
    }
    return new FilterStack(shape, levels.length, words);
  }

  /** d empty levels of the given shape. */
  public static FilterStack empty(int depth, BloomShape shape) {
    if (depth < 1) {
      throw new IllegalArgumentException("depth must be at least 1, got " + depth);
    }
    return new FilterStack(shape, depth, new long[Math.multiplyExact(shape.words(), depth)]);
  }

  /** The shape of every level. */
  public BloomShape shape() {
    return shape;
  }

  /** d. */
  public int depth() {
    return depth;
  }

  /** A copy of level {@code i} (1-based) as a plain filter. */
  public BloomFilter level(int i) {
    Objects.checkIndex(i - 1, depth);
    BloomFilter f = new BloomFilter(shape);
    System.arraycopy(words, (i - 1) * wordsPerLevel, f.words(), 0, wordsPerLevel);
    return f;
  }

  /** ORs level {@code i} (1-based) into {@code target}, which must have this stack's shape. */
  public void unionLevelInto(int i, BloomFilter target) {
    Objects.checkIndex(i - 1, depth);
    if (!target.shape().equals(shape)) {
      throw new IllegalArgumentException("shape mismatch: " + shape + " vs " + target.shape());
    }
    long[] t = target.words();
    int base = (i - 1) * wordsPerLevel;
    for (int w = 0; w < wordsPerLevel; w++) {
      t[w] |= words[base + w];
    }
  }

  /** 64-bit words per level. */
  public int wordsPerLevel() {
    return wordsPerLevel;
  }

  /** Word {@code w} of level {@code i} (1-based), read without copying the level. */
  public long word(int i, int w) {
    Objects.checkIndex(i - 1, depth);
    Objects.checkIndex(w, wordsPerLevel);
    return words[(i - 1) * wordsPerLevel + w];
  }

  /** Whether level {@code i} (1-based) may contain the key. */
  public boolean matchesAt(int i, Probes probes) {
    Objects.checkIndex(i - 1, depth);
    checkShape(probes);
    return probes.allSetAt(words, (i - 1) * wordsPerLevel);
  }

  /** The lowest level (1-based) that may contain the key, or 0 when none does. */
  public int lowestMatch(Probes probes) {
    checkShape(probes);
    for (int i = 0, base = 0; i < depth; i++, base += wordsPerLevel) {
      if (probes.allSetAt(words, base)) {
        return i + 1;
      }
    }
    return 0;
  }

  private void checkShape(Probes probes) {
    BloomShape other = probes.shape();
    if (other != shape && !other.equals(shape)) {
      throw new IllegalArgumentException("shape mismatch: " + shape + " vs " + other);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FilterStack s && s.depth == depth && s.shape.equals(shape) && Arrays.equals(s.words, words);
  }

  @Override
  public int hashCode() {
    return 31 * shape.hashCode() + Arrays.hashCode(words);
  }
}
