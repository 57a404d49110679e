package org.bloomchord.experiments.churn;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * Churn as two independent Poisson processes, as in the Chord paper's experiments: joins at
 * {@code joinsPerSecond} and departures at {@code leavesPerSecond} (the paper's R for both). A
 * departure takes a live peer chosen uniformly at random and is a crash with probability
 * {@code crashFraction}; a departure drawn while no peer is alive is dropped. The merged process
 * draws exponential gaps of rate {@code joins + leaves}; each event is a join with probability
 * {@code joins / (joins + leaves)}. Times are truncated to whole milliseconds.
 *
 * @param joinsPerSecond join rate
 * @param leavesPerSecond departure rate
 * @param crashFraction share of departures that are crashes, in [0, 1]
 * @param duration the phase's length; no event falls after it
 */
public record PoissonChurn(double joinsPerSecond, double leavesPerSecond, double crashFraction, Duration duration)
    implements ChurnModel {

  public PoissonChurn {
    Fractions.checkRate("joinsPerSecond", joinsPerSecond);
    Fractions.checkRate("leavesPerSecond", leavesPerSecond);
    Fractions.check("crashFraction", crashFraction);
    Fractions.checkDuration(duration);
  }

  /** Chord-paper churn: joins and departures each at rate {@code r} per second. */
  public static PoissonChurn chordStyle(double r, double crashFraction, Duration duration) {
    return new PoissonChurn(r, r, crashFraction, duration);
  }

  @Override
  public Iterator<ChurnEvent> events(Population start, long seed) {
    return new Events(start, seed);
  }

  private final class Events implements Iterator<ChurnEvent> {
    private final SplittableRandom rng;
    private final List<Integer> alive;
    private final double rate = joinsPerSecond + leavesPerSecond;
    private final long endMs = duration.toMillis();
    private int nextPeer;
    private double seconds;
    private ChurnEvent pending;

    Events(Population start, long seed) {
      rng = new SplittableRandom(seed);
      alive = new ArrayList<>(start.alive());
      nextPeer = start.nextPeer();
    }

    @Override
    public boolean hasNext() {
      while (pending == null && rate > 0) {
        seconds += -Math.log1p(-rng.nextDouble()) / rate;
        long atMs = (long) (seconds * 1000);
        if (atMs > endMs) {
          return false;
        }
        if (rng.nextDouble() * rate < joinsPerSecond) {
          int joiner = nextPeer++;
          alive.add(joiner);
          pending = new ChurnEvent(atMs, ChurnAction.JOIN, joiner);
        } else if (!alive.isEmpty()) {
          int i = rng.nextInt(alive.size());
          int peer = alive.get(i);
          alive.set(i, alive.get(alive.size() - 1));
          alive.remove(alive.size() - 1);
          ChurnAction how = rng.nextDouble() < crashFraction ? ChurnAction.CRASH : ChurnAction.LEAVE;
          pending = new ChurnEvent(atMs, how, peer);
        }
      }
      return pending != null;
    }

    @Override
    public ChurnEvent next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      ChurnEvent e = pending;
      pending = null;
      return e;
    }
  }
}
