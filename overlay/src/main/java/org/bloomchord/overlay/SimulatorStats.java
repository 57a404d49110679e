package org.bloomchord.overlay;

/**
 * The simulator's own work counters, read through {@link Network#simulator()}.
 *
 * @param eventsFired events fired since the network was created: the simulator's unit of work
 * @param eventsPending events still queued: messages in flight, pending timeouts, timers
 */
public record SimulatorStats(long eventsFired, int eventsPending) {
}
