package org.bloomchord.overlay;

/**
 * The name of a protocol counter in a {@link MetricsSink}, held by reference: each module keeps its
 * counters in one enum implementing this interface ({@code chord.ChordCounter},
 * {@code routing.RoutingCounter}), so that whoever reads a counter (the run summary, the node's
 * metrics, a test) names the same constant the protocol increments, and a renamed counter cannot
 * silently drop out of what reads it.
 *
 * <p>Invariant: {@link #id()} is the counter's name in {@link MetricsRecorder#counters()}, unique
 * among all counters of a network.
 */
public interface CounterName {

  /** The counter's name as recorded, e.g. {@code chord.lookupTimedOut}. */
  String id();
}
