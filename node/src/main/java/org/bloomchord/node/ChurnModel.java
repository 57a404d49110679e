package org.bloomchord.node;

/**
 * A churn model a node runs against its own peers: events arrive as a Poisson process of
 * {@code eventsPerSecond}; each is a join or a departure with equal probability (so the ring's
 * size stays about constant), and a departure is a crash with probability {@code crashShare},
 * otherwise a graceful leave. The ring never shrinks below {@code minPeers}. Runs for
 * {@code seconds}, or until stopped.
 *
 * @param eventsPerSecond mean membership events per second, in (0, 100]
 * @param crashShare share of departures that are crashes, in [0, 1]
 * @param seconds how long the model runs, 1..86400
 * @param minPeers the fewest peers the model leaves running, at least 1
 */
public record ChurnModel(double eventsPerSecond, double crashShare, int seconds, int minPeers) {

  public ChurnModel {
    if (!(eventsPerSecond > 0 && eventsPerSecond <= 100)) {
      throw new IllegalArgumentException("eventsPerSecond must be in (0, 100], got " + eventsPerSecond);
    }
    if (!(crashShare >= 0 && crashShare <= 1)) {
      throw new IllegalArgumentException("crashShare must be in [0, 1], got " + crashShare);
    }
    if (seconds < 1 || seconds > 86_400) {
      throw new IllegalArgumentException("seconds must be in 1..86400, got " + seconds);
    }
    if (minPeers < 1) {
      throw new IllegalArgumentException("minPeers must be at least 1, got " + minPeers);
    }
  }
}
