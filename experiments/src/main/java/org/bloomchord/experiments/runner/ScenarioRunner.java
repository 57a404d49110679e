package org.bloomchord.experiments.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordLimits;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.cluster.KeyReport;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.metrics.TimeSeries;
import org.bloomchord.experiments.metrics.TimeSeriesSampler;
import org.bloomchord.experiments.report.PlotWriter;
import org.bloomchord.experiments.runner.results.RunCharts;
import org.bloomchord.experiments.runner.results.RunResult;
import org.bloomchord.experiments.runner.steps.PhaseStep;
import org.bloomchord.experiments.runner.steps.PhaseSteps;
import org.bloomchord.experiments.runner.steps.WorkloadStep;
import org.bloomchord.experiments.scenario.ChordSettings;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.scenario.RogueSettings;
import org.bloomchord.experiments.scenario.RoutingSettings;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.summary.KeyStats;
import org.bloomchord.experiments.summary.ResourceStats;
import org.bloomchord.experiments.summary.RingHealth;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.repair.RepairCluster;
import org.bloomchord.routing.repair.RepairConfig;
import org.bloomchord.routing.repair.RepairMode;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.SimulatorStats;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.rogue.RoguePeer;
import org.bloomchord.routing.location.LocationWire;

/**
 * Runs one concrete {@link Scenario} on its runtime and writes its files into a folder:
 * {@code summary.json} (DESIGN §6), {@code timeseries.csv} (one row per second of runtime time:
 * peers alive, lookups, failures, mean hops, operations in flight, bytes per peer per second),
 * {@code operations.csv} (a sample of the operations, at most about {@value #MAX_SAMPLES} rows) and
 * the time-series plots as PNG and SVG.
 *
 * <p>Peers carry the location layer ({@code LocationService}, with the scenario's {@code routing}
 * settings) only when the scenario has a publish phase or locate operations: its filter
 * maintenance (a summary pull per link and refresh period) is most of a quiet ring's traffic, so a
 * Chord-only scenario is measured without it.
 *
 * <p>Every phase is checked before anything starts: a scenario using a phase or operation the
 * runner cannot execute yet fails at once with one line. The simulator's runs are repeatable: the
 * same scenario and seed give the same files, except the {@code resources} fields measured on the
 * machine (wall time, heap, events per wall second).
 */
public final class ScenarioRunner {

  /** About how many operations {@code operations.csv} keeps. */
  public static final int MAX_SAMPLES = 100_000;

  private ScenarioRunner() {
  }

  /** The peers' configuration a scenario's {@code chord} section describes. */
  public static ChordConfig chordConfig(ChordSettings s) {
    ChordConfig c = ChordConfig.defaults().withIdBits(s.idBits())
        .withSuccessors(s.successors(), Math.min(s.replicas(), s.successors()))
        .withPeriods(s.stabilize().toMillis(), s.fixFingers().toMillis(), s.checkPredecessor().toMillis())
        .withVirtualNodes(s.virtualNodes())
        .withJitter(s.jitter())
        .withAdaptivePeriods(s.stabilizeMax().toMillis(), s.fixFingersMax().toMillis())
        .withLookupMode(s.lookup() == ChordSettings.LookupStyle.ITERATIVE ? LookupMode.ITERATIVE : LookupMode.RECURSIVE)
        .withSuccessorRouting(s.nextHop() == ChordSettings.NextHop.FINGERS_AND_SUCCESSORS)
        .withQuorums(s.writeQuorum(), s.readQuorum())
        .withProximity(s.proximityCandidates());
    long request = s.requestTimeout().toMillis();
    ChordLimits limits = c.limits();
    return c.withTimeouts(request, Math.max(s.lookupTimeout().toMillis(), 5 * request))
        .withLimits(limits.withQuotas(limits.maxSenders(), s.quota(), limits.bytesPerSecond()));
  }

  /** The location settings a scenario's {@code routing} section describes, the lease renewal included. */
  public static LocationConfig locationConfig(RoutingSettings r) {
    return LocationConfig.defaults().withFilters(r.depth(), r.bitsPerLevel()).withHashes(r.hashes())
        .withPeriods(r.refresh().toMillis(), r.lease().toMillis()).withQueryTimeoutMs(r.queryTimeout().toMillis());
  }

