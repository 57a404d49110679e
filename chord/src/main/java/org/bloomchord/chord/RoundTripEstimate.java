package org.bloomchord.chord;

/**
 * The request timeout of one peer, adapted to the round trips it measures (Jacobson's estimator, as
 * in TCP): {@code srtt + 4·rttvar}, never below the configured request timeout (the floor) and never
 * above the ceiling. One estimate per peer, over all destinations: the delays that matter here are
 * the queueing delays of a loaded runtime, which every destination shares, and one estimate costs a
 * few fields where one per link would cost a map entry per link.
 *
 * <p>Invariants: {@code floorMs <= timeoutMs() <= ceilingMs}; before the first sample the timeout
 * is the floor; after a timeout it doubles until the next sample. Not thread-safe; owned by one peer.
 */
final class RoundTripEstimate {

  private final long floorMs;
  private final long ceilingMs;
  private double srtt = -1;
  private double rttvar;
  private int backOff = 1;

  RoundTripEstimate(long floorMs, long ceilingMs) {
    if (floorMs <= 0 || ceilingMs < floorMs) {
      throw new IllegalArgumentException("need 0 < floor <= ceiling, got " + floorMs + ", " + ceilingMs);
    }
    this.floorMs = floorMs;
    this.ceilingMs = ceilingMs;
  }

  /** The estimate for a configuration: floor requestTimeoutMs, ceiling min(lookupTimeoutMs, 4·floor). */
  static RoundTripEstimate of(ChordConfig config) {
    long floor = config.requestTimeoutMs();
    return new RoundTripEstimate(floor, Math.max(floor, Math.min(config.lookupTimeoutMs(), 4 * floor)));
  }

  /** Adds one measured round trip (a reply, on time or late). */
  void sample(long ms) {
    backOff = 1;
    if (srtt < 0) {
      srtt = ms;
      rttvar = ms / 2.0;
    } else {
      rttvar = 0.75 * rttvar + 0.25 * Math.abs(srtt - ms);
      srtt = 0.875 * srtt + 0.125 * ms;
    }
  }

  /** How long to wait for a reply before suspecting the peer. */
  long timeoutMs() {
    long base = srtt < 0 ? floorMs : Math.max(floorMs, Math.round(srtt + 4 * rttvar));
    return Math.min(ceilingMs, base * backOff);
  }

  /** A request timed out: the timeout doubles (up to the ceiling) until the next sample. */
  void backOff() {
    backOff = Math.min(backOff * 2, 16);
  }

  /** How long a late reply is still waited for (and measured); the longest timeout. */
  long ceilingMs() {
    return ceilingMs;
  }
}
