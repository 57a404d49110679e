package org.bloomchord.overlay;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The metrics sink a {@link Network} gives its peers: named counters plus a bounded log of
 * timestamped events, safe to update from many peers' threads at once.
 *
 * <p>Invariants: counters only grow by the deltas reported; at most {@code maxEvents} events are
 * kept, later ones are counted in {@link #droppedEvents()} instead; every event carries the
 * runtime's clock at the moment it was reported.
 */
public final class MetricsRecorder implements MetricsSink {

  /** One recorded event. */
  public record MetricEvent(long timeMs, String name, PeerRef peer, double value) {
  }

  private final LongSupplier clock;
  private final int maxEvents;
  private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<MetricEvent> events = new ConcurrentLinkedQueue<>();
  private final AtomicInteger eventCount = new AtomicInteger();
  private final LongAdder dropped = new LongAdder();

  /**
   * @param clock the runtime's clock in milliseconds, read when an event is reported
   * @param maxEvents how many events to keep (0 keeps none)
   */
  public MetricsRecorder(LongSupplier clock, int maxEvents) {
    if (maxEvents < 0) {
      throw new IllegalArgumentException("maxEvents must be >= 0: " + maxEvents);
    }
    this.clock = Objects.requireNonNull(clock, "clock");
    this.maxEvents = maxEvents;
  }

  @Override
  public void increment(String counter, long delta) {
    counters.computeIfAbsent(counter, c -> new LongAdder()).add(delta);
  }

  @Override
  public void event(String name, PeerRef peer, double value) {
    if (eventCount.getAndIncrement() < maxEvents) {
      events.add(new MetricEvent(clock.getAsLong(), name, peer, value));
    } else {
      dropped.increment();
    }
  }

  /** The current value of a counter; 0 if it was never incremented. */
  public long counter(String name) {
    LongAdder a = counters.get(name);
    return a == null ? 0 : a.sum();
  }

  /** The current value of {@code counter}; 0 if it was never incremented. */
  public long counter(CounterName counter) {
    return counter(counter.id());
  }

  /** A sorted snapshot of all counters. */
  public Map<String, Long> counters() {
    Map<String, Long> out = new TreeMap<>();
    counters.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** The events kept so far, in the order they were reported. */
  public List<MetricEvent> events() {
    return new ArrayList<>(events);
  }

  /** Events reported after the log was full. */
  public long droppedEvents() {
    return dropped.sum();
  }
}
