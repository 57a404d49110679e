package org.bloomchord.overlay;

/**
 * Which runtime a {@link Network} runs its peers on. Code that must tell the runtimes apart
 * branches on this type; the names ({@link #label()}) are what scenario files, the CLI's
 * {@code --runtime} and summary.json use.
 */
public enum RuntimeKind {
  /** The Vert.x actor runtime, one verticle per peer (the default). */
  VERTX("vertx"),
  /** The deterministic discrete-event simulator. */
  SIM("sim"),
  /**
   * The clustered Vert.x runtime on three Hazelcast members in this JVM, peers spread over them and
   * messages between members crossing loopback TCP; for tests of the clustered transport. A network
   * of this kind reports {@link #VERTX} as its {@link Network#runtime()}.
   */
  VERTX_LOOPBACK_CLUSTER("vertx-loopback-cluster");

  private final String label;

  RuntimeKind(String label) {
    this.label = label;
  }

  /** The name users write: {@code vertx}, {@code sim} or {@code vertx-loopback-cluster}. */
  public String label() {
    return label;
  }

  /** Whether time is virtual: waiting runs events instead of sleeping. */
  public boolean simulated() {
    return this == SIM;
  }

  /**
   * The runtime named exactly {@code label}.
   *
   * @throws IllegalArgumentException naming {@code label} if no runtime has that name
   */
  public static RuntimeKind of(String label) {
    for (RuntimeKind k : values()) {
      if (k.label.equals(label)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown runtime '" + label + "': expected 'vertx' or 'sim'");
  }

  @Override
  public String toString() {
    return label;
  }
}
