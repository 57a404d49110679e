package org.bloomchord.overlay;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Messages and encoded bytes sent, by message type, plus rejected (malformed) messages. Safe to
 * update from many peers' threads; runtimes count every message they carry here.
 */
public final class Traffic {

  private final Map<String, LongAdder[]> byType = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> rejected = new ConcurrentHashMap<>();

  /** Counts one message of {@code type} whose wire frame is {@code bytes} long. */
  public void sent(String type, int bytes) {
    LongAdder[] c = byType.computeIfAbsent(type, t -> new LongAdder[] {new LongAdder(), new LongAdder()});
    c[0].increment();
    c[1].add(bytes);
  }

  /** Counts one rejected message of {@code type}. */
  public void rejected(String type) {
    rejected.computeIfAbsent(type, t -> new LongAdder()).increment();
  }

  /** Total messages sent. */
  public long messages() {
    return byType.values().stream().mapToLong(c -> c[0].sum()).sum();
  }

  /** Total bytes sent. */
  public long bytes() {
    return byType.values().stream().mapToLong(c -> c[1].sum()).sum();
  }

  /** Total rejected messages. */
  public long rejectedTotal() {
    return rejected.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** A sorted snapshot: type -> {messages, bytes}. */
  public Map<String, long[]> snapshot() {
    Map<String, long[]> out = new TreeMap<>();
    byType.forEach((t, c) -> out.put(t, new long[] {c[0].sum(), c[1].sum()}));
    return out;
  }

  /** A sorted snapshot of rejected messages by type. */
  public Map<String, Long> rejectedSnapshot() {
    Map<String, Long> out = new TreeMap<>();
    rejected.forEach((t, c) -> out.put(t, c.sum()));
    return out;
  }
}
