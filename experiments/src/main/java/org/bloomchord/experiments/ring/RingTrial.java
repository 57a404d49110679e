package org.bloomchord.experiments.ring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.KeyReport;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.metrics.LookupOutcome;
import org.bloomchord.experiments.metrics.LookupRecorder;
import org.bloomchord.experiments.metrics.MeasurementWindow;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.summary.KeyStats;
import org.bloomchord.experiments.summary.Load;
import org.bloomchord.experiments.summary.PeerCounts;
import org.bloomchord.experiments.summary.ResourceStats;
import org.bloomchord.experiments.summary.RingHealth;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;

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
 */
public final class RingTrial {

  /** Most operations one {@code callAll} batch starts at once. */
  static final int MAX_BATCH = 10_000;

  private final RingSettings settings;
  private final ChordConfig config;
  private final Progress progress;
  private int hostsAlive;
  private double peerSeconds;
  private long markMs;

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

  /** The summary of a trial and its wall-time rates. */
  public record Outcome(Summary summary, Rates rates) {
  }

  /** Runs the trial; blocks until it is over and the network closed. */
  public Outcome run() {
    long wallStart = System.nanoTime();
    long heapBefore = usedHeap();
    NetworkOptions options = NetworkOptions.defaults().withSeed(settings.seed()).withLaunchTimeoutMs(120_000);
    try (ChordCluster cluster = ChordCluster.create(settings.runtime(), options, config)) {
      Network<ChordPeer> net = cluster.network();
      long startMs = net.now();
      markMs = startMs;
      launch(cluster);
      Double stabilizeSeconds = awaitStable(cluster, "launch", startMs);
      awaitFingers(cluster);
      long heapWithPeers = usedHeap();
      storeKeys(cluster);
      int crashes = 0;
      if (settings.failFraction() > 0) {
        mark(net);
        long crashMs = net.now();
        crashes = cluster.crashFraction(settings.failFraction()).size();
        hostsAlive -= crashes;
        progress.line("crashed %d of %d peers at once", crashes, settings.peers());
        stabilizeSeconds = awaitStable(cluster, "repair", crashMs);
      }
      SplittableRandom random = new SplittableRandom(settings.seed() ^ 0x5DEECE66DL);
      LookupRecorder lookups = new LookupRecorder(MeasurementWindow.always());
      Double pings = null;
      if (settings.benchPings() > 0) {
        pings = PingBaseline.rate(cluster, settings.benchPings(), progress, "before the lookups");
        mark(net);
      }
      double[] lookupRates = runLookups(cluster, random, lookups);
      if (settings.benchPings() > 0) {
        pings = (pings + PingBaseline.rate(cluster, settings.benchPings(), progress, "after the lookups")) / 2;
        mark(net);
      }
      mark(net);
      RingCheck check = cluster.check();
      KeyReport keys = cluster.keys();
      progress.line("protocol counters: %s", net.metrics().counters());
      double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
      double runSeconds = (net.now() - startMs) / 1000.0;
      Summary summary = Summary.of("ring", settings.runtime(), settings.seed())
          .withPeers(new PeerCounts(settings.peers(), hostsAlive, settings.peers() - cluster.failedJoins(), 0,
              crashes))
          .withRing(new RingHealth(check.stable(), stabilizeSeconds, check.successorErrors(), check.fingerErrors()))
          .withLookups(lookups.toStats())
          .withKeys(new KeyStats(keys.stored(), keys.lost(), keysPerPeer(cluster)))
          .withTraffic(TrafficStats.of(net.traffic().snapshot(), runSeconds > 0 ? peerSeconds / runSeconds : 0,
              runSeconds))
          .withResources(resources(net, wallSeconds, (double) (heapWithPeers - heapBefore) / settings.peers()));
      return new Outcome(summary, new Rates(lookupRates[0], lookupRates[1], pings));
    }
  }

  private void launch(ChordCluster cluster) {
    int launched = 0;
    while (launched < settings.peers()) {
      int active = launched == 0 ? 0 : cluster.activePeers().size();
      int wave = Math.min(settings.peers() - launched, Math.max(1, active));
      mark(cluster.network());
      int failedBefore = cluster.failedJoins();
      cluster.launch(wave);
      launched += wave;
      int failed = cluster.failedJoins() - failedBefore;
      hostsAlive += wave - failed;
      progress.line("launched %d of %d peers%s", launched, settings.peers(),
          failed == 0 ? "" : " (" + failed + " joins failed; those peers were stopped)");
      if (launched < settings.peers()) {
        cluster.awaitStable(200 * config.stabilizeMs());
      }
    }
  }

  private Double awaitStable(ChordCluster cluster, String phase, long sinceMs) {
    Network<ChordPeer> net = cluster.network();
    RingCheck[] last = new RingCheck[1];
    boolean stable = net.awaitUntil(() -> {
      last[0] = cluster.checkRing();
      progress.tick("%s: waiting for a stable ring: %d successor, %d predecessor, %d successor-list errors"
          + " among %d peers", phase, last[0].successorErrors(), last[0].predecessorErrors(),
          last[0].successorListErrors(), last[0].peers());
      return last[0].stable();
    }, settings.maxWaitSeconds() * 1000, cluster.checkPeriodMs());
    mark(net);
    double seconds = (net.now() - sinceMs) / 1000.0;
    progress.line("%s: ring %s after %.1f s (runtime time)", phase, stable ? "stable" : "NOT stable", seconds);
    return stable ? seconds : null;
  }

