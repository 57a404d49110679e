package org.bloomchord.routing.heavy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bloomchord.chord.store.StoredEntry;

/**
 * A path peer's own copies of hot keys' entries, each served while its lease runs. The expiry is
 * counted from the time this peer sent the get that brought the copy ({@code sentAtMs}), never from
 * when the answer arrived: whoever granted it counted from when it answered, which is later, so
 * the copy expires no later than the granter believes (clocks that run at the same rate are
 * assumed, not synchronised ones).
 *
 * <p>An invalidation drops the copy and leaves a marker: an answer to a get sent before the
 * invalidation arrived may still be in flight carrying the old copy, and {@link #offer} refuses it.
 * Markers live {@code markerTtlMs} (the longest a get's answer can be in flight). Bounded: an LRU of
 * {@code maxCachedKeys} copies and as many markers; a marker evicted for room still refuses every
 * offer asked for before it (correct, only less relief). Not thread-safe; owned by one peer.
 */
public final class LeaseCache {

  /** A leased copy and until when (this peer's clock) it may be served. */
  public record Leased(StoredEntry entry, long expiresAtMs) {
    /** Milliseconds of the lease left at {@code nowMs}, 0 when expired. */
    public long remainingMs(long nowMs) {
      return Math.max(0, expiresAtMs - nowMs);
    }
  }

  private final int capacity;
  private final long markerTtlMs;
  private final LinkedHashMap<String, Leased> copies;
  /** key -> when it was last invalidated; oldest first. */
  private final LinkedHashMap<String, Long> markers = new LinkedHashMap<>();
  /** The newest invalidation time whose marker was evicted for room: offers sent before it are refused. */
  private long evictedMarker = Long.MIN_VALUE;
  private long hits;
  private long expired;
  private long refused;

  /** An empty cache of at most {@code options.maxCachedKeys()} keys. */
  public LeaseCache(HotKeyOptions options, long markerTtlMs) {
    this.capacity = options.maxCachedKeys();
    this.markerTtlMs = markerTtlMs;
    this.copies = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Leased> eldest) {
        return size() > capacity;
      }
    };
  }

  /**
   * Keeps {@code entry} (may be a tombstone) for {@code leaseMs} counted from {@code sentAtMs};
   * returns whether it was kept (refused: no lease, invalidated since {@code sentAtMs}, or a newer
   * copy held).
   */
  public boolean offer(StoredEntry entry, long leaseMs, long sentAtMs, long nowMs) {
    if (leaseMs <= 0) {
      return false;
    }
    if (invalidatedSince(entry.key(), sentAtMs, nowMs)) {
      refused++;
      return false;
    }
    Leased old = copies.get(entry.key());
    if (old != null && old.entry().version().compareTo(entry.version()) > 0 && old.expiresAtMs() > nowMs) {
      return false;
    }
    copies.put(entry.key(), new Leased(entry, sentAtMs + leaseMs));
    return true;
  }

  /**
   * Whether {@code key} was invalidated at or after {@code sentAtMs} (or a marker that might say so
   * was evicted for room): an answer to a get sent then may carry a copy older than an acknowledged
   * put, and must not be handed on with a lease.
   */
  public boolean invalidatedSince(String key, long sentAtMs, long nowMs) {
    expireMarkers(nowMs);
    Long invalidated = markers.get(key);
    return (invalidated != null && invalidated >= sentAtMs) || evictedMarker >= sentAtMs;
  }

  /** The leased copy of {@code key} still valid at {@code nowMs}, or null (an expired one is dropped). */
  public Leased lookup(String key, long nowMs) {
    Leased l = copies.get(key);
    if (l == null) {
      return null;
    }
    if (l.expiresAtMs() <= nowMs) {
      copies.remove(key);
      expired++;
      return null;
    }
    hits++;
    return l;
  }

  /** Drops the copy of {@code key} and refuses copies asked for before {@code nowMs}. */
  public void invalidate(String key, long nowMs) {
    copies.remove(key);
    expireMarkers(nowMs);
    markers.remove(key);
    markers.put(key, nowMs);
    if (markers.size() > capacity) {
      var eldest = markers.entrySet().iterator();
      evictedMarker = Math.max(evictedMarker, eldest.next().getValue());
      eldest.remove();
    }
  }

  private void expireMarkers(long nowMs) {
    var it = markers.values().iterator();
    while (it.hasNext() && it.next() <= nowMs - markerTtlMs) {
      it.remove();
    }
  }

  /** Gets answered from a leased copy. */
  public long hits() {
    return hits;
  }

  /** Copies dropped because their lease ran out. */
  public long expired() {
    return expired;
  }

  /** Copies refused because of an invalidation (or too many recent ones). */
  public long refused() {
    return refused;
  }

  /** Keys held. */
  public int size() {
    return copies.size();
  }
}
