package org.bloomchord.overlay;

/**
 * Where protocol code reports what it observed. The runtime itself counts messages and bytes by
 * type; protocols add their own counters (suspected peers, repaired fingers) and events for the
 * experiment recorder. Implementations must be safe to call from many peers' threads at once.
 */
public interface MetricsSink {

  /** A sink that drops everything. */
  MetricsSink NONE = new MetricsSink() {
    @Override
    public void increment(String counter, long delta) {
    }

    @Override
    public void event(String name, PeerRef peer, double value) {
    }
  };

  /** Adds {@code delta} to a named counter. */
  void increment(String counter, long delta);

  /** Adds {@code delta} to {@code counter}. */
  default void increment(CounterName counter, long delta) {
    increment(counter.id(), delta);
  }

  /** Records a timestamped event (the runtime adds the time) with one value. */
  void event(String name, PeerRef peer, double value);
}
