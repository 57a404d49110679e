package org.bloomchord.chord.store;

/** What merging one entry into a {@link LocalStore} did. */
public enum MergeOutcome {
  /** The key was unknown; the entry was added. */
  ADDED,
  /** The entry was newer and replaced the stored one. */
  REPLACED,
  /** The stored entry was as new or newer; nothing changed. */
  KEPT
}
