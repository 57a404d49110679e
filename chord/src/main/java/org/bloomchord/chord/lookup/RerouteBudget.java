package org.bloomchord.chord.lookup;

/**
 * How many lookup steps a peer may send again because a peer it asked is behind a backlog (alive,
 * its runtime says, but too slow to acknowledge in time; {@link org.bloomchord.overlay.PeerRuntime#behind}),
 * as a share of the steps it sends the first time: a token bucket that every {@value #SENDS_PER_RETRY}
 * first sends fill by one retry, up to {@value #CAP}, and each such retry (a step routed around the slow peer, or
 * the origin's second attempt of a lookup) empties by one. Sending the same work elsewhere does
 * not help a ring whose peers are behind because the machine is overloaded: it adds to the load
 * that made them slow. With the budget a retry past the share fails
 * the step instead (the origin's back-off retries still apply), so overload makes lookups slower or
 * failed, not a storm. The retry budgets of Finagle and gRPC bound retries the same way.
 *
 * <p>A peer makes its budget at its first step that met a peer behind, full; the simulator's peers
 * are never behind, so they never make one and none of their decisions depends on it.
 */
final class RerouteBudget {

  /** First sends that earn one retry. */
  static final int SENDS_PER_RETRY = 10;
  /** The most retries saved up, for a short burst of slow answers. */
  static final int CAP = 10;

  /** Saved retries, in units of one first send's share (integers: no rounding drift). */
  private int shares = CAP * SENDS_PER_RETRY;

  /** A step sent the first time. */
  void earn() {
    if (shares < CAP * SENDS_PER_RETRY) {
      shares++;
    }
  }

  /** Takes one retry if the budget has one; false when it is spent. */
  boolean spend() {
    if (shares < SENDS_PER_RETRY) {
      return false;
    }
    shares -= SENDS_PER_RETRY;
    return true;
  }
}
