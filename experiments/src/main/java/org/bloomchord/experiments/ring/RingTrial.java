package org.bloomchord.experiments.ring;

import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.KeyReport;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;
import org.bloomchord.experiments.summary.KeyStats;
import org.bloomchord.experiments.summary.Load;
import org.bloomchord.experiments.summary.PeerCounts;
import org.bloomchord.experiments.summary.ResourceStats;
import org.bloomchord.experiments.summary.RingHealth;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;

/**
 * One ring trial, the work of {@code bloomchord ring}: launches the peers in waves that at most
 * double the ring, waits until the ring is stable by the oracle (and then, for a bounded time, until
 * every finger is correct), stores random keys, optionally crashes a share of the peers at once and
 * waits for the repair, then runs lookups of random keys from random peers, concurrently in batches
 * through {@code Network.callAll}, and judges each against the oracle.
 *
 * <p>What is measured, and over which interval:
 * <ul>
 *   <li>{@code ring.stabilizeSeconds}: runtime seconds from the start of the launch (or from the
 *       crash) until the ring was stable; the figures of errors come from the final check;</li>
 *   <li>{@code traffic}: every message of the run, joins included; the per-peer rate divides by
 *       the time-weighted mean of live peers and by the runtime seconds of the run;</li>
 *   <li>{@code resources.heapBytesPerPeer}: heap in use after collections once the ring is stable,
 *       minus the same before the network was made, divided by the peers launched;</li>
 *   <li>{@link Rates}: lookups and lookup hops per wall second of the lookup phase, and with
 *       {@code benchPings} the ping round trips per wall second between the same peers, measured
 *       just before and just after the lookups (the mean of the two, so that a change of the
 *       machine's load during the run shows in both figures);</li>
 * </ul>
 * Same settings on the simulator, same summary (apart from wall-clock figures).
 *
 * <p>The trial is a fixed sequence of {@link RunStep}s on a {@link RunContext} (the runner's
 * context without a scenario): {@link RingLaunchStep}, {@link RingKeysStep},
 * {@link RingCrashStep}, {@link RingLookupStep}, sharing a {@link RingRun}. It does not use the
 * scenario's {@code join} and {@code measure} steps: those join through the roster's batches and
 * keep operations in flight by a bound, which gives another order of events than the command's
 * waves and {@code callAll} batches, and {@code ring}'s published figures were measured with these.
 */
public final class RingTrial {

  /** Most operations one {@code callAll} batch starts at once. */
  static final int MAX_BATCH = 10_000;

  private final RingSettings settings;
  private final ChordConfig config;
  private final Progress progress;

  /** A trial of {@code settings} reporting its progress to {@code progress}. */
  public RingTrial(RingSettings settings, Progress progress) {
    this.settings = settings;
    this.config = settings.chordConfig();
    this.progress = progress;
  }

  /**
   * Rates measured in wall time.
   *
   * @param lookupsPerSecond lookups completed per second of the lookup phase
   * @param hopsPerSecond forwarding hops of those lookups per second of the lookup phase
   * @param pingsPerSecond answered ping round trips per second (mean of the rounds before and after
   *     the lookups), or null without {@code benchPings}
   */
  public record Rates(double lookupsPerSecond, double hopsPerSecond, Double pingsPerSecond) {
  }

  /**
   * The summary of a trial, its wall-time rates and where its time went ({@link RingPhases}).
   *
   * @param summary the ring command's summary
   * @param rates the lookups' wall-time rates
   * @param phases where the wall time went, from the launch's first join
   * @param heapBaselineSeconds wall time of the heap reading before the launch (the baseline the
   *     heap per peer is measured from; part of the trial's wall time, before the phases start)
   */
  public record Outcome(Summary summary, Rates rates, List<RingPhases.Phase> phases, double heapBaselineSeconds) {
  }

  /** Runs the trial; blocks until it is over and the network closed. */
  public Outcome run() {
    long wallStart = System.nanoTime();
    long heapBefore = RingRun.usedHeap();
    double heapBaselineSeconds = (System.nanoTime() - wallStart) / 1e9;
    NetworkOptions options = NetworkOptions.defaults().withSeed(settings.seed()).withLaunchTimeoutMs(120_000);
    try (ChordCluster cluster = ChordCluster.create(settings.runtime(), options, config);
        RunContext ctx = new RunContext(null, cluster, ref -> List.of(), null, null, 1, progress)) {
      Network<ChordPeer> net = cluster.network();
      RingRun run = new RingRun(settings, config, net);
      RunStep.runAll(ctx, List.of(new RingLaunchStep(run), new RingKeysStep(run), new RingCrashStep(run),
          new RingLookupStep(run)));
      RingCheck check = cluster.check();
      KeyReport keys = cluster.keys();
      run.phases.end("final checks", net);
      progress.line("protocol counters: %s", net.metrics().counters());
      for (RingPhases.Phase p : run.phases.phases()) {
        progress.line("phase %s: %.1f s wall, %d events, %d messages, %.1f runtime s", p.name(), p.wallSeconds(),
            p.events(), p.messages(), p.runtimeSeconds());
      }
      double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
      double runSeconds = (net.now() - run.startMs) / 1000.0;
      Summary summary = Summary.of("ring", settings.runtime(), settings.seed())
          .withPeers(new PeerCounts(settings.peers(), run.hostsAlive, settings.peers() - cluster.failedJoins(), 0,
              run.crashes))
          .withRing(new RingHealth(check.stable(), run.stabilizeSeconds, check.successorErrors(),
              check.fingerErrors()))
          .withLookups(run.lookups.toStats())
          .withKeys(new KeyStats(keys.stored(), keys.lost(), keysPerPeer(cluster)))
          .withTraffic(TrafficStats.of(net.traffic().snapshot(),
              runSeconds > 0 ? run.peerSeconds() / runSeconds : 0, runSeconds))
          .withResources(resources(net, wallSeconds, (double) (run.heapWithPeers - heapBefore) / settings.peers()));
      return new Outcome(summary, new Rates(run.lookupsPerSecond, run.hopsPerSecond, run.pingsPerSecond),
          run.phases.phases(), heapBaselineSeconds);
    }
  }

  /** Keys each live physical peer is primary of (summed over its virtual nodes). */
  private static Load keysPerPeer(ChordCluster cluster) {
    Map<String, Integer> perHost = cluster.keysPerHost();
    double[] counts = perHost.values().stream().mapToDouble(Integer::doubleValue).toArray();
    return Distribution.of(counts).toLoad();
  }

  private static ResourceStats resources(Network<ChordPeer> net, double wallSeconds, double heapPerPeer) {
    return net.simulator()
        .map(sim -> new ResourceStats(wallSeconds, net.now() / 1000.0, heapPerPeer, sim.eventsFired() / wallSeconds))
        .orElse(new ResourceStats(wallSeconds, null, heapPerPeer, null));
  }
}
