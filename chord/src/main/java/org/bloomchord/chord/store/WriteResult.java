package org.bloomchord.chord.store;

/**
 * The result of a put or delete.
 *
 * @param key the key
 * @param version the version the primary assigned, or null unless STORED
 * @param replicas copies acknowledged (the primary's included) when the write returned; the rest
 *     are made by replica repair
 * @param outcome how the write ended
 * @param attempts lookups plus writes tried
 */
public record WriteResult(String key, Version version, int replicas, WriteOutcome outcome, int attempts) {

  /** Whether the write was stored. */
  public boolean stored() {
    return outcome == WriteOutcome.STORED;
  }
}