  /**
   * Whether the peer {@code ref} is one of the scenario's rogue peers: a host launched by a join
   * phase ({@code pN}, after the placement's name prefix) whose number the rogue settings pick.
   */
  static boolean isRogue(Scenario scenario, PeerRef ref) {
    RogueSettings rogue = scenario.rogue();
    if (rogue.peers() == 0) {
      return false;
    }
    String host = ChordCluster.hostOf(ref);
    String launched = scenario.chord().placement().namePrefix(scenario.seed()) + "p";
    try {
      return host.startsWith(launched)
          && rogue.isRogue(Integer.parseInt(host.substring(launched.length())), scenario.peers());
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Whether a scenario publishes objects or locates them, so that its peers need the location layer. */
  public static boolean usesLocation(Scenario scenario) {
    for (Phase p : scenario.phases()) {
      boolean locates = p instanceof Phase.Publish
          || p instanceof Phase.Measure m && m.counts().getOrDefault(OperationKind.LOCATE, 0) > 0
          || p instanceof Phase.Workload w && WorkloadStep.kinds(w.operations()).contains(OperationKind.LOCATE)
          || p instanceof Phase.Churn c && c.workload() != null
              && WorkloadStep.kinds(c.workload()).contains(OperationKind.LOCATE);
      if (locates) {
        return true;
      }
    }
    return false;
  }

  /** Checks that every phase of {@code scenario} can run; throws a ScenarioException otherwise. */
  public static void check(Scenario scenario) {
    PhaseSteps.chord().check(scenario);
  }

  /**
   * Runs {@code scenario} and writes its files into {@code folder} (created if needed).
   *
   * @throws org.bloomchord.experiments.scenario.ScenarioException if a phase cannot run
   */
  public static RunResult run(Scenario scenario, Path folder, Progress progress) {
    return run(scenario, folder, progress, null);
  }

  /**
   * Runs {@code scenario} on a ring spread over this JVM and child JVMs ({@code run --jvms}), or,
   * with {@code jvmSettings} null, in this JVM; writes its files into {@code folder}. Over several
   * JVMs the first join phase spreads its peers evenly over them, the oracle sees every JVM's peers,
   * operations, churn and crashes of peers act on this JVM's peers, and {@code fail: { jvm: K }}
   * kills child K; every child is stopped at the end, on failure and on Ctrl-C.
   *
   * @throws org.bloomchord.experiments.scenario.ScenarioException if a phase cannot run
   */
  public static RunResult run(Scenario scenario, Path folder, Progress progress, JvmRun.Settings jvmSettings) {
    PhaseSteps steps = PhaseSteps.chord();
    steps.check(scenario);
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + folder, e);
    }
    NetworkOptions options = NetworkOptions.defaults().withSeed(scenario.seed()).withMaxRecordedEvents(10_000)
        .withSim(sim -> sim.withLatency(scenario.latency()));
    ChordConfig chord = chordConfig(scenario.chord());
    LocationConfig location = usesLocation(scenario) ? locationConfig(scenario.routing()) : null;
    RogueSettings rogue = scenario.rogue();
    long every = rogue.every().toMillis();
    if (jvmSettings != null) {
      if (location != null || rogue.peers() > 0) {
        throw new IllegalArgumentException("a run over several JVMs carries neither the location layer nor rogue peers");
      }
      JvmRun jvms = JvmRun.start(jvmSettings, scenario.chord(), chord, scenario.seed(), progress);
      try {
        return run(scenario, folder, steps, jvms.network(), chord, ref -> List.of(), null, jvms, options, progress);
      } finally {
        jvms.close();
      }
    }
    WireRegistry registry = scenario.chord().repair() == RepairMode.RECONCILE
        ? RepairCluster.registry(chord) : ChordWire.registry(chord);
    Function<PeerRef, List<ChordExtension>> repair = RepairCluster.extensions(scenario.chord().repair(),
        RepairConfig.defaults());
    LocationWire wire = location == null ? null : new LocationWire(location, chord);
    // each peer's extensions: the location service, replica repair, and a rogue's behaviours
    Function<PeerRef, List<ChordExtension>> extensions = ref -> {
      List<ChordExtension> out = new ArrayList<>();
      LocationService service = wire == null ? null : new LocationService(location, wire);
      if (service != null) {
        out.add(service);
      }
      out.addAll(repair.apply(ref));
      if (isRogue(scenario, ref)) {
        out.add(new RoguePeer(rogue.behaviours(), service, location, every));
      }
      return out;
    };
    Network<ChordPeer> net = Networks.create(scenario.runtime(), options,
        wire == null ? registry : LocationWire.register(registry, location, chord));
    return run(scenario, folder, steps, net, chord, extensions, location, null, options, progress);
  }

