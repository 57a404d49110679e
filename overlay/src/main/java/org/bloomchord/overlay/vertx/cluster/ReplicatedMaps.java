package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.buffer.Buffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The named maps of the JGroups plane ({@code vertx.sharedData().getAsyncMap}), a full copy on
 * every member. A write applies here at once and is sent to every member; each entry carries a
 * version (a clock of milliseconds, raised past every version seen) and its writer, and the higher
 * version wins everywhere, removals included (kept as tombstones), so that members that heard
 * writes in different orders, or two halves of a split after a merge, end with the same map. After
 * every view change that brings members in, each member sends its whole copy
 * ({@link #state}), and takes the newer side of every entry ({@link #apply}).
 *
 * <p>What this does not give: conditional writes ({@code putIfAbsent}, {@code replace},
 * {@code removeIfPresent}) are decided on the writer's copy, so two members racing on one key
 * both succeed and the later version stays. Entries with a time to live expire by the writer's
 * wall clock.
 */
final class ReplicatedMaps {

  /** The message that carries one entry. */
  static final byte ENTRY = 10;
  /** The message that carries every entry of every map. */
  static final byte STATE = 11;

  /** One entry, or its tombstone ({@code removed}); {@code expiresAt} 0 is never. */
  record Versioned(Object value, boolean removed, long version, String writer, long expiresAt) {

    boolean live(long now) {
      return !removed && (expiresAt == 0 || expiresAt > now);
    }

    boolean newerThan(Versioned other) {
      return other == null || version > other.version
          || version == other.version && writer.compareTo(other.writer) > 0;
    }
  }

  private final Map<String, Map<Object, Versioned>> maps = new HashMap<>();
  private final String writer;
  private final Consumer<byte[]> broadcast;
  private long clock;

  /** Maps written as {@code writer} (this node's id); each write's message goes to {@code broadcast}. */
  ReplicatedMaps(String writer, Consumer<byte[]> broadcast) {
    this.writer = writer;
    this.broadcast = broadcast;
  }

  /** The live value of {@code key} in {@code map}, or null. */
  synchronized Object get(String map, Object key) {
    Versioned v = maps.getOrDefault(map, Map.of()).get(key);
    return v != null && v.live(System.currentTimeMillis()) ? v.value() : null;
  }

  /** The live entries of {@code map}, in no order. */
  synchronized Map<Object, Object> entries(String map) {
    long now = System.currentTimeMillis();
    Map<Object, Object> out = new LinkedHashMap<>();
    maps.getOrDefault(map, Map.of()).forEach((k, v) -> {
      if (v.live(now)) {
        out.put(k, v.value());
      }
    });
    return out;
  }

  /**
   * Decides a write on this copy: {@code change} gets the live value (or null) and returns the
   * new one ({@link #REMOVE} to remove, {@link #KEEP} to leave it); the previous live value is
   * returned. The write is sent to every member.
   */
  Object update(String map, Object key, long ttlMs, BiFunction<Object, Boolean, Object> change) {
    byte[] message;
    Object previous;
    synchronized (this) {
      Versioned old = maps.getOrDefault(map, Map.of()).get(key);
      long now = System.currentTimeMillis();
      previous = old != null && old.live(now) ? old.value() : null;
      Object next = change.apply(previous, old != null && old.live(now));
      if (next == KEEP) {
        return previous;
      }
      clock = Math.max(clock + 1, now);
      Versioned v = next == REMOVE ? new Versioned(null, true, clock, writer, 0)
          : new Versioned(next, false, clock, writer, ttlMs > 0 ? now + ttlMs : 0);
      Buffer out = Buffer.buffer().appendByte(ENTRY);
      PlaneCodec.writeString(out, map);
      write(out, key, v); // throws for a type the plane does not carry, before anything changed
      maps.computeIfAbsent(map, m -> new HashMap<>()).put(key, v);
      message = out.getBytes();
    }
    broadcast.accept(message);
    return previous;
  }

  /** A change that removes the entry. */
  static final Object REMOVE = new Object();
  /** A change that leaves the entry as it is. */
  static final Object KEEP = new Object();

  /** Every entry of every map, tombstones included, as one {@link #STATE} message. */
  synchronized byte[] state() {
    Buffer out = Buffer.buffer().appendByte(STATE).appendInt(maps.size());
    maps.forEach((name, entries) -> {
      PlaneCodec.writeString(out, name);
      out.appendInt(entries.size());
      entries.forEach((k, v) -> write(out, k, v));
    });
    return out.getBytes();
  }

  /** Takes a received {@link #ENTRY} or {@link #STATE} message (its type byte read), newer versions winning. */
  synchronized void apply(byte type, PlaneCodec.Reader in) {
    if (type == ENTRY) {
      take(in.readString(), in);
      return;
    }
    int count = in.readCount();
    for (int i = 0; i < count; i++) {
      String name = in.readString();
      int entries = in.readCount();
      for (int j = 0; j < entries; j++) {
        take(name, in);
      }
    }
  }

  private void take(String map, PlaneCodec.Reader in) {
    Object key = in.readValue();
    boolean removed = in.readByte() != 0;
    Object value = in.readValue();
    Versioned v = new Versioned(value, removed, in.readLong(), in.readString(), in.readLong());
    clock = Math.max(clock, v.version());
    Map<Object, Versioned> entries = maps.computeIfAbsent(map, m -> new HashMap<>());
    if (v.newerThan(entries.get(key))) {
      entries.put(key, v);
    }
  }

  private static void write(Buffer out, Object key, Versioned v) {
    PlaneCodec.writeValue(out, key);
    out.appendByte((byte) (v.removed() ? 1 : 0));
    PlaneCodec.writeValue(out, v.value());
    out.appendLong(v.version());
    PlaneCodec.writeString(out, v.writer());
    out.appendLong(v.expiresAt());
  }
}
