package org.bloomchord.overlay.vertx;

/**
 * The Vert.x runtime's settings, part of {@link org.bloomchord.overlay.NetworkOptions}. Validated
 * on construction; {@link #defaults()} documents the default of every setting, and the
 * {@code withXxx} methods derive changed copies. The runtime delivers messages as fast as the event
 * bus does: it has no latency or loss settings.
 *
 * @param eventLoopThreads event-loop threads of a Vert.x instance the network creates for itself
 *     (default: available processors)
 * @param deployBatchSize how many deployments {@link org.bloomchord.overlay.Network#launchAll}
 *     keeps in flight at once (default 1 000)
 */
public record VertxRuntimeOptions(int eventLoopThreads, int deployBatchSize) {

  public VertxRuntimeOptions {
    if (eventLoopThreads < 1) {
      throw new IllegalArgumentException("eventLoopThreads must be >= 1: " + eventLoopThreads);
    }
    if (deployBatchSize < 1) {
      throw new IllegalArgumentException("deployBatchSize must be >= 1: " + deployBatchSize);
    }
  }

  /** The defaults listed on each component. */
  public static VertxRuntimeOptions defaults() {
    return new VertxRuntimeOptions(Runtime.getRuntime().availableProcessors(), 1_000);
  }

  public VertxRuntimeOptions withEventLoopThreads(int eventLoopThreads) {
    return new VertxRuntimeOptions(eventLoopThreads, deployBatchSize);
  }

  public VertxRuntimeOptions withDeployBatchSize(int deployBatchSize) {
    return new VertxRuntimeOptions(eventLoopThreads, deployBatchSize);
  }
}