  /** Closes without a checked exception. */
  private interface Closer extends AutoCloseable {
    @Override
    void close();
  }

  private static RunResult run(Scenario scenario, Path folder, PhaseSteps steps, Network<ChordPeer> net,
      ChordConfig chord, Function<PeerRef, List<ChordExtension>> extensions, LocationConfig location, JvmRun jvms,
      NetworkOptions options, Progress progress) {
    ChordCluster cluster = new ChordCluster(net, chord, options.seed(), extensions);
    // over several JVMs the network belongs to the JVMs' cluster, which closes it after the children
    try (Closer network = jvms != null ? () -> { } : cluster::close;
        RunContext ctx = new RunContext(scenario, cluster, extensions, location, folder.resolve("operations.csv"),
            sampleEvery(scenario), progress, jvms)) {
      if (jvms != null) {
        cluster.remoteSnapshots(jvms::remoteSnapshots);
      }
      cluster.namePrefix(scenario.chord().placement().namePrefix(scenario.seed()));
      List<Phase> phases = scenario.phases();
      for (int i = 0; i < phases.size(); i++) {
        steps.run(phases.get(i), new PhaseStep.PhaseRun(ctx, i, phases.size(), ctx.runMs(), scenario.phaseSeed(i)));
      }
      ctx.awaitOperations(ctx.operationWaitMs());
      ctx.close();
      ctx.advanceTo(ctx.runMs());
      if (ctx.runMs() > lastSample(ctx.sampler().series())) {
        ctx.sampler().sample(ctx.runMs());
      }
      Summary summary = summarize(ctx);
      TimeSeries series = ctx.sampler().series();
      SummaryJson.write(summary, folder.resolve("summary.json"));
      series.writeCsv(folder.resolve("timeseries.csv"));
      for (RunCharts.Named chart : RunCharts.of(scenario, series)) {
        PlotWriter.write(chart.chart(), folder, chart.name());
      }
      return new RunResult(scenario, summary, series, ctx.tally().snapshot(), folder);
    }
  }

  private static long lastSample(TimeSeries s) {
    return s.rows().isEmpty() ? 0 : Math.round(s.rows().get(s.rows().size() - 1).timeSeconds() * 1000);
  }

  /** One operation in n so that the sample stays near {@link #MAX_SAMPLES} rows. */
  static int sampleEvery(Scenario s) {
    double ops = 0;
    for (Phase p : s.phases()) {
      if (p instanceof Phase.Measure m) {
        ops += m.counts().values().stream().mapToInt(Integer::intValue).sum();
      } else if (p instanceof Phase.Workload w) {
        ops += w.operations().mix().total().perSecond() * w.duration().toMillis() / 1000.0;
      } else if (p instanceof Phase.Churn c && c.workload() != null) {
        ops += c.workload().mix().total().perSecond() * c.duration().toMillis() / 1000.0;
      }
    }
    return (int) Math.max(1, Math.ceil(ops / MAX_SAMPLES));
  }

