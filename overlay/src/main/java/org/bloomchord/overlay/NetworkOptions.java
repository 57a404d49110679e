package org.bloomchord.overlay;

import java.util.Objects;
import java.util.function.UnaryOperator;
import org.bloomchord.overlay.sim.SimOptions;
import org.bloomchord.overlay.vertx.VertxRuntimeOptions;

/**
 * How a {@link Network} runs: the settings every runtime reads, and one part per runtime that only
 * that runtime reads. Validated on construction; {@link #defaults()} documents the default of every
 * setting, and the {@code withXxx} methods derive changed copies, for example
 * {@code defaults().withSeed(7).withSim(s -> s.withLossProbability(0.1))}.
 *
 * @param seed the root of every random draw: per-peer generators, latencies, losses (default 1)
 * @param launchTimeoutMs how long launch, leave and inspect may wait for a peer (default 30 000 ms;
 *     virtual time in the simulator, real time in Vert.x)
 * @param maxRecordedEvents how many metric events the {@link MetricsRecorder} keeps (default 100 000)
 * @param sim the simulator's settings (default {@link SimOptions#defaults()})
 * @param vertx the Vert.x runtime's settings (default {@link VertxRuntimeOptions#defaults()})
 */
public record NetworkOptions(
    long seed,
    long launchTimeoutMs,
    int maxRecordedEvents,
    SimOptions sim,
    VertxRuntimeOptions vertx) {

  public NetworkOptions {
    if (launchTimeoutMs < 1) {
      throw new IllegalArgumentException("launchTimeoutMs must be >= 1: " + launchTimeoutMs);
    }
    if (maxRecordedEvents < 0) {
      throw new IllegalArgumentException("maxRecordedEvents must be >= 0: " + maxRecordedEvents);
    }
    Objects.requireNonNull(sim, "sim");
    Objects.requireNonNull(vertx, "vertx");
  }

  /** The defaults listed on each component. */
  public static NetworkOptions defaults() {
    return new NetworkOptions(1L, 30_000L, 100_000, SimOptions.defaults(), VertxRuntimeOptions.defaults());
  }

  public NetworkOptions withSeed(long seed) {
    return new NetworkOptions(seed, launchTimeoutMs, maxRecordedEvents, sim, vertx);
  }

  public NetworkOptions withLaunchTimeoutMs(long launchTimeoutMs) {
    return new NetworkOptions(seed, launchTimeoutMs, maxRecordedEvents, sim, vertx);
  }

  public NetworkOptions withMaxRecordedEvents(int maxRecordedEvents) {
    return new NetworkOptions(seed, launchTimeoutMs, maxRecordedEvents, sim, vertx);
  }

  /** A copy whose simulator settings are {@code change} applied to these. */
  public NetworkOptions withSim(UnaryOperator<SimOptions> change) {
    return new NetworkOptions(seed, launchTimeoutMs, maxRecordedEvents, change.apply(sim), vertx);
  }

  /** A copy whose Vert.x settings are {@code change} applied to these. */
  public NetworkOptions withVertx(UnaryOperator<VertxRuntimeOptions> change) {
    return new NetworkOptions(seed, launchTimeoutMs, maxRecordedEvents, sim, change.apply(vertx));
  }
}
