package org.bloomchord.chord.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bloomchord.chord.ring.IdRing;

/**
 * The entries one peer holds, as primary or as replica. Merging keeps, per key, the entry with the
 * greatest {@link Version}, so any two stores that exchange all their entries end up equal.
 *
 * <p>Invariants: at most one entry per key; an entry is never replaced by an older version;
 * tombstones are kept (they carry the delete's version). Iteration is in key order so that runs
 * are reproducible. Not thread-safe; owned by one peer.
 */
public final class LocalStore {

  private final IdRing ring;
  /**
   * The entries by key, in key order; the shared empty map until the first entry (most peers of a
   * large ring hold no key), then a {@link TreeMap}, kept when it empties again.
   */
  private Map<String, Held> entries = Collections.emptyMap();

  private record Held(long keyId, StoredEntry entry) {
  }

  /**
   * Told of every change, on the owning peer's thread, before the change is acknowledged to
   * anyone: how a durable store keeps its copy in step (a write is acknowledged only after the
   * replicas' stores merged it, so a listener that persists synchronously loses no acknowledged
   * write).
   */
  public interface Listener {
    /** {@code entry} was added or replaced an older version. */
    void merged(StoredEntry entry);

    /** The entry of {@code key} was dropped. */
    void forgotten(String key);
  }

  private Listener listener;
  /** Changes so far: entries added, replaced or dropped. */
  private long changes;

  /** An empty store for keys hashed onto {@code ring}. */
  public LocalStore(IdRing ring) {
    this.ring = ring;
  }

  /** Sets the one listener of this store's changes (null for none). */
  public void listen(Listener l) {
    this.listener = l;
  }

  /** The entry of {@code key} (possibly a tombstone), or null. */
  public StoredEntry get(String key) {
    Held h = entries.get(key);
    return h == null ? null : h.entry;
  }

  /** Merges one entry: it wins when its version is newer than the stored one. */
  public MergeOutcome merge(StoredEntry e) {
    Held h = entries.get(e.key());
    if (h == null) {
      if (!(entries instanceof TreeMap)) {
        entries = new TreeMap<>();
      }
      entries.put(e.key(), new Held(ring.hash(e.key()), e));
      changes++;
      if (listener != null) {
        listener.merged(e);
      }
      return MergeOutcome.ADDED;
    }
    if (e.version().newerThan(h.entry.version())) {
      entries.put(e.key(), new Held(h.keyId, e));
      changes++;
      if (listener != null) {
        listener.merged(e);
      }
      return MergeOutcome.REPLACED;
    }
    return MergeOutcome.KEPT;
  }

  /** Merges many entries; returns how many changed the store. */
  public int mergeAll(Collection<StoredEntry> batch) {
    int changed = 0;
    for (StoredEntry e : batch) {
      if (merge(e) != MergeOutcome.KEPT) {
        changed++;
      }
    }
    return changed;
  }

  /** The entries whose key id lies in the half-open interval (from, to] (the whole ring if equal). */
  public List<StoredEntry> range(long from, long to) {
    List<StoredEntry> out = new ArrayList<>();
    for (Held h : entries.values()) {
      if (ring.inHalfOpen(h.keyId, from, to)) {
        out.add(h.entry);
      }
    }
    return out;
  }

  /** Every entry, tombstones included, in key order. */
  public List<StoredEntry> all() {
    List<StoredEntry> out = new ArrayList<>(entries.size());
    entries.values().forEach(h -> out.add(h.entry));
    return out;
  }

  /**
   * The ring id of a stored key.
   *
   * @throws IllegalArgumentException if the key is not stored
   */
  public long keyId(String key) {
    Held h = entries.get(key);
    if (h == null) {
      throw new IllegalArgumentException("no such key: " + key);
    }
    return h.keyId;
  }

  /**
   * Drops the entry of {@code key} if it still has {@code version}: the protocol's way of letting
   * a key go once the peers now responsible for it confirmed they hold it
   * ({@link OutOfRangeSweeper}).
   *
   * @return whether the entry was dropped
   */
  public boolean dropIfUnchanged(String key, Version version) {
    Held h = entries.get(key);
    if (h == null || !h.entry.version().equals(version)) {
      return false;
    }
    entries.remove(key);
    changes++;
    if (listener != null) {
      listener.forgotten(key);
    }
    return true;
  }

  /**
   * Drops the entry of {@code key} as a lost disk would, tombstone included: for fault injection by
   * drivers and tests (replica repair restores it). The protocol never calls it.
   *
   * @return whether an entry was dropped
   */
  public boolean forget(String key) {
    boolean dropped = entries.remove(key) != null;
    if (dropped) {
      changes++;
    }
    if (dropped && listener != null) {
      listener.forgotten(key);
    }
    return dropped;
  }

  /**
   * Collects the tombstones whose delete happened before {@code physicalMs} (by the physical part
   * of their version): their grace period is over, every replica had the time to learn the delete.
   *
   * @return how many were collected
   */
  public int collectTombstones(long physicalMs) {
    int collected = 0;
    for (var it = entries.entrySet().iterator(); it.hasNext();) {
      var e = it.next();
      StoredEntry entry = e.getValue().entry;
      if (entry.tombstone() && entry.version().physicalMs() < physicalMs) {
        it.remove();
        collected++;
        changes++;
        if (listener != null) {
          listener.forgotten(e.getKey());
        }
      }
    }
    return collected;
  }

  /** Whether an entry (live or tombstone) exists for {@code key}. */
  public boolean contains(String key) {
    return entries.containsKey(key);
  }

  /**
   * How many times this store changed so far (an entry added, replaced by a newer version, or
   * dropped): equal counts at two moments mean the store did not change in between.
   */
  public long changes() {
    return changes;
  }

  /** Number of entries, tombstones included. */
  public int size() {
    return entries.size();
  }

  /** Number of live (non-tombstone) entries. */
  public int liveSize() {
    int n = 0;
    for (Held h : entries.values()) {
      if (!h.entry.tombstone()) {
        n++;
      }
    }
    return n;
  }
}