  /** Lets fix-fingers run, at most 2·m rounds, until every finger is correct. */
  private void awaitFingers(ChordCluster cluster) {
    Network<ChordPeer> net = cluster.network();
    long since = net.now();
    RingCheck[] last = new RingCheck[1];
    boolean converged = net.awaitUntil(() -> {
      last[0] = cluster.check();
      progress.tick("fingers: %d of %d wrong", last[0].fingerErrors(), last[0].fingersChecked());
      return last[0].converged();
    }, 2L * config.idBits() * config.fixFingersMs(), Math.max(config.fixFingersMs(), cluster.checkPeriodMs()));
    mark(net);
    progress.line("fingers: %s after %.1f s more (%d of %d wrong)", converged ? "all correct" : "not all correct",
        (net.now() - since) / 1000.0, last[0].fingerErrors(), last[0].fingersChecked());
  }

  private void storeKeys(ChordCluster cluster) {
    if (settings.keys() == 0) {
      return;
    }
    Network<ChordPeer> net = cluster.network();
    SplittableRandom random = new SplittableRandom(settings.seed() ^ 0x9E3779B97F4A7C15L);
    List<PeerHandle<ChordPeer>> active = cluster.activePeers();
    int stored = 0;
    int failed = 0;
    long wait = config.operationAttempts() * (config.lookupTimeoutMs() + 2 * config.requestTimeoutMs()
        + config.stabilizeMs()) + config.requestTimeoutMs();
    for (int done = 0; done < settings.keys();) {
      int n = Math.min(batchSize(active.size()), settings.keys() - done);
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>(n);
      String[] keys = new String[n];
      for (int i = 0; i < n; i++) {
        origins.add(active.get(random.nextInt(active.size())));
        keys[i] = "key-" + Long.toHexString(random.nextLong());
      }
      AtomicInteger next = new AtomicInteger();
      for (Network.Outcome<WriteResult> o : net.callAll(origins, p -> {
        String key = keys[next.getAndIncrement()];
        return p.put(key, "value of " + key);
      }, wait)) {
        if (o.succeeded() && o.value().stored()) {
          cluster.expectKey(o.value().key());
          stored++;
        } else {
          if (failed++ == 0) {
            progress.line("keys: first failed put: %s", o.succeeded() ? o.value().outcome() : o.failure());
          }
        }
      }
      done += n;
      progress.tick("keys: %d stored, %d failed of %d", stored, failed, settings.keys());
    }
    mark(net);
    progress.line("keys: %d stored, %d failed of %d", stored, failed, settings.keys());
  }

  /** Runs the lookups; returns {lookups per wall second, hops per wall second}. */
  private double[] runLookups(ChordCluster cluster, SplittableRandom random, LookupRecorder recorder) {
    if (settings.lookups() == 0) {
      return new double[] {0, 0};
    }
    Network<ChordPeer> net = cluster.network();
    RingOracle oracle = cluster.oracle();
    List<PeerHandle<ChordPeer>> active = cluster.activePeers();
    long mask = cluster.ring().mask();
    long wait = config.lookupTimeoutMs() + 2 * config.requestTimeoutMs();
    long hops = 0;
    long t0 = System.nanoTime();
    for (int done = 0; done < settings.lookups();) {
      int n = Math.min(batchSize(active.size()), settings.lookups() - done);
      List<PeerHandle<ChordPeer>> origins = new ArrayList<>(n);
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        origins.add(active.get(random.nextInt(active.size())));
        keys[i] = random.nextLong() & mask;
      }
      AtomicInteger next = new AtomicInteger();
      List<Network.Outcome<LookupResult>> out = net.callAll(origins, p -> p.lookup(keys[next.getAndIncrement()]), wait);
      long at = net.now();
      for (Network.Outcome<LookupResult> o : out) {
        LookupResult r = o.succeeded() ? o.value() : null;
        if (r == null || !r.found()) {
          recorder.record(at, LookupOutcome.FAILED, 0, 0, r == null ? 0 : r.timeouts());
          continue;
        }
        boolean correct = r.successor().equals(oracle.successor(r.key()));
        recorder.record(at, correct ? LookupOutcome.CORRECT : LookupOutcome.INCORRECT, r.hops(), r.hopsToOwner(),
            r.latencyMs(),
            r.timeouts());
        hops += r.hops();
      }
      done += n;
      progress.tick("lookups: %d of %d done", done, settings.lookups());
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
    mark(net);
    progress.line("lookups: %d in %.2f s wall = %.0f lookups/s, %.0f hops/s", settings.lookups(), seconds,
        settings.lookups() / seconds, hops / seconds);
    return new double[] {settings.lookups() / seconds, hops / seconds};
  }

  private static int batchSize(int activePeers) {
    return Math.max(1, Math.min(MAX_BATCH, activePeers));
  }

  /** Keys each live physical peer is primary of (summed over its virtual nodes). */
  private static Load keysPerPeer(ChordCluster cluster) {
    Map<String, Integer> perHost = cluster.keysPerHost();
    double[] counts = perHost.values().stream().mapToDouble(Integer::doubleValue).toArray();
    return Distribution.of(counts).toLoad();
  }

  private ResourceStats resources(Network<ChordPeer> net, double wallSeconds, double heapPerPeer) {
    return net.simulator()
        .map(sim -> new ResourceStats(wallSeconds, net.now() / 1000.0, heapPerPeer, sim.eventsFired() / wallSeconds))
        .orElse(new ResourceStats(wallSeconds, null, heapPerPeer, null));
  }

  /** Adds live peers times the runtime time since the last mark to the peer-seconds of the run. */
  private void mark(Network<ChordPeer> net) {
    long now = net.now();
    peerSeconds += hostsAlive * (now - markMs) / 1000.0;
    markMs = now;
  }

  private static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return rt.totalMemory() - rt.freeMemory();
  }
}
