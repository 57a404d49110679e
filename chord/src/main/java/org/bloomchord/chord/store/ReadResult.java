package org.bloomchord.chord.store;

/**
 * The result of a get.
 *
 * @param key the key
 * @param value the value, or null unless FOUND
 * @param version the version read (also for a tombstone), or null when nothing was found
 * @param outcome how the read ended
 * @param attempts lookup rounds tried
 */
public record ReadResult(String key, String value, Version version, ReadOutcome outcome, int attempts) {

  /** Whether a live value was found. */
  public boolean found() {
    return outcome == ReadOutcome.FOUND;
  }
}
