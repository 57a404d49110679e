package org.bloomchord.routing.cache;

import java.util.HashSet;
import java.util.Set;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.CountingBloomFilter;
import org.bloomchord.routing.cache.CacheMessages.Coding;
import org.bloomchord.routing.cache.CacheMessages.SummaryUpdate;
import org.bloomchord.routing.compress.CompressedBloom;
import org.bloomchord.routing.compress.SparseBits;

/**
 * The owner's side of a summary (Fan et al., section V): a counting filter of the cache's directory,
 * so that an evicted object can be taken out, and the plain bits last sent to the group.
 *
 * <p>When {@link CacheConfig#updateEvery()} objects were inserted since the last update,
 * {@link #onInsert} returns the next update: the plain bits of the counting filter, as the smallest
 * of three encodings: the words as they are, entropy-coded ({@link CompressedBloom}), or the
 * positions of the bits that changed since the last version ({@link SparseBits} of the XOR; only
 * with deltas on and once a version was sent).
 *
 * <p>To tell a stale summary from a false positive, the owner remembers what changed since the
 * last update: an object is in the last summary's directory iff it is cached and not inserted
 * since, or evicted since. Both sets hold at most the changes between two updates (about twice
 * {@code updateEvery}), so memory is bounded by the threshold, not the cache.
 *
 * <p>Invariants: the counting filter holds exactly the cached objects; {@code lastSent} is the
 * filter of version {@code version} (empty at version 0, never sent). Not thread-safe.
 */
final class OwnSummary {

  private final CacheConfig config;
  private final BloomShape shape;
  private final CountingBloomFilter counting;
  private BloomFilter lastSent;
  private int lastSentEntries;
  private long version;
  private int insertedSince;
  private final Set<Long> addedSince = new HashSet<>();
  private final Set<Long> removedSince = new HashSet<>();

  OwnSummary(CacheConfig config) {
    this.config = config;
    this.shape = config.summaryShape();
    this.counting = new CountingBloomFilter(shape);
    this.lastSent = new BloomFilter(shape);
  }

  /** Records that {@code object} entered the cache (and {@code evicted} left it, or -1). */
  SummaryUpdate onInsert(long object, long evicted, int cached) {
    counting.add(object);
    if (!removedSince.remove(object)) {
      addedSince.add(object);
    }
    if (evicted >= 0) {
      counting.remove(evicted);
      if (!addedSince.remove(evicted)) {
        removedSince.add(evicted);
      }
    }
    insertedSince++;
    return insertedSince >= config.updateEvery() ? next(cached) : null;
  }

  /** Whether {@code object} was in the directory the last sent summary was built from. */
  boolean inLastSummary(long object, boolean cachedNow) {
    return cachedNow ? !addedSince.contains(object) : removedSince.contains(object);
  }

  /** The whole summary of the current version (a pull's answer), or null before the first update. */
  SummaryUpdate whole() {
    return version == 0 ? null : wholeOf(lastSent, version, lastSentEntries);
  }

  /** The version last sent, 0 before the first. */
  long version() {
    return version;
  }

  /** Bytes the owner's own filters take: the 4-bit counters and the last plain bits. */
  long memoryBytes() {
    return shape.bits() / 2 + shape.words() * 8L;
  }

  private SummaryUpdate next(int cached) {
    BloomFilter now = counting.toBloomFilter();
    SummaryUpdate whole = wholeOf(now, version + 1, cached);
    SummaryUpdate out = whole;
    if (config.deltas() && version > 0) {
      long[] a = lastSent.toLongArray();
      long[] b = now.toLongArray();
      for (int i = 0; i < a.length; i++) {
        a[i] ^= b[i];
      }
      byte[] delta = SparseBits.encode(a, shape.bits());
      if (delta.length < whole.bits().length) {
        out = SummaryUpdate.delta(version + 1, version, cached, delta);
      }
    }
    version++;
    lastSent = now;
    lastSentEntries = cached;
    insertedSince = 0;
    addedSince.clear();
    removedSince.clear();
    return out;
  }

  private static SummaryUpdate wholeOf(BloomFilter f, long version, int entries) {
    byte[] plain = f.toBytes();
    byte[] compressed = CompressedBloom.encode(f);
    return compressed.length < plain.length
        ? SummaryUpdate.whole(version, entries, Coding.COMPRESSED, compressed)
        : SummaryUpdate.whole(version, entries, Coding.PLAIN, plain);
  }
}
