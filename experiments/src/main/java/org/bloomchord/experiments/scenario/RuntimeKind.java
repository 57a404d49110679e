package org.bloomchord.experiments.scenario;

import java.util.Locale;

/** Which runtime runs the peers. */
public enum RuntimeKind {
  /** Vert.x verticles, one per peer (the default). */
  VERTX,
  /** The deterministic discrete-event simulator. */
  SIM;

  /** The name scenarios and summary.json use ({@code vertx}, {@code sim}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
