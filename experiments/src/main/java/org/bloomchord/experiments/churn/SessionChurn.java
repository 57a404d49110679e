package org.bloomchord.experiments.churn;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Session-time churn at a constant population: every live peer stays for a session drawn from
 * {@link SessionDistribution}, then leaves (a crash with probability {@code crashFraction}, a
 * graceful leave otherwise) and is replaced at the same instant by a new joiner with a fresh
 * session. The peers alive at the phase's start begin a full session then (as if they had all just
 * joined), so the first departures bunch less than a stationary process would for heavy-tailed
 * sessions; a warm-up hides that. Sessions are rounded to whole milliseconds, at least 1 ms.
 *
 * @param sessions session-time distribution
 * @param crashFraction share of departures that are crashes, in [0, 1]
 * @param duration the phase's length; no event falls after it
 */
public record SessionChurn(SessionDistribution sessions, double crashFraction, Duration duration)
    implements ChurnModel {

  public SessionChurn {
    if (sessions == null) {
      throw new IllegalArgumentException("sessions must be given");
    }
    Fractions.check("crashFraction", crashFraction);
    Fractions.checkDuration(duration);
  }

  @Override
  public Iterator<ChurnEvent> events(Population start, long seed) {
    return new Events(start, seed);
  }

  private final class Events implements Iterator<ChurnEvent> {
    private final SplittableRandom rng;
    private final long endMs = duration.toMillis();
    private final PriorityQueue<long[]> departures =
        new PriorityQueue<>(Comparator.<long[]>comparingLong(d -> d[0]).thenComparingLong(d -> d[1]));
    private final ArrayDeque<ChurnEvent> ready = new ArrayDeque<>();
    private int nextPeer;

    Events(Population start, long seed) {
      rng = new SplittableRandom(seed);
      nextPeer = start.nextPeer();
      for (int peer : start.alive()) {
        departures.add(new long[] {session(0), peer});
      }
    }

    private long session(long fromMs) {
      return fromMs + Math.max(1, Math.round(sessions.sampleSeconds(rng) * 1000));
    }

    @Override
    public boolean hasNext() {
      if (ready.isEmpty() && !departures.isEmpty() && departures.peek()[0] <= endMs) {
        long[] d = departures.poll();
        ChurnAction how = rng.nextDouble() < crashFraction ? ChurnAction.CRASH : ChurnAction.LEAVE;
        ready.add(new ChurnEvent(d[0], how, (int) d[1]));
        int joiner = nextPeer++;
        ready.add(new ChurnEvent(d[0], ChurnAction.JOIN, joiner));
        departures.add(new long[] {session(d[0]), joiner});
      }
      return !ready.isEmpty();
    }

    @Override
    public ChurnEvent next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return ready.poll();
    }
  }
}
