package org.bloomchord.routing.cache;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A peer's cache of objects: at most {@code capacity} objects, least recently used evicted first,
 * indexed by their keys. An entry keeps the object's name (the directory and the location layer
 * name an evicted object by it) and its size in bytes. Not thread-safe; owned by one peer.
 */
public final class ObjectCache {

  private record Entry(ObjectName name, int size) {
  }

  private final int capacity;
  private final LinkedHashMap<Long, Entry> objects;
  private long bytes;

  /** An empty cache of {@code capacity} objects. */
  public ObjectCache(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive: " + capacity);
    }
    this.capacity = capacity;
    this.objects = new LinkedHashMap<>(Math.min(capacity, 1 << 16) * 4 / 3 + 1, 0.75f, true);
  }

  /** Whether the object of {@code key} is cached; a hit makes it the most recently used. */
  public boolean touch(long key) {
    return objects.get(key) != null;
  }

  /** Whether the object of {@code key} is cached, without changing the order. */
  public boolean contains(long key) {
    return objects.containsKey(key);
  }

  /** The size of a cached object, or -1. */
  public int sizeOf(long key) {
    Entry e = objects.get(key);
    return e == null ? -1 : e.size();
  }

  /**
   * Inserts {@code object} as the most recently used and returns the object evicted to make room,
   * if any. Inserting a cached object only refreshes it.
   */
  public Optional<ObjectName> insert(ObjectName object, int size) {
    Entry old = objects.put(object.key(), new Entry(object, size));
    if (old != null) {
      bytes += size - old.size();
      return Optional.empty();
    }
    bytes += size;
    if (objects.size() <= capacity) {
      return Optional.empty();
    }
    Iterator<Map.Entry<Long, Entry>> it = objects.entrySet().iterator();
    Map.Entry<Long, Entry> eldest = it.next();
    it.remove();
    bytes -= eldest.getValue().size();
    return Optional.of(eldest.getValue().name());
  }

  /** Objects cached. */
  public int size() {
    return objects.size();
  }

  /** Bytes of the cached objects. */
  public long bytes() {
    return bytes;
  }

  /** The capacity in objects. */
  public int capacity() {
    return capacity;
  }
}
