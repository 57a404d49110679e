package org.bloomchord.routing.cache;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A peer's cache of objects: at most {@code capacity} objects, least recently used evicted first.
 * An object is its id and its size in bytes. Not thread-safe; owned by one peer.
 */
public final class ObjectCache {

  private final int capacity;
  private final LinkedHashMap<Long, Integer> objects;
  private long bytes;

  /** An empty cache of {@code capacity} objects. */
  public ObjectCache(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive: " + capacity);
    }
    this.capacity = capacity;
    this.objects = new LinkedHashMap<>(Math.min(capacity, 1 << 16) * 4 / 3 + 1, 0.75f, true);
  }

  /** Whether {@code object} is cached; a hit makes it the most recently used. */
  public boolean touch(long object) {
    return objects.get(object) != null;
  }

  /** Whether {@code object} is cached, without changing the order. */
  public boolean contains(long object) {
    return objects.containsKey(object);
  }

  /** The size of a cached object, or -1. */
  public int sizeOf(long object) {
    Integer s = objects.get(object);
    return s == null ? -1 : s;
  }

  /**
   * Inserts {@code object} as the most recently used and returns the object evicted to make room,
   * if any. Inserting a cached object only refreshes it.
   */
  public OptionalLong insert(long object, int size) {
    Integer old = objects.put(object, size);
    if (old != null) {
      bytes += size - old;
      return OptionalLong.empty();
    }
    bytes += size;
    if (objects.size() <= capacity) {
      return OptionalLong.empty();
    }
    Iterator<Map.Entry<Long, Integer>> it = objects.entrySet().iterator();
    Map.Entry<Long, Integer> eldest = it.next();
    it.remove();
    bytes -= eldest.getValue();
    return OptionalLong.of(eldest.getKey());
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
