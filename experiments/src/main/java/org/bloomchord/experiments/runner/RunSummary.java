package org.bloomchord.experiments.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.cluster.KeyReport;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.metrics.TimeSeries;
import org.bloomchord.experiments.metrics.TimeSeriesSampler;
import org.bloomchord.experiments.runner.steps.RingCheckText;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.summary.KeyStats;
import org.bloomchord.experiments.summary.ResourceStats;
import org.bloomchord.experiments.summary.RingHealth;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.overlay.CounterName;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.SimulatorStats;
import org.bloomchord.routing.RoutingCounter;

/**
 * Assembles a scenario run's {@code summary.json} from its {@link RunContext} once the phases are
 * over (the {@code run} command's {@link Summary}); {@link ScenarioRunner} writes it.
 */
final class RunSummary {

  private RunSummary() {
  }

  /**
   * The summary of the run of {@code ctx} at its end: peers, ring check (of the honest peers when
   * the scenario has rogue ones), lookups and locates, keys, traffic since the first measured
   * interval, resources and the trust counters.
   */
  static Summary of(RunContext ctx) {
    JvmRun jvms = ctx.jvms();
    var peerCounts = ctx.peers().toCounts(ctx.network().metrics().counter(Network.FAILED_PEERS));
    Summary s = Summary.of("run", jvms != null ? "vertx-cluster" : ctx.network().runtime().label(),
        ctx.scenario().seed()).withPeers(jvms != null ? peerCounts.withJvms(jvms.jvms()) : peerCounts);
    if (ctx.roster().size() > 0) {
      // with rogue peers, the ring figures judge the honest peers' tables (the rogues are on the
      // ring, and a greedy rogue's own requests meet its quota)
      Scenario scenario = ctx.scenario();
      RingCheck check = scenario.rogue().peers() == 0 ? ctx.cluster().check()
          : ctx.cluster().check(ref -> !ScenarioRunner.isRogue(scenario, ref));
      if (!check.stable()) {
        ctx.note("end: ring not stable, %s", RingCheckText.errors(check));
      }
      Double stabilize = check.stable() && ctx.stableAtMs() != null && ctx.stableAtMs() >= ctx.lastChangeMs()
          ? (ctx.stableAtMs() - ctx.lastChangeMs()) / 1000.0 : null;
      s = s.withRing(new RingHealth(check.stable(), stabilize, check.successorErrors(), check.fingerErrors()));
    }
    s = s.withLookups(ctx.lookups().toStats()).withLocate(ctx.locates().toStats());
    if (ctx.reconcile() != null) {
      s = s.withReconcile(ctx.reconcile());
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    if (!ctx.partitions().isEmpty()) {
      fields.put("partitions", ctx.partitions());
    }
    if (ctx.scenario().chord().hotKeys().enabled()) {
      fields.put("load", HotKeyLoad.of(ctx.network(), ctx.cluster().activePeers()));
    }
    if (!fields.isEmpty()) {
      s = s.withFields(fields);
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
        .withTrust(withState(trustCounters(ctx.network().metrics().counters()), ctx.finalStateBounds()));
  }

  /** The trust counters with the largest per-peer state beside them ({@code state.*}). */
  private static Map<String, Long> withState(Map<String, Long> trust, Map<String, Long> state) {
    trust.putAll(state);
    return trust;
  }

  /** The prefix of the counters that bound hostile or excess input: the {@code trust} section reports each. */
  private static final String TRUST = "trust.";

  /** Protocol counters that the {@code trust} section reports too, by the name it gives them. */
  private static final Map<CounterName, String> TRUST_ALSO = Map.of(
      ChordCounter.REJECTED, "rejected.chordMessages",
      RoutingCounter.LOCATION_REJECTED, "rejected.locationMessages",
      ChordCounter.VERSIONS_AHEAD, "rejected.versionsAhead",
      ChordCounter.LATE_LOOKUP_ANSWER, "ignored.lookupAnswers",
      ChordCounter.LOOKUP_ANSWER_REJECTED, "rejected.lookupAnswers");

  /** Trust counters the section reports even when none happened: the quota rejections. */
  private static final List<CounterName> TRUST_ALWAYS = List.of(ChordCounter.QUOTA_REQUESTS, ChordCounter.QUOTA_BYTES);

  /**
   * The {@code trust} section: every {@code trust.*} counter the peers reported, without the prefix,
   * the rejections of malformed or hostile messages ({@code rejected.*}), and the quota rejections
   * even when none happened.
   */
  static Map<String, Long> trustCounters(Map<String, Long> counters) {
    Map<String, Long> out = new TreeMap<>();
    TRUST_ALWAYS.forEach(counter -> out.put(counter.id().substring(TRUST.length()), 0L));
    TRUST_ALSO.forEach((counter, name) -> out.put(name, counters.getOrDefault(counter.id(), 0L)));
    counters.forEach((k, v) -> {
      if (k.startsWith(TRUST)) {
        out.put(k.substring(TRUST.length()), v);
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
