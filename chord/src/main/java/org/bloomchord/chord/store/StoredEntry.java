package org.bloomchord.chord.store;

import java.util.Objects;

/**
 * One key of the replicated store with its version; a null value is a tombstone (a deleted key
 * that keeps its version so that the delete wins over older copies).
 *
 * @param key the application key
 * @param version the version of this value
 * @param value the value, or null for a tombstone
 */
public record StoredEntry(String key, Version version, String value) {

  public StoredEntry {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(version, "version");
  }

  /** Whether this entry records a delete. */
  public boolean tombstone() {
    return value == null;
  }
}
