package org.bloomchord.experiments.cli;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One size's row of {@code bloomchord bench ring}, written by {@code --json} as one flat object whose
 * keys are the components of its parts in order: the ring's {@link Cost}, where its wall time went
 * ({@link Phases}), its outcome, and workload W at the same size ({@link Relay}, absent with
 * {@code --skip-relay}).
 *
 * @param cost the ring's size and what it cost
 * @param phases where the wall time went
 * @param ringStable whether the ring was stable at the end
 * @param lookupsCorrect lookups answered with the true owner
 * @param relay workload W at the same size, or null when it was not run
 * @param simulation the ring's rate over the simulation alone, without the heap readings
 */
public record BenchRingRow(@JsonUnwrapped Cost cost, @JsonUnwrapped Phases phases, boolean ringStable,
    long lookupsCorrect, @JsonUnwrapped Relay relay, @JsonUnwrapped Simulation simulation) {

  /**
   * The ring's size and cost.
   *
   * @param peers peers launched by joins
   * @param wallSeconds wall time of the whole trial
   * @param events simulator events
   * @param eventsPerSecond events per wall second
   * @param heapBytesPerPeer heap in use per peer after the launch, or null when not read
   * @param messagesPerJoin messages from the first join until the ring was stable, over the peers
   * @param eventsPerPeer events over the peers
   */
  public record Cost(int peers, double wallSeconds, long events, double eventsPerSecond, Double heapBytesPerPeer,
      double messagesPerJoin, double eventsPerPeer) {
  }

  /**
   * Where the wall time went.
   *
   * @param joinsSeconds the joins
   * @param stabilizationSeconds the wait for a stable ring
   * @param fingerRepairSeconds the wait for every finger right
   * @param otherSeconds the rest (the heap readings, keys, lookups, the final checks)
   * @param heapReadingSeconds the two heap readings (full collections: the baseline before the
   *     launch and the ring's heap after it), measurement rather than simulation; part of the wall
   *     time and of {@code otherSeconds} but the baseline's, which comes before the joins
   */
  public record Phases(double joinsSeconds, double stabilizationSeconds, double fingerRepairSeconds,
      double otherSeconds, double heapReadingSeconds) {
  }

  /**
   * The ring over the simulation alone: the trial's wall time without its heap readings, which
   * run no event (every event of the trial is counted; nothing the ring does is left out).
   *
   * @param simulationSeconds the trial's wall time less its heap readings
   * @param simulationEventsPerSecond the trial's events over {@code simulationSeconds}
   * @param simulationRatioToRelay {@code simulationEventsPerSecond} over W's deliveries per second,
   *     or null when W was not run
   */
  public record Simulation(double simulationSeconds, double simulationEventsPerSecond, Double simulationRatioToRelay) {
  }

  /**
   * Workload W at the same size.
   *
   * @param relayUntilMs simulated milliseconds W ran for
   * @param relayMessagesPerSecond W's deliveries per second of loop time
   * @param ratioToRelay the ring's events per second over W's deliveries per second
   */
  public record Relay(long relayUntilMs, double relayMessagesPerSecond, double ratioToRelay) {
  }
}
