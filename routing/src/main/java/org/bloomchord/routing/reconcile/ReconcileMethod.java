package org.bloomchord.routing.reconcile;

import java.util.Locale;

/** How two peers reconcile their sets; {@link #wireName()} is the name the CLI and reports use. */
public enum ReconcileMethod {
  /** Approximate: Bloom filters of the sets, the unmatched elements sent (source notes). */
  BLOOM,
  /** Exact and simple: the whole set sent, the missing elements returned. */
  SET,
  /** Exact: strata estimator, then an IBLT sized from the estimate, larger ones on failure. */
  IBLT,
  /** Exact: rateless IBLT symbols streamed until the difference decodes. */
  RIBLT,
  /** A MinHash sketch exchange first, then {@link #RIBLT} for similar sets or {@link #SET} otherwise. */
  AUTO;

  /** The lower-case name: bloom, set, iblt, riblt, auto. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The method of a lower-case name.
   *
   * @throws IllegalArgumentException for any other name
   */
  public static ReconcileMethod parse(String name) {
    for (ReconcileMethod m : values()) {
      if (m.wireName().equals(name)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown reconciliation method '" + name + "': expected bloom, set, iblt, riblt or auto");
  }
}
