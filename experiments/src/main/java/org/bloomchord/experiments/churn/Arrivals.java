package org.bloomchord.experiments.churn;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * New peers joining at an even pace ({@code join: { peers: 1000, over: 10s }}): {@code count}
 * JOIN events numbered from the population's next peer, the i-th at {@code over * i / count}.
 * Needs no randomness.
 *
 * @param count peers to add, >= 0
 * @param over time the joins are spread over
 */
public record Arrivals(int count, Duration over) implements ChurnModel {

  public Arrivals {
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0, was " + count);
    }
    Fractions.checkDuration(over);
  }

  @Override
  public Iterator<ChurnEvent> events(Population start, long seed) {
    List<ChurnEvent> out = new ArrayList<>(count);
    long overMs = over.toMillis();
    for (int i = 0; i < count; i++) {
      out.add(new ChurnEvent(overMs * i / count, ChurnAction.JOIN, start.nextPeer() + i));
    }
    return out.iterator();
  }
}
