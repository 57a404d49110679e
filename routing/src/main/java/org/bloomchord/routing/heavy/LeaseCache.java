package org.bloomchord.routing.heavy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;

/**
 * A path peer's own copies of hot keys' entries, each served while its lease runs. The expiry is
 * counted from the time this peer sent the get that brought the copy ({@code sentAtMs}), never from
 * when the answer arrived: whoever granted it counted from when it answered, which is later, so
 * the copy expires no later than the granter believes (clocks that run at the same rate are
 * assumed, not synchronised ones).
 *
 * <p>Versions only move forward here. An update ({@link #update}, a put's new value pushed by the
 * granter) replaces an older copy in place, keeping its expiry, and leaves a marker with the
 * version: an answer to a get sent before the update may still be in flight carrying an older
 * copy, and {@link #offer} refuses any entry older than the marker or than the copy held. Markers
 * live {@code markerTtlMs} (the longest a get's answer can be in flight). Bounded: an LRU of
 * {@code maxCachedKeys} copies and as many markers; a marker evicted for room still refuses every
 * offer asked for before it was set (correct, only less relief). Not thread-safe; owned by one peer.
 */
public final class LeaseCache {

  /** A leased copy and until when (this peer's clock) it may be served. */
  public record Leased(StoredEntry entry, long expiresAtMs) {
    /** Milliseconds of the lease left at {@code nowMs}, 0 when expired. */
    public long remainingMs(long nowMs) {
      return Math.max(0, expiresAtMs - nowMs);
    }
  }

  /** The newest version pushed for a key, and when. */
  private record Marker(Version version, long atMs) {
  }

  private final int capacity;
  private final long markerTtlMs;
  private final LinkedHashMap<String, Leased> copies;
  /** key -> the newest version pushed and when; oldest first. */
  private final LinkedHashMap<String, Marker> markers = new LinkedHashMap<>();
  /** The newest time a marker was set of those evicted for room: offers sent before it are refused. */
  private long evictedMarker = Long.MIN_VALUE;
  private long hits;
  private long expired;
  private long refused;
  private long updated;

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
   * returns whether it was kept (refused: no lease, older than a version pushed since, a marker
   * evicted since {@code sentAtMs}, or a newer copy held).
   */
  public boolean offer(StoredEntry entry, long leaseMs, long sentAtMs, long nowMs) {
    if (leaseMs <= 0) {
      return false;
    }
    if (olderThanPushed(entry, sentAtMs, nowMs)) {
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
   * Whether {@code entry} is older than a version pushed to this peer (or a marker that might say
   * so was evicted for room after {@code sentAtMs}): an answer carrying it may be older than an
   * acknowledged put, and must be neither kept nor handed on with a lease.
   */
  public boolean olderThanPushed(StoredEntry entry, long sentAtMs, long nowMs) {
    expireMarkers(nowMs);
    Marker m = markers.get(entry.key());
    return (m != null && m.version().compareTo(entry.version()) > 0) || evictedMarker >= sentAtMs;
  }

  /**
   * The oldest version this peer may hand out of {@code key} at {@code nowMs}: its live copy's, or
   * the newest pushed to it if that is newer; null when it knows none.
   */
  public Version floor(String key, long nowMs) {
    expireMarkers(nowMs);
    Leased l = copies.get(key);
    Version v = l == null || l.expiresAtMs() <= nowMs ? null : l.entry().version();
    Marker m = markers.get(key);
    if (m != null && (v == null || m.version().compareTo(v) > 0)) {
      v = m.version();
    }
    return v;
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

  /**
   * Applies a pushed {@code entry}: an older copy takes its value and version and keeps its
   * expiry (a push renews no lease); and offers of anything older are refused from now on.
   * Returns whether a copy was changed.
   */
  public boolean update(StoredEntry entry, long nowMs) {
    expireMarkers(nowMs);
    String key = entry.key();
    Marker old = markers.remove(key);
    Version v = old == null || entry.version().compareTo(old.version()) > 0 ? entry.version() : old.version();
    markers.put(key, new Marker(v, nowMs));
    if (markers.size() > capacity) {
      var eldest = markers.entrySet().iterator();
      evictedMarker = Math.max(evictedMarker, eldest.next().getValue().atMs());
      eldest.remove();
    }
    Leased l = copies.get(key);
    if (l == null || l.expiresAtMs() <= nowMs || l.entry().version().compareTo(entry.version()) >= 0) {
      return false;
    }
    copies.put(key, new Leased(entry, l.expiresAtMs()));
    updated++;
    return true;
  }

  private void expireMarkers(long nowMs) {
    var it = markers.values().iterator();
    while (it.hasNext() && it.next().atMs() <= nowMs - markerTtlMs) {
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

  /** Copies refused because a newer version had been pushed (or too many recent pushes). */
  public long refused() {
    return refused;
  }

  /** Copies that took a pushed newer version. */
  public long updated() {
    return updated;
  }

  /** Keys held. */
  public int size() {
    return copies.size();
  }
}
