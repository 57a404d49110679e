package org.bloomchord.routing.location;

import java.util.Arrays;
import java.util.Objects;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.Probes;

/**
 * An attenuated Bloom filter of depth d (Rhea and Kubiatowicz, INFOCOM 2002): d plain filters of
 * one shape, where level i (1-based) holds the objects of the peers at the end of some directed
 * path of exactly i links. A peer keeps one per link; the filter at level 1 of link L is the local
 * filter of the peer at the end of L.
 *
 * <p>Levels are "exactly i hops along some path", not "at most i": a holder at distance j appears
 * at level j (and possibly at larger levels through longer paths), so the lowest matching level is
 * an estimate of the distance to the nearest copy, which is what the location phase follows.
 * Instances are immutable once built; {@link #levels()} returns copies.
 */
public final class AttenuatedFilter {

  private final BloomFilter[] levels;

  /** A filter of the given levels (copied); all must share one shape. */
  public AttenuatedFilter(BloomFilter... levels) {
    if (levels.length == 0) {
      throw new IllegalArgumentException("an attenuated filter needs at least one level");
    }
    BloomShape shape = levels[0].shape();
    this.levels = new BloomFilter[levels.length];
    for (int i = 0; i < levels.length; i++) {
      if (!levels[i].shape().equals(shape)) {
        throw new IllegalArgumentException("level " + (i + 1) + " has shape " + levels[i].shape() + ", expected " + shape);
      }
      this.levels[i] = levels[i].copy();
    }
  }

  /** An empty filter of {@code depth} levels of the given shape. */
  public static AttenuatedFilter empty(int depth, BloomShape shape) {
    if (depth < 1) {
      throw new IllegalArgumentException("depth must be at least 1, got " + depth);
    }
    BloomFilter[] ls = new BloomFilter[depth];
    for (int i = 0; i < depth; i++) {
      ls[i] = new BloomFilter(shape);
    }
    return new AttenuatedFilter(ls);
  }

  /** d, the number of levels. */
  public int depth() {
    return levels.length;
  }

  /** The shape shared by all levels. */
  public BloomShape shape() {
    return levels[0].shape();
  }

  /** A copy of level {@code i}, 1-based. */
  public BloomFilter level(int i) {
    Objects.checkIndex(i - 1, levels.length);
    return levels[i - 1].copy();
  }

  /** Copies of all levels, level 1 first. */
  public BloomFilter[] levels() {
    BloomFilter[] out = new BloomFilter[levels.length];
    for (int i = 0; i < levels.length; i++) {
      out[i] = levels[i].copy();
    }
    return out;
  }

  /**
   * The lowest level (1-based) whose filter matches the key, or 0 when none does. The probes must
   * be of this filter's shape.
   */
  public int lowestMatchingLevel(Probes probes) {
    for (int i = 0; i < levels.length; i++) {
      if (levels[i].mightContain(probes)) {
        return i + 1;
      }
    }
    return 0;
  }

  /** Whether the key matches level {@code i} (1-based). */
  public boolean matchesAt(int i, Probes probes) {
    Objects.checkIndex(i - 1, levels.length);
    return levels[i - 1].mightContain(probes);
  }

  /** Level {@code i} (1-based) without copying; callers in this package must not modify it. */
  BloomFilter levelView(int i) {
    return levels[i - 1];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AttenuatedFilter a && Arrays.equals(levels, a.levels);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(levels);
  }
}
