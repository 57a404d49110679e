package org.bloomchord.overlay.sim;

import java.util.random.RandomGenerator;

/**
 * The simulator's one-way message delay. Every model stays within [{@link #minMs()},
 * {@link #maxMs()}] and draws only from the generator it is given, so a seeded simulation repeats
 * exactly.
 */
public sealed interface LatencyModel permits LatencyModel.Constant, LatencyModel.Uniform,
    LatencyModel.Coordinates, LatencyModel.Geographic {

  /** Where a peer sits, for distance-based models: a point of the unit square. */
  interface Position {

    float x();

    float y();

    /** The peer's access link, in [0, 1): where its access delay lies in the model's range. */
    default float access() {
      return 0f;
    }
  }

  /** The delay of one message from {@code from} to {@code to}, in milliseconds. */
  long delayMs(Position from, Position to, RandomGenerator random);

  /** The smallest delay this model produces. */
  long minMs();

  /** The largest delay this model produces. */
  long maxMs();

  /** Every message takes exactly {@code ms}. */
  static LatencyModel constant(long ms) {
    return new Constant(ms);
  }

  /** Each message takes a delay drawn uniformly from the integers in [minMs, maxMs]. */
  static LatencyModel uniform(long minMs, long maxMs) {
    return new Uniform(minMs, maxMs);
  }

  /**
   * Peers sit at random points of a unit square; a message takes the distance scaled so that the
   * diagonal (the longest distance) takes {@code maxOneWayMs}, rounded to the nearest millisecond.
   */
  static LatencyModel coordinates(long maxOneWayMs) {
    return new Coordinates(maxOneWayMs);
  }

  /**
   * Peers sit at random points of a unit square and each has an access link: a message takes the
   * distance scaled so that the diagonal takes {@code maxOneWayMs}, plus the access delay of both
   * ends, each drawn once per peer uniformly from [minAccessMs, maxAccessMs]. The structure of
   * measured Internet delays (King, p2psim's data sets) in synthetic form: near peers are fast,
   * and a slow access link makes a peer slow to everyone.
   */
  static LatencyModel geographic(long maxOneWayMs, long minAccessMs, long maxAccessMs) {
    return new Geographic(maxOneWayMs, minAccessMs, maxAccessMs);
  }

  /** A fixed delay. */
  record Constant(long ms) implements LatencyModel {

    public Constant {
      if (ms < 0) {
        throw new IllegalArgumentException("latency must be >= 0 ms: " + ms);
      }
    }

    @Override
    public long delayMs(Position from, Position to, RandomGenerator random) {
      return ms;
    }

    @Override
    public long minMs() {
      return ms;
    }

    @Override
    public long maxMs() {
      return ms;
    }
  }

  /** A delay uniform over [minMs, maxMs]. */
  record Uniform(long minMs, long maxMs) implements LatencyModel {

    public Uniform {
      if (minMs < 0 || maxMs < minMs) {
        throw new IllegalArgumentException("need 0 <= minMs <= maxMs, got [" + minMs + ", " + maxMs + "]");
      }
    }

    @Override
    public long delayMs(Position from, Position to, RandomGenerator random) {
      return minMs == maxMs ? minMs : minMs + random.nextLong(maxMs - minMs + 1);
    }
  }

  /** A delay proportional to the distance between the peers' positions. */
  record Coordinates(long maxOneWayMs) implements LatencyModel {

    private static final double DIAGONAL = Math.sqrt(2.0);

    public Coordinates {
      if (maxOneWayMs < 0) {
        throw new IllegalArgumentException("maxOneWayMs must be >= 0: " + maxOneWayMs);
      }
    }

    @Override
    public long delayMs(Position from, Position to, RandomGenerator random) {
      double dx = from.x() - to.x();
      double dy = from.y() - to.y();
      double d = Math.sqrt(dx * dx + dy * dy) / DIAGONAL;
      return Math.min(maxOneWayMs, Math.round(d * maxOneWayMs));
    }

    @Override
    public long minMs() {
      return 0;
    }

    @Override
    public long maxMs() {
      return maxOneWayMs;
    }
  }

  /** Distance in the unit square plus a per-peer access delay at both ends. */
  record Geographic(long maxOneWayMs, long minAccessMs, long maxAccessMs) implements LatencyModel {

    private static final double DIAGONAL = Math.sqrt(2.0);

    public Geographic {
      if (maxOneWayMs < 0 || minAccessMs < 0 || maxAccessMs < minAccessMs) {
        throw new IllegalArgumentException("need maxOneWayMs >= 0 and 0 <= minAccessMs <= maxAccessMs, got "
            + maxOneWayMs + ", [" + minAccessMs + ", " + maxAccessMs + "]");
      }
    }

    @Override
    public long delayMs(Position from, Position to, RandomGenerator random) {
      double dx = from.x() - to.x();
      double dy = from.y() - to.y();
      double d = Math.min(1.0, Math.sqrt(dx * dx + dy * dy) / DIAGONAL) * maxOneWayMs;
      double access = 2 * minAccessMs + (from.access() + to.access()) * (maxAccessMs - minAccessMs);
      return Math.min(maxMs(), Math.round(d + access));
    }

    @Override
    public long minMs() {
      return 2 * minAccessMs;
    }

    @Override
    public long maxMs() {
      return maxOneWayMs + 2 * maxAccessMs;
    }
  }
}
