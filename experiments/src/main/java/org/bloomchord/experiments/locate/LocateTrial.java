package org.bloomchord.experiments.locate;

import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.metrics.TrafficWindow;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.cluster.LocationCluster;

/**
 * One location measurement, the work of {@code bloomchord locate}: a ring of N peers with the location layer, O objects each published
 * at H distinct random peers, the filters left to settle, then Q locates from random peers for
 * random objects (all at once), the same queries resolved by the deterministic path alone, and
 * the oracle distance of each. Random choices come from the seed, so a simulator run repeats.
 *
 * <p>Filter maintenance traffic (summary requests and replies) is counted from the moment the
 * ring is stable to the end of the run, and reported per peer per second of runtime time.
 *
 * <p>The measurement is a fixed sequence of {@link RunStep}s on a {@link RunContext} without a
 * scenario ({@link LocateRingStep}, {@link LocatePublishStep}, {@link LocateQueryStep}, sharing a
 * {@link LocateRun}); the scenario's {@code publish} and {@code measure} steps issue operations
 * one by one with a bound in flight and judge them as they complete, which gives another order of
 * events than this command's queries all at once.
 *
 * @param runtime "sim" or "vertx"
 * @param peers N
 * @param objects O
 * @param holdersPerObject H
 * @param queries Q
 * @param seed the root of every random choice
 * @param chord the Chord settings
 * @param location the location settings
 */
public record LocateTrial(String runtime, int peers, int objects, int holdersPerObject, int queries, long seed,
    ChordConfig chord, LocationConfig location) {

  /** The message types of filter maintenance. */
  public static final List<String> MAINTENANCE_TYPES = List.of("SummaryRequest", "SummaryReply", "SummaryDelta");

  /**
   * What a run measured.
   *
   * @param locate the figures of the locates
   * @param traffic the traffic from the stable ring to the end of the run
   * @param ringStable whether the ring was stable before the objects were published
   * @param filtersSettled whether the link filters settled before the locates
   * @param simulatedMs runtime milliseconds of the whole run
   */
  public record Outcome(LocateSummary locate, TrafficWindow traffic, boolean ringStable, boolean filtersSettled,
      long simulatedMs) {
  }

  /**
   * The measurement as the shared summary: the header, {@code locate} and {@code traffic}, where
   * {@code traffic.bytesPerPeerPerSecond} is the filter maintenance alone.
   */
  public Summary summary(Outcome o) {
    return Summary.of("locate", runtime, seed).withLocate(o.locate().toStats()).withTraffic(o.traffic().toStats());
  }

  /** Runs the measurement and closes the network. */
  public Outcome run() {
    NetworkOptions options = NetworkOptions.defaults().withSeed(seed);
    try (LocationCluster c = LocationCluster.create(runtime, options, chord, location);
        RunContext ctx = new RunContext(null, c.chord(), ref -> List.of(), location, null, 1, Progress.silent())) {
      long started = c.network().now();
      LocateRun run = new LocateRun(this, c);
      RunStep.runAll(ctx, List.of(new LocateRingStep(run), new LocatePublishStep(run), new LocateQueryStep(run)));
      return new Outcome(run.summary, run.traffic, run.ringStable, run.filtersSettled, c.network().now() - started);
    }
  }
}
