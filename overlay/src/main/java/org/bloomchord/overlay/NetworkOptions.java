package org.bloomchord.overlay;

import java.util.Objects;
import org.bloomchord.overlay.sim.LatencyModel;

/**
 * How a {@link Network} runs. Validated on construction; {@link #defaults()} documents the default
 * of every setting, and the {@code withXxx} methods derive changed copies.
 *
 * @param seed the root of every random draw: per-peer generators, latencies, losses (default 1)
 * @param latency the simulator's one-way message delay (default constant 10 ms); the Vert.x
 *     runtime delivers as fast as the event bus does
 * @param lossProbability probability in [0, 1) that the simulator drops a message (default 0)
 * @param eventLoopThreads Vert.x event-loop threads (default: available processors)
 * @param wireRoundTrip whether the simulator decodes every message from its encoding before
 *     delivery, so peers share no state by accident (default true); when false it still encodes to
 *     count bytes but delivers the sender's object
 * @param launchTimeoutMs how long launch, leave and inspect may wait for a peer (default 30 000 ms;
 *     virtual time in the simulator, real time in Vert.x)
 * @param deployBatchSize how many Vert.x deployments {@link Network#launchAll} keeps in flight at
 *     once (default 1 000)
 * @param maxRecordedEvents how many metric events the {@link MetricsRecorder} keeps (default 100 000)
 */
public record NetworkOptions(
    long seed,
    LatencyModel latency,
    double lossProbability,
    int eventLoopThreads,
    boolean wireRoundTrip,
    long launchTimeoutMs,
    int deployBatchSize,
    int maxRecordedEvents) {

  public NetworkOptions {
    Objects.requireNonNull(latency, "latency");
    if (!(lossProbability >= 0 && lossProbability < 1)) {
      throw new IllegalArgumentException("lossProbability must be in [0, 1): " + lossProbability);
    }
    if (eventLoopThreads < 1) {
      throw new IllegalArgumentException("eventLoopThreads must be >= 1: " + eventLoopThreads);
    }
    if (launchTimeoutMs < 1) {
      throw new IllegalArgumentException("launchTimeoutMs must be >= 1: " + launchTimeoutMs);
    }
    if (deployBatchSize < 1) {
      throw new IllegalArgumentException("deployBatchSize must be >= 1: " + deployBatchSize);
    }
    if (maxRecordedEvents < 0) {
      throw new IllegalArgumentException("maxRecordedEvents must be >= 0: " + maxRecordedEvents);
    }
  }

  /** The defaults listed on each component. */
  public static NetworkOptions defaults() {
    return new NetworkOptions(1L, LatencyModel.constant(10), 0.0,
        Runtime.getRuntime().availableProcessors(), true, 30_000L, 1_000, 100_000);
  }

  public NetworkOptions withSeed(long seed) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }

  public NetworkOptions withLatency(LatencyModel latency) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }

  public NetworkOptions withLossProbability(double lossProbability) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }

  public NetworkOptions withEventLoopThreads(int eventLoopThreads) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }

  public NetworkOptions withWireRoundTrip(boolean wireRoundTrip) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }

  public NetworkOptions withLaunchTimeoutMs(long launchTimeoutMs) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }

  public NetworkOptions withDeployBatchSize(int deployBatchSize) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }

  public NetworkOptions withMaxRecordedEvents(int maxRecordedEvents) {
    return new NetworkOptions(seed, latency, lossProbability, eventLoopThreads, wireRoundTrip,
        launchTimeoutMs, deployBatchSize, maxRecordedEvents);
  }
}
