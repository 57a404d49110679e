package org.bloomchord.experiments.workload;

/**
 * One operation to issue, at a time relative to the start of its phase.
 *
 * @param atMs milliseconds after the phase's start, >= 0
 * @param kind what to do
 * @param key the key number in the workload's key population
 */
public record Operation(long atMs, OperationKind kind, int key) {

  public Operation {
    if (atMs < 0 || kind == null || key < 0) {
      throw new IllegalArgumentException("bad operation: " + atMs + " ms, " + kind + ", key " + key);
    }
  }
}
