package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code reconcile} section: one reconciliation method measured on pairs of sets. When several
 * pairs ran, {@code size}, {@code diff}, {@code bytes}, {@code rounds} and {@code missed} are totals
 * over them and {@code exact} is true only if every pair recovered its difference exactly.
 *
 * @param method the method's name (bloom, iblt, rateless)
 * @param size elements in each set
 * @param diff elements in the symmetric difference
 * @param bytes bytes on the wire
 * @param bytesPerDiff bytes per differing element, or null (omitted) when {@code diff == 0}
 * @param rounds message rounds
 * @param exact whether the difference was recovered exactly
 * @param missed differing elements not recovered
 */
@JsonPropertyOrder({"method", "size", "diff", "bytes", "bytesPerDiff", "rounds", "exact", "missed"})
public record ReconcileStats(
    String method, long size, long diff, long bytes, Double bytesPerDiff, long rounds, boolean exact,
    long missed) {

  public ReconcileStats {
    if (method == null || method.isBlank()) {
      throw new IllegalArgumentException("method must be named");
    }
    Finite.nonNegative("size", size);
    Finite.nonNegative("diff", diff);
    Finite.nonNegative("bytes", bytes);
    Finite.check("bytesPerDiff", bytesPerDiff);
    Finite.nonNegative("rounds", rounds);
    Finite.nonNegative("missed", missed);
  }

  /** The section with {@code bytesPerDiff} computed from {@code bytes / diff}. */
  public static ReconcileStats of(
      String method, long size, long diff, long bytes, long rounds, boolean exact, long missed) {
    Double perDiff = diff == 0 ? null : (double) bytes / diff;
    return new ReconcileStats(method, size, diff, bytes, perDiff, rounds, exact, missed);
  }
}