  private static Summary summarize(RunContext ctx) {
    JvmRun jvms = ctx.jvms();
    var peerCounts = ctx.peers().toCounts(ctx.network().metrics().counter(Network.FAILED_PEERS));
    Summary s = Summary.of("run", jvms != null ? "vertx-cluster" : ctx.network().runtime().label(),
        ctx.scenario().seed()).withPeers(jvms != null ? peerCounts.withJvms(jvms.jvms()) : peerCounts);
    if (ctx.roster().size() > 0) {
      // with rogue peers, the ring figures judge the honest peers' tables (the rogues are on the
      // ring, and a greedy rogue's own requests meet its quota)
      Scenario scenario = ctx.scenario();
      RingCheck check = scenario.rogue().peers() == 0 ? ctx.cluster().check()
          : ctx.cluster().check(ref -> !isRogue(scenario, ref));
      Double stabilize = check.stable() && ctx.stableAtMs() != null && ctx.stableAtMs() >= ctx.lastChangeMs()
          ? (ctx.stableAtMs() - ctx.lastChangeMs()) / 1000.0 : null;
      s = s.withRing(new RingHealth(check.stable(), stabilize, check.successorErrors(), check.fingerErrors()));
    }
    s = s.withLookups(ctx.lookups().toStats()).withLocate(ctx.locates().toStats());
    if (ctx.reconcile() != null) {
      s = s.withReconcile(ctx.reconcile());
    }
    var stored = ctx.issuer().stored();
    if (!stored.isEmpty() && ctx.roster().size() > 0) {
      stored.forEach(ctx.cluster()::expectKey);
      KeyReport keys = ctx.cluster().keys();
      double[] perHost = ctx.cluster().keysPerHost().values().stream().mapToDouble(Integer::doubleValue).toArray();
      s = s.withKeys(new KeyStats(keys.stored(), keys.lost(), Distribution.of(perHost).toLoad()));
    }
    long end = ctx.runMs();
    long mark = ctx.trafficMarkAt() >= 0 ? ctx.trafficMarkAt() : 0;
    double seconds = (end - mark) / 1000.0;
    var counts = TrafficStats.difference(ctx.network().traffic().snapshot(), ctx.trafficAtMark());
    TrafficStats traffic = TrafficStats.of(counts, meanAlive(ctx.sampler().series(), mark), seconds);
    s = s.withTraffic(jvms != null ? traffic.withByJvm(jvms.traffic()) : traffic);
    double wall = ctx.wallSeconds();
    Double simulated = null;
    Double events = null;
    Optional<SimulatorStats> sim = ctx.network().simulator();
    if (sim.isPresent()) {
      simulated = end / 1000.0;
      events = wall > 0 ? sim.get().eventsFired() / wall : null;
    }
    return s.withResources(new ResourceStats(wall, simulated, heapPerPeer(ctx.roster().ringPeers()), events))
        .withTrust(trustCounters(ctx.network().metrics().counters()));
  }

  /** Protocol counters that the {@code trust} section reports too, by the name it gives them. */
  private static final Map<String, String> TRUST_ALSO = Map.of(
      "chord.rejected", "rejected.chordMessages",
      "location.rejected", "rejected.locationMessages",
      "chord.versionsAhead", "rejected.versionsAhead",
      "chord.lateLookupAnswer", "ignored.lookupAnswers",
      "chord.lookupAnswerRejected", "rejected.lookupAnswers");

  /**
   * The {@code trust} section: every {@code trust.*} counter the peers reported, without the prefix,
   * the rejections of malformed or hostile messages ({@code rejected.*}), and the quota rejections
   * even when none happened.
   */
  static Map<String, Long> trustCounters(Map<String, Long> counters) {
    Map<String, Long> out = new TreeMap<>();
    out.put("quota.requests", 0L);
    out.put("quota.bytes", 0L);
    TRUST_ALSO.forEach((counter, name) -> out.put(name, counters.getOrDefault(counter, 0L)));
    counters.forEach((k, v) -> {
      if (k.startsWith("trust.")) {
        out.put(k.substring("trust.".length()), v);
      }
    });
    return out;
  }

  private static double meanAlive(TimeSeries series, long fromMs) {
    double[] t = series.times();
    double[] alive = series.column(TimeSeriesSampler.PEERS_ALIVE);
    double sum = 0;
    int n = 0;
    for (int i = 0; i < t.length; i++) {
      if (t[i] * 1000 >= fromMs) {
        sum += alive[i];
        n++;
      }
    }
    return n == 0 ? 0 : sum / n;
  }

  private static Double heapPerPeer(int peers) {
    if (peers == 0) {
      return null;
    }
    Runtime rt = Runtime.getRuntime();
    System.gc();
    return (double) (rt.totalMemory() - rt.freeMemory()) / peers;
  }
}
