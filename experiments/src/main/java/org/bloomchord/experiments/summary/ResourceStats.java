package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code resources} section. Fields a runtime cannot measure are null and omitted:
 * {@code simulatedSeconds} and {@code eventsPerSecond} belong to the simulator.
 *
 * @param wallSeconds elapsed real time of the run
 * @param simulatedSeconds virtual time the simulator advanced, or null
 * @param heapBytesPerPeer heap in use after a collection, divided by live peers, or null
 * @param eventsPerSecond simulator events processed per wall-clock second, or null
 */
@JsonPropertyOrder({"wallSeconds", "simulatedSeconds", "heapBytesPerPeer", "eventsPerSecond"})
public record ResourceStats(double wallSeconds, Double simulatedSeconds, Double heapBytesPerPeer, Double eventsPerSecond) {

  public ResourceStats {
    Finite.check("wallSeconds", wallSeconds);
    Finite.check("simulatedSeconds", simulatedSeconds);
    Finite.check("heapBytesPerPeer", heapBytesPerPeer);
    Finite.check("eventsPerSecond", eventsPerSecond);
  }
}
