package org.bloomchord.experiments.writes;

/** What became of an acknowledged write once the partitions healed and the rings merged. */
public enum WriteFate {
  /**
   * Its value is the key's value, or a write that had to be ordered after it (same side, or
   * invoked after it completed with one of them on the whole ring) replaced it by version order.
   */
  PRESENT,
  /**
   * A write concurrent with it from another side (acknowledged there, or unacknowledged but in
   * effect) replaced it by version order: nobody was told, yet the store did what its versions say.
   */
  SUPERSEDED,
  /** The key's value is older than it, or there is none: the acknowledged write is gone. */
  LOST
}
