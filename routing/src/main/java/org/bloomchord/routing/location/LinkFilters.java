package org.bloomchord.routing.location;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.Probes;

/**
 * A peer's attenuated filters, one per link, and the summaries it offers its neighbours.
 *
 * <p>The summary a peer P gives an asking neighbour A has d levels: level 1 is P's local filter;
 * level j + 1 is the union of level j of P's links other than A. So a filter that A stores for the
 * link A -> P holds at level i the objects at the end of a path of exactly i links that starts with
 * that link and does not come straight back to A. The summary's version is a hash of its content:
 * an unchanged summary is recognised by the asker's known version and costs a few bytes.
 */
public final class LinkFilters {

  /**
   * A link's stored filter, the version it was built from, and the element count each level
   * declared (level 1 first).
   */
  public record Entry(AttenuatedFilter filter, long version, long updatedAt, int[] counts) {
  }

  /** A link whose filter matches a key, and the lowest level at which it does. */
  public record Candidate(PeerRef link, int level) {
  }

  private final int depth;
  private final BloomShape shape;
  private final Map<PeerRef, Entry> byLink = new LinkedHashMap<>();
  /** Counts changes of the stored filters (not refreshes of their age): equal counts, equal summaries. */
  private long generation;

  public LinkFilters(int depth, BloomShape shape) {
    if (depth < 1) {
      throw new IllegalArgumentException("depth must be at least 1, got " + depth);
    }
    this.depth = depth;
    this.shape = shape;
  }

  /** d. */
  public int depth() {
    return depth;
  }

  /** The shape of every level. */
  public BloomShape shape() {
    return shape;
  }

  /** Stores the filter a link's peer sent; its depth and shape must match this table's. */
  public void update(PeerRef link, AttenuatedFilter filter, long version, long now) {
    update(link, filter, version, now, SummaryCoding.minimalCounts(filter));
  }

  /** Stores the filter a link's peer sent with the element counts its levels declared. */
  public void update(PeerRef link, AttenuatedFilter filter, long version, long now, int[] counts) {
    if (filter.depth() != depth || !filter.shape().equals(shape)) {
      throw new IllegalArgumentException("filter of depth " + filter.depth() + " and " + filter.shape()
          + " does not fit links of depth " + depth + " and " + shape);
    }
    if (counts.length != depth) {
      throw new IllegalArgumentException(counts.length + " counts for a filter of depth " + depth);
    }
    byLink.put(link, new Entry(filter, version, now, counts.clone()));
    generation++;
  }

  /** Marks a link's filter as still current (the peer answered "unchanged"). */
  public void touch(PeerRef link, long now) {
    Entry e = byLink.get(link);
    if (e != null) {
      byLink.put(link, new Entry(e.filter, e.version, now, e.counts));
    }
  }

  /** The version last stored for a link, or 0 when none. */
  public long knownVersion(PeerRef link) {
    Entry e = byLink.get(link);
    return e == null ? 0 : e.version;
  }

  /** The entry of a link, or null. */
  public Entry entry(PeerRef link) {
    return byLink.get(link);
  }

  /** Forgets links that are no longer among the peer's links; returns how many were dropped. */
  public int retain(Collection<PeerRef> currentLinks) {
    Set<PeerRef> keep = new HashSet<>(currentLinks);
    int before = byLink.size();
    byLink.keySet().retainAll(keep);
    changed(before);
    return before - byLink.size();
  }

  /** Forgets one link (its peer is gone). */
  public void remove(PeerRef link) {
    if (byLink.remove(link) != null) {
      generation++;
    }
  }

  /** Forgets filters not refreshed since {@code before}; returns how many were dropped. */
  public int expire(long before) {
    int n = byLink.size();
    byLink.values().removeIf(e -> e.updatedAt < before);
    changed(n);
    return n - byLink.size();
  }

  private void changed(int sizeBefore) {
    if (byLink.size() != sizeBefore) {
      generation++;
    }
  }

  /**
   * A count that grows with every change of the stored filters (a new filter, a link forgotten) and
   * stays put otherwise, also when a link is marked current: while it is unchanged, so is every
   * {@link #summaryFor}.
   */
  public long generation() {
    return generation;
  }

  /** Links with a stored filter. */
  public Set<PeerRef> links() {
    return byLink.keySet();
  }

  /**
   * The summary for {@code asker}: level 1 = {@code local}; level j + 1 = union of level j over the
   * links other than {@code asker} (matched by address).
   */
  public AttenuatedFilter summaryFor(BloomFilter local, PeerRef asker) {
    BloomFilter[] levels = new BloomFilter[depth];
    levels[0] = local.copy();
    for (int j = 1; j < depth; j++) {
      levels[j] = new BloomFilter(shape);
    }
    for (Map.Entry<PeerRef, Entry> e : byLink.entrySet()) {
      if (asker != null && e.getKey().address().equals(asker.address())) {
        continue;
      }
      AttenuatedFilter f = e.getValue().filter;
      for (int j = 1; j < depth; j++) {
        f.unionLevelInto(j, levels[j]);
      }
    }
    return new AttenuatedFilter(levels);
  }

  /**
   * The element counts of {@link #summaryFor}'s levels: {@code localCount} at level 1, and at level
   * j + 1 the sum of what the links other than {@code asker} declared at level j (capped at
   * {@link SummaryCoding#MAX_COUNT}). Each stored level passed {@link SummaryCoding#checkFill}, so the
   * union's set bits never exceed the sum times k.
   */
  public int[] countsFor(int localCount, PeerRef asker) {
    long[] sums = new long[depth];
    sums[0] = localCount;
    for (Map.Entry<PeerRef, Entry> e : byLink.entrySet()) {
      if (asker != null && e.getKey().address().equals(asker.address())) {
        continue;
      }
      int[] c = e.getValue().counts;
      for (int j = 1; j < depth; j++) {
        sums[j] += c[j - 1];
      }
    }
    int[] out = new int[depth];
    for (int j = 0; j < depth; j++) {
      out[j] = (int) Math.min(SummaryCoding.MAX_COUNT, sums[j]);
    }
    return out;
  }

  /**
   * Links whose filter matches the key at a level no larger than {@code maxLevel}, lowest level
   * first (ties in link order).
   */
  public List<Candidate> candidates(Probes probes, int maxLevel) {
    List<Candidate> out = new ArrayList<>();
    for (Map.Entry<PeerRef, Entry> e : byLink.entrySet()) {
      int level = e.getValue().filter.lowestMatchingLevel(probes);
      if (level > 0 && level <= maxLevel) {
        out.add(new Candidate(e.getKey(), level));
      }
    }
    out.sort(Comparator.comparingInt(Candidate::level));
    return out;
  }
}
