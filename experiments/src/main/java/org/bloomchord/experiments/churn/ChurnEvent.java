package org.bloomchord.experiments.churn;

/**
 * One change of the peer population, at a time relative to the start of the phase that produced it.
 * Peers are named by the runner's peer numbers: a JOIN names a peer not alive at that moment (a
 * fresh number in the generated models; a replayed trace may bring a departed peer back), LEAVE and
 * CRASH name a peer that is alive then (by the model's own account of the population).
 *
 * @param atMs milliseconds after the phase's start, >= 0
 * @param action what happens
 * @param peer the peer number, >= 0
 */
public record ChurnEvent(long atMs, ChurnAction action, int peer) {

  public ChurnEvent {
    if (atMs < 0) {
      throw new IllegalArgumentException("atMs must be >= 0, was " + atMs);
    }
    if (action == null) {
      throw new IllegalArgumentException("action must be given");
    }
    if (peer < 0) {
      throw new IllegalArgumentException("peer must be >= 0, was " + peer);
    }
  }
}
