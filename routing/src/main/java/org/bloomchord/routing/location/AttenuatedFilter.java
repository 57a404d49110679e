package org.bloomchord.routing.location;

import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.FilterStack;
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
 * Instances are immutable once built; {@link #levels()} returns copies. The levels are packed in
 * one {@link FilterStack}, so testing a key against every level of every link is a scan of one
 * array per link.
 */
public final class AttenuatedFilter {

  private final FilterStack levels;

  /** A filter of the given levels (copied); all must share one shape. */
  public AttenuatedFilter(BloomFilter... levels) {
    if (levels.length == 0) {
      throw new IllegalArgumentException("an attenuated filter needs at least one level");
    }
    this.levels = FilterStack.of(levels);
  }

  private AttenuatedFilter(FilterStack levels) {
    this.levels = levels;
  }

  /** An empty filter of {@code depth} levels of the given shape. */
  public static AttenuatedFilter empty(int depth, BloomShape shape) {
    return new AttenuatedFilter(FilterStack.empty(depth, shape));
  }

  /** d, the number of levels. */
  public int depth() {
    return levels.depth();
  }

  /** The shape shared by all levels. */
  public BloomShape shape() {
    return levels.shape();
  }

  /** A copy of level {@code i}, 1-based. */
  public BloomFilter level(int i) {
    return levels.level(i);
  }

  /** Copies of all levels, level 1 first. */
  public BloomFilter[] levels() {
    BloomFilter[] out = new BloomFilter[levels.depth()];
    for (int i = 0; i < out.length; i++) {
      out[i] = levels.level(i + 1);
    }
    return out;
  }

  /**
   * The lowest level (1-based) whose filter matches the key, or 0 when none does. The probes must
   * be of this filter's shape.
   */
  public int lowestMatchingLevel(Probes probes) {
    return levels.lowestMatch(probes);
  }

  /** Whether the key matches level {@code i} (1-based). */
  public boolean matchesAt(int i, Probes probes) {
    return levels.matchesAt(i, probes);
  }

  /** 64-bit words per level. */
  int wordsPerLevel() {
    return levels.wordsPerLevel();
  }

  /** Word {@code w} of level {@code i} (1-based), without copying the level. */
  long word(int i, int w) {
    return levels.word(i, w);
  }

  /** ORs level {@code i} (1-based) into {@code target} without copying the level. */
  void unionLevelInto(int i, BloomFilter target) {
    levels.unionLevelInto(i, target);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AttenuatedFilter a && levels.equals(a.levels);
  }

  @Override
  public int hashCode() {
    return levels.hashCode();
  }
}
