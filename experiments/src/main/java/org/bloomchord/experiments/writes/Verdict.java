package org.bloomchord.experiments.writes;

import java.util.Objects;

/**
 * The fate of one acknowledged write.
 *
 * @param write the acknowledged put
 * @param fate what became of it
 * @param by the write that replaced it (for SUPERSEDED the first of the concurrent writes from
 *     another side above it by version order; for PRESENT the ordered write that replaced it, or
 *     null when its own value is the key's), or null for LOST
 */
public record Verdict(Operation write, WriteFate fate, Operation by) {

  public Verdict {
    Objects.requireNonNull(write, "write");
    Objects.requireNonNull(fate, "fate");
    if (fate == WriteFate.SUPERSEDED && by == null) {
      throw new IllegalArgumentException("a superseded write names the write that superseded it");
    }
  }

  /** One line for reports. */
  public String describe() {
    String s = fate.name().toLowerCase(java.util.Locale.ROOT) + ": " + write.describe();
    return by == null ? s : s + " <- " + by.describe();
  }
}
