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
 */
public record BenchRingRow(@JsonUnwrapped Cost cost, @JsonUnwrapped Phases phases, boolean ringStable,
    long lookupsCorrect, @JsonUnwrapped Relay relay) {

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
   * @param otherSeconds the rest (lookups, keys, the summary)
   */
  public record Phases(double joinsSeconds, double stabilizationSeconds, double fingerRepairSeconds,
      double otherSeconds) {
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
