package org.bloomchord.chord.cluster;

/**
 * How far the peers' tables are from the truth, by the {@link RingOracle}.
 *
 * @param peers live peers checked
 * @param successorErrors peers whose successor is not the next live peer
 * @param predecessorErrors peers whose predecessor is not the previous live peer
 * @param successorListErrors peers whose successor list is not the next min(r, N-1) live peers
 * @param fingerErrors finger entries (over all peers) that are empty or not successor(start)
 * @param fingersChecked finger entries checked
 */
public record RingCheck(int peers, int successorErrors, int predecessorErrors, int successorListErrors,
    long fingerErrors, long fingersChecked) {

  /** Successors, predecessors and successor lists are all correct: lookups are correct. */
  public boolean stable() {
    return successorErrors == 0 && predecessorErrors == 0 && successorListErrors == 0;
  }

  /** Stable and every finger correct as well. */
  public boolean converged() {
    return stable() && fingerErrors == 0;
  }
}
