package org.bloomchord.overlay.sim;

import java.util.Objects;

/**
 * The simulator's settings, part of {@link org.bloomchord.overlay.NetworkOptions}. Validated on
 * construction; {@link #defaults()} documents the default of every setting, and the
 * {@code withXxx} methods derive changed copies.
 *
 * @param latency the one-way message delay (default constant 10 ms)
 * @param lossProbability probability in [0, 1) that a message is dropped (default 0)
 * @param wireRoundTrip whether every message is decoded from its encoding before delivery, so
 *     peers share no state by accident (default true); when false it is still encoded to count
 *     bytes but the receiver gets the sender's object
 */
public record SimOptions(LatencyModel latency, double lossProbability, boolean wireRoundTrip) {

  public SimOptions {
    Objects.requireNonNull(latency, "latency");
    if (!(lossProbability >= 0 && lossProbability < 1)) {
      throw new IllegalArgumentException("lossProbability must be in [0, 1): " + lossProbability);
    }
  }

  /** The defaults listed on each component. */
  public static SimOptions defaults() {
    return new SimOptions(LatencyModel.constant(10), 0.0, true);
  }

  public SimOptions withLatency(LatencyModel latency) {
    return new SimOptions(latency, lossProbability, wireRoundTrip);
  }

  public SimOptions withLossProbability(double lossProbability) {
    return new SimOptions(latency, lossProbability, wireRoundTrip);
  }

  public SimOptions withWireRoundTrip(boolean wireRoundTrip) {
    return new SimOptions(latency, lossProbability, wireRoundTrip);
  }
}
