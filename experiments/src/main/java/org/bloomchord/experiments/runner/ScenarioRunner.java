package org.bloomchord.experiments.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordLimits;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.metrics.TimeSeries;
import org.bloomchord.experiments.report.PeerLoads;
import org.bloomchord.experiments.report.PlotWriter;
import org.bloomchord.experiments.runner.results.RunCharts;
import org.bloomchord.experiments.runner.results.RunResult;
import org.bloomchord.experiments.report.Band;
import org.bloomchord.experiments.runner.steps.PhaseStep;
import org.bloomchord.experiments.runner.steps.PhaseSteps;
import org.bloomchord.experiments.runner.steps.WorkloadStep;
import org.bloomchord.experiments.scenario.ChordSettings;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.scenario.RogueSettings;
import org.bloomchord.experiments.scenario.RoutingSettings;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.rogue.RoguePeer;
import org.bloomchord.routing.traceback.TracebackWire;

/**
 * Runs one concrete {@link Scenario} on its runtime and writes its files into a folder:
 * {@code summary.json} (DESIGN §6), {@code timeseries.csv} (one row per second of runtime time:
 * peers alive, lookups, failures, mean hops, operations in flight, bytes per peer per second, and
 * with the location layer the locates by outcome, and in a simulated run that partitions the ring
 * the rings by the oracle), {@code operations.csv} (a sample of the operations, at most about
 * {@value #MAX_SAMPLES} rows), {@code incorrect.csv} (every lookup judged incorrect, with what the
 * roster knew of it: {@link org.bloomchord.experiments.runner.ops.IncorrectLookups}),
 * {@code phases.csv} (each phase's kind, start and end in seconds of the run, which the charts
 * shade) and the run's charts as PNG and SVG ({@link RunCharts}).
 *
 * <p>Peers carry the location layer ({@code LocationService}, with the scenario's {@code routing}
 * settings) only when the scenario has a publish phase or locate operations: its filter
 * maintenance (a summary pull per link and refresh period) is most of a quiet ring's traffic, so a
 * Chord-only scenario is measured without it.
 *
 * <p>Every phase is checked before anything starts: a scenario using a phase or operation the
 * runner cannot execute yet fails at once with one line. The simulator's runs are repeatable: the
 * same scenario and seed give the same files, except the {@code resources} fields measured on the
 * machine (wall time, heap, events per wall second). The summary is assembled by {@link RunSummary}.
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
        .withProximity(s.proximityCandidates())
        .withSuccessorPush(s.successorPush());
    long request = s.requestTimeout().toMillis();
    ChordLimits limits = c.limits();
    return c.withTimeouts(request, Math.max(s.lookupTimeout().toMillis(), 5 * request))
        .withLimits(s.senderLimit().applyTo(limits.withQuotas(limits.maxSenders(), s.quota(), limits.bytesPerSecond())));
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
   * JVMs every JVM's peers carry the same extensions (location layer, replica repair), the join
   * phase spreads its peers evenly over them (each second's share too, with {@code over}), publish
   * phases place holders, and churn and crashes act, in every JVM; operations start from this JVM's
   * peers; the oracles see every JVM's peers and holders; and {@code fail: { jvm: K }} kills child
   * K. Every child is stopped at the end, on failure and on Ctrl-C.
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
    // over several JVMs the peers confirm failures, as a node's do: a final step does not go past
    // an owner that is only slow (a JVM busy or paused), it gives up and the lookup is tried again
    ChordConfig chord = jvmSettings != null ? chordConfig(scenario.chord()).withConfirmFailures(true)
        : chordConfig(scenario.chord());
    LocationConfig location = usesLocation(scenario) ? locationConfig(scenario.routing()) : null;
    RogueSettings rogue = scenario.rogue();
    long every = rogue.every().toMillis();
    PeerSetup setup = PeerSetup.of(chord, scenario.chord().repair(), location,
        scenario.chord().hotKeys().enabled() ? scenario.chord().hotKeys().options() : null);
    if (jvmSettings != null) {
      if (rogue.peers() > 0) {
        throw new IllegalArgumentException("a run over several JVMs carries no rogue peers");
      }
      JvmRun jvms = JvmRun.start(jvmSettings, scenario.chord(), location == null ? null : scenario.routing(), chord,
          setup, scenario.seed(), progress);
      try {
        return run(scenario, folder, steps, jvms.network(), chord, setup.extensions(), location, jvms, options,
            progress, null);
      } finally {
        jvms.close();
      }
    }
    // each peer's extensions: the location service, replica repair, and a rogue's behaviours
    Function<PeerRef, List<ChordExtension>> extensions = ref -> {
      List<ChordExtension> out = setup.extensions().apply(ref);
      if (isRogue(scenario, ref)) {
        LocationService service = out.stream().filter(e -> e instanceof LocationService)
            .map(e -> (LocationService) e).findFirst().orElse(null);
        RoguePeer hostile = new RoguePeer(rogue.behaviours(), service, location, every);
        out.replaceAll(hostile::disguise);
        out.add(hostile);
      }
      return out;
    };
    // with a traceback section every peer records digests and the run traces messages
    TracebackRun traceback = scenario.traceback().enabled()
        ? new TracebackRun(scenario.traceback(), ref -> isRogue(scenario, ref)) : null;
    Network<ChordPeer> net = Networks.create(scenario.runtime(), options,
        traceback == null ? setup.registry() : TracebackWire.register(setup.registry(), chord));
    return run(scenario, folder, steps, net, chord, traceback == null ? extensions : traceback.extensions(extensions),
        location, null, options, progress, traceback);
  }

  /** Closes without a checked exception. */
  private interface Closer extends AutoCloseable {
    @Override
    void close();
  }

  private static RunResult run(Scenario scenario, Path folder, PhaseSteps steps, Network<ChordPeer> net,
      ChordConfig chord, Function<PeerRef, List<ChordExtension>> extensions, LocationConfig location, JvmRun jvms,
      NetworkOptions options, Progress progress, TracebackRun traceback) {
    ChordCluster cluster = new ChordCluster(net, chord, options.seed(), extensions);
    // over several JVMs the network belongs to the JVMs' cluster, which closes it after the children
    try (Closer network = jvms != null ? () -> { } : cluster::close;
        RunContext ctx = new RunContext(scenario, cluster, extensions, location, folder.resolve("operations.csv"),
            sampleEvery(scenario), progress, jvms)) {
      RunHooks.started(ctx);
      if (jvms != null) {
        cluster.remoteSnapshots(jvms::remoteSnapshots);
      }
      cluster.namePrefix(scenario.chord().placement().namePrefix(scenario.seed()));
      List<Phase> phases = scenario.phases();
      List<Band> bands = new java.util.ArrayList<>();
      for (int i = 0; i < phases.size(); i++) {
        long startMs = ctx.runMs();
        steps.run(phases.get(i), new PhaseStep.PhaseRun(ctx, i, phases.size(), startMs, scenario.phaseSeed(i)));
        bands.add(new Band(phases.get(i).kind(), startMs / 1000.0, ctx.runMs() / 1000.0));
      }
      Band.write(bands, folder.resolve(Band.FILE));
      ctx.awaitOperations(ctx.operationWaitMs());
      ctx.close();
      ctx.advanceTo(ctx.runMs());
      if (ctx.runMs() > lastSample(ctx.sampler().series())) {
        ctx.sampler().sample(ctx.runMs());
      }
      Summary summary = RunSummary.of(ctx);
      if (scenario.chord().hotKeys().enabled()) {
        // the per-peer counts behind the load section, for the report's figure of their spread
        HotKeyLoad.perPeer(ctx.network(), ctx.cluster().activePeers()).write(folder.resolve(PeerLoads.FILE));
      }
      if (traceback != null) {
        java.util.Map<String, Object> fields = new java.util.LinkedHashMap<>();
        if (summary.fields() != null) {
          fields.putAll(summary.fields());
        }
        fields.put("traceback", traceback.stats(net, cluster.activePeers()));
        summary = summary.withFields(fields);
      }
      if (scenario.cache().enabled()) {
        // the cache measurement runs on groups of its own, after the phases (CacheScenarioRun)
        summary = summary.withFields(java.util.Map.of("cache", CacheScenarioRun.measure(scenario, progress)));
      }
      TimeSeries series = ctx.sampler().series();
      SummaryJson.write(summary, folder.resolve("summary.json"));
      series.writeCsv(folder.resolve("timeseries.csv"));
      for (RunCharts.Named chart : RunCharts.of(scenario, summary, series, folder)) {
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
}
