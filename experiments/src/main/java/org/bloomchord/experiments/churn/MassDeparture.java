package org.bloomchord.experiments.churn;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A share of the live peers departing together: mass failure ({@code fail: { fraction: 0.2 }}, all
 * CRASH) or a mass graceful leave. The departing peers are a uniform random sample without
 * replacement of {@code round(fraction * alive)} peers (or exactly {@code count} when given, capped
 * at the population). Their events are spread evenly over {@code over}, the first at time 0; with
 * a zero {@code over} all happen at once.
 *
 * @param action CRASH or LEAVE
 * @param fraction share of live peers to remove, in [0, 1]; ignored when {@code count >= 0}
 * @param count exact number of peers to remove, or -1 to use the fraction
 * @param over time the departures are spread over
 */
public record MassDeparture(ChurnAction action, double fraction, int count, Duration over) implements ChurnModel {

  public MassDeparture {
    if (action != ChurnAction.CRASH && action != ChurnAction.LEAVE) {
      throw new IllegalArgumentException("a mass departure is CRASH or LEAVE, not " + action);
    }
    Fractions.check("fraction", fraction);
    if (count < -1) {
      throw new IllegalArgumentException("count must be >= 0 (or -1 for the fraction), was " + count);
    }
    Fractions.checkDuration(over);
  }

  /** Crashes a fraction of the live peers at once. */
  public static MassDeparture failure(double fraction) {
    return new MassDeparture(ChurnAction.CRASH, fraction, -1, Duration.ZERO);
  }

  /** How many peers depart from a population of {@code alive}. */
  public int departing(int alive) {
    return count >= 0 ? Math.min(count, alive) : (int) Math.round(fraction * alive);
  }

  @Override
  public Iterator<ChurnEvent> events(Population start, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<Integer> peers = new ArrayList<>(start.alive());
    int k = departing(peers.size());
    List<ChurnEvent> out = new ArrayList<>(k);
    long overMs = over.toMillis();
    for (int i = 0; i < k; i++) {
      int j = i + rng.nextInt(peers.size() - i);
      int peer = peers.get(j);
      peers.set(j, peers.get(i));
      peers.set(i, peer);
      out.add(new ChurnEvent(k <= 1 ? 0 : overMs * i / k, action, peer));
    }
    return out.iterator();
  }
}
