package org.bloomchord.experiments.workload;

import java.util.Locale;

/** The operations a workload issues. The scenario names them in the plural ({@code lookups: 200/s}). */
public enum OperationKind {
  /** A Chord lookup of a key's successor. */
  LOOKUP("lookups"),
  /** A DHT read of a stored record. */
  GET("gets"),
  /** A DHT write of a record. */
  PUT("puts"),
  /** A probabilistic location of a published object. */
  LOCATE("locates");

  private final String plural;

  OperationKind(String plural) {
    this.plural = plural;
  }

  /** The scenario key naming this kind's rate or count ({@code lookups}, {@code gets}, ...). */
  public String plural() {
    return plural;
  }

  /** The lower-case name used in CSV files ({@code lookup}, {@code get}, ...). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
