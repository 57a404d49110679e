package org.bloomchord.routing.repair;

import java.util.Locale;

/** How replicas are brought up to date: the settings name them {@code push} and {@code reconcile}. */
public enum RepairMode {
  /** Every entry of the range is pushed each time (Chord's default replica sync). */
  PUSH,
  /** (key, version) digests are reconciled first; only differing entries travel ({@link ReconcilingReplicaSync}). */
  RECONCILE;

  /** The lower-case name. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode of a lower-case name.
   *
   * @throws IllegalArgumentException for any other name
   */
  public static RepairMode parse(String name) {
    for (RepairMode m : values()) {
      if (m.wireName().equals(name)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown repair mode '" + name + "': expected push or reconcile");
  }
}
