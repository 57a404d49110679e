package org.bloomchord.overlay;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Messages and encoded bytes sent, by message type, plus rejected (malformed) messages. Runtimes
 * count every message they carry here.
 *
 * <p>A {@link #Traffic() default} instance is safe to update from many peers' threads. A
 * {@link #singleThreaded()} one, for the simulator, keeps plain counters: all updates and reads
 * must come from one thread (or be ordered by the caller). Either way a runtime looks up the
 * {@link Counter} of a type once and holds on to it, so counting a message costs two additions.
 */
public final class Traffic {

  private final boolean concurrent;
  private final Map<String, Counter> byType = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> rejected = new ConcurrentHashMap<>();

  /** Counters safe to update from many threads. */
  public Traffic() {
    this(true);
  }

  private Traffic(boolean concurrent) {
    this.concurrent = concurrent;
  }

  /** Counters for a single thread: cheaper per message, not safe to share between threads. */
  public static Traffic singleThreaded() {
    return new Traffic(false);
  }

  /** The messages and bytes sent of one type. */
  public abstract static class Counter {

    private Counter() {
    }

    /** Counts one message whose wire frame is {@code bytes} long. */
    public abstract void add(int bytes);

    abstract long messages();

    abstract long bytes();
  }

  private static final class PlainCounter extends Counter {
    private long messages;
    private long bytes;

    @Override
    public void add(int n) {
      messages++;
      bytes += n;
    }

    @Override
    long messages() {
      return messages;
    }

    @Override
    long bytes() {
      return bytes;
    }
  }

  private static final class AtomicCounter extends Counter {
    private final LongAdder messages = new LongAdder();
    private final LongAdder bytes = new LongAdder();

    @Override
    public void add(int n) {
      messages.increment();
      bytes.add(n);
    }

    @Override
    long messages() {
      return messages.sum();
    }

    @Override
    long bytes() {
      return bytes.sum();
    }
  }

  /** The counter of {@code type}, created on first use; hold on to it instead of calling {@link #sent}. */
  public Counter counter(String type) {
    return byType.computeIfAbsent(type, t -> concurrent ? new AtomicCounter() : new PlainCounter());
  }

  /** Counts one message of {@code type} whose wire frame is {@code bytes} long. */
  public void sent(String type, int bytes) {
    counter(type).add(bytes);
  }

  /** Counts one rejected message of {@code type}. */
  public void rejected(String type) {
    rejected.computeIfAbsent(type, t -> new LongAdder()).increment();
  }

  /** Total messages sent. */
  public long messages() {
    return byType.values().stream().mapToLong(Counter::messages).sum();
  }

  /** Total bytes sent. */
  public long bytes() {
    return byType.values().stream().mapToLong(Counter::bytes).sum();
  }

  /** Total rejected messages. */
  public long rejectedTotal() {
    return rejected.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** A sorted snapshot: type -> {messages, bytes}. */
  public Map<String, long[]> snapshot() {
    Map<String, long[]> out = new TreeMap<>();
    byType.forEach((t, c) -> out.put(t, new long[] {c.messages(), c.bytes()}));
    return out;
  }

  /** A sorted snapshot of rejected messages by type. */
  public Map<String, Long> rejectedSnapshot() {
    Map<String, Long> out = new TreeMap<>();
    rejected.forEach((t, c) -> out.put(t, c.sum()));
    return out;
  }
}
