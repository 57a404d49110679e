package org.bloomchord.experiments.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Samples named columns at times the runner chooses (typically once a second of the runtime's
 * clock) into a {@link TimeSeries}. A column is one of:
 * <ul>
 *   <li>a <em>gauge</em>: the supplier's value at the sample ({@code peersAlive});</li>
 *   <li>a <em>delta</em>: how much a cumulative counter grew since the previous sample
 *       ({@code lookups}, {@code failures});</li>
 *   <li>a <em>per-peer rate</em>: the growth of a counter divided by live peers and by the seconds
 *       since the previous sample ({@code bytesPerPeerPerSecond}).</li>
 * </ul>
 * The first sample's deltas count from the counters' values when the sampler was built. All rows
 * are kept, warm-up included: a time series shows the whole run. {@link #sample} is synchronised,
 * so it may be called from any thread; suppliers must be safe to read from it.
 */
public final class TimeSeriesSampler {

  /** Standard column: live peers. */
  public static final String PEERS_ALIVE = "peersAlive";
  /** Standard column: lookups completed in the interval. */
  public static final String LOOKUPS = "lookups";
  /** Standard column: lookups in the interval that were incorrect or failed. */
  public static final String FAILURES = "failures";
  /** Standard column: locates completed in the interval. */
  public static final String LOCATES = "locates";
  /** Standard column: locates in the interval that found no holder although one was live, or got no answer. */
  public static final String LOCATES_MISSED = "locatesMissed";
  /** Standard column: bytes sent per live peer per second over the interval. */
  public static final String BYTES_PER_PEER_PER_SECOND = "bytesPerPeerPerSecond";
  /** Column: separate rings of the live peers (cycles of their successor pointers); sampled by runs that partition. */
  public static final String RINGS = "rings";

  /**
   * The column of the locates counted with {@code outcome} in the interval, inside the measurement
   * window only ({@code locateLocal}, {@code locateProbabilistic}, {@code locateFallback},
   * {@code locateNotFound}, {@code locateFailed}): over the whole run they sum to {@code locate.total}.
   */
  public static String locateOutcomeColumn(org.bloomchord.routing.location.LocateOutcome outcome) {
    StringBuilder name = new StringBuilder("locate");
    for (String part : outcome.name().toLowerCase(java.util.Locale.ROOT).split("_")) {
      name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return name.toString();
  }

  private interface Column {
    double sample(double seconds);
  }

  private final Map<String, Column> columns;
  private final List<TimeSeries.Row> rows = new ArrayList<>();
  private long lastMs;
  private boolean first = true;

  private TimeSeriesSampler(Map<String, Column> columns) {
    this.columns = columns;
  }

  /** A builder of the columns, in the order they will appear. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The standard columns: {@value #PEERS_ALIVE}, {@value #LOOKUPS}, {@value #FAILURES},
   * {@value #LOCATES}, {@value #LOCATES_MISSED}, {@value #BYTES_PER_PEER_PER_SECOND}.
   *
   * @param alive live peers now
   * @param lookups the run's lookup recorder (its warm-up-inclusive counters are used)
   * @param locates the run's locate recorder
   * @param bytes cumulative bytes sent by all peers
   */
  public static TimeSeriesSampler standard(LongSupplier alive, LookupRecorder lookups, LocateRecorder locates,
      LongSupplier bytes) {
    return builder()
        .gauge(PEERS_ALIVE, () -> alive.getAsLong())
        .delta(LOOKUPS, lookups::seen)
        .delta(FAILURES, lookups::seenFailures)
        .delta(LOCATES, locates::seen)
        .delta(LOCATES_MISSED, locates::seenMissed)
        .perPeerRate(BYTES_PER_PEER_PER_SECOND, bytes, () -> alive.getAsLong())
        .build();
  }

  /** Builds a sampler column by column. */
  public static final class Builder {
    private final Map<String, Column> columns = new LinkedHashMap<>();

    private Builder() {
    }

    /** A column holding the supplier's value at each sample. */
    public Builder gauge(String name, DoubleSupplier value) {
      return add(name, seconds -> value.getAsDouble());
    }

    /** A column holding the growth of a cumulative counter since the previous sample. */
    public Builder delta(String name, LongSupplier cumulative) {
      long[] last = {cumulative.getAsLong()};
      return add(name, seconds -> {
        long now = cumulative.getAsLong();
        long d = now - last[0];
        last[0] = now;
        return d;
      });
    }

    /**
     * A column holding the growth of a cumulative counter divided by the live peers and by the
     * seconds since the previous sample; NaN when there are no peers or no time passed.
     */
    public Builder perPeerRate(String name, LongSupplier cumulative, DoubleSupplier peers) {
      long[] last = {cumulative.getAsLong()};
      return add(name, seconds -> {
        long now = cumulative.getAsLong();
        long d = now - last[0];
        last[0] = now;
        double p = peers.getAsDouble();
        return p > 0 && seconds > 0 ? d / p / seconds : Double.NaN;
      });
    }

    private Builder add(String name, Column column) {
      if (name.equals("time") || columns.putIfAbsent(name, column) != null) {
        throw new IllegalArgumentException("duplicate column '" + name + "'");
      }
      return this;
    }

    /** The sampler. */
    public TimeSeriesSampler build() {
      return new TimeSeriesSampler(new LinkedHashMap<>(columns));
    }
  }

  /**
   * Takes one sample at {@code atMs} (milliseconds since the run's start).
   *
   * @throws IllegalArgumentException if {@code atMs} is before the previous sample
   */
  public synchronized void sample(long atMs) {
    if (!first && atMs < lastMs) {
      throw new IllegalArgumentException("sample at " + atMs + " ms before previous sample at " + lastMs + " ms");
    }
    double seconds = first ? 0 : (atMs - lastMs) / 1000.0;
    double[] values = new double[columns.size()];
    int i = 0;
    for (Column c : columns.values()) {
      values[i++] = c.sample(seconds);
    }
    rows.add(new TimeSeries.Row(atMs / 1000.0, values));
    lastMs = atMs;
    first = false;
  }

  /** The samples taken so far. */
  public synchronized TimeSeries series() {
    return new TimeSeries(new ArrayList<>(columns.keySet()), rows);
  }
}
