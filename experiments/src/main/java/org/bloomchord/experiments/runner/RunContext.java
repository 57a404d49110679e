package org.bloomchord.experiments.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.experiments.jvm.JvmRun;
import org.bloomchord.experiments.metrics.LocateRecorder;
import org.bloomchord.experiments.metrics.LookupRecorder;
import org.bloomchord.experiments.metrics.MeasurementWindow;
import org.bloomchord.experiments.metrics.OperationSampleWriter;
import org.bloomchord.experiments.metrics.PeerRecorder;
import org.bloomchord.experiments.metrics.TimeSeriesSampler;
import org.bloomchord.experiments.runner.results.PeerStateBounds;
import org.bloomchord.experiments.runner.ops.Holdings;
import org.bloomchord.experiments.runner.ops.IncorrectLookups;
import org.bloomchord.experiments.runner.ops.Membership;
import org.bloomchord.experiments.runner.ops.OperationIssuer;
import org.bloomchord.experiments.runner.ops.OperationTally;
import org.bloomchord.experiments.runner.ops.Roster;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.experiments.scenario.Scenario;
import org.bloomchord.experiments.summary.PartitionStats;
import org.bloomchord.experiments.summary.ReconcileStats;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.cluster.LinkOracle;

/**
 * Everything one run of a scenario shares: the cluster and its network, the {@link Roster}, the
 * recorders, the issuer of operations, and the run's clock and timeline. Times are milliseconds
 * since the run started, on the runtime's clock (virtual in the simulator).
 *
 * <p>Time and threads: the simulator runs on the driver thread only; the time series is sampled by
 * {@link #advanceTo} at each whole second, so a seed fixes it. On Vert.x, time is real: a daemon
 * thread samples every second, and membership changes run on their own threads
 * ({@link Membership}) while the driver keeps issuing operations on time.
 *
 * <p>Longer than ~300 lines and left whole because it is the one state every step of a run shares:
 * most of it is one-line accessors, and its only logic, the clock with the per-second sampling and
 * the start of the measured traffic, reads the same fields; the summary is assembled elsewhere
 * ({@code RunSummary}).
 */
public final class RunContext implements AutoCloseable {

  private final Scenario scenario;
  private final ChordCluster cluster;
  private final Function<PeerRef, List<ChordExtension>> extensions;
  private final LocationConfig location;
  private final Holdings holdings = new Holdings();
  private final LocateRecorder locates;
  private volatile LinkOracle linkOracle;
  private final Network<ChordPeer> network;
  private final boolean simulated;
  private final Roster roster;
  private final Membership membership;
  private final MeasurementWindow window = new MeasurementWindow(Long.MAX_VALUE);
  private final LookupRecorder lookups = new LookupRecorder(window);
  private final PeerRecorder peers = new PeerRecorder();
  private final OperationTally tally = new OperationTally();
  private final OperationIssuer issuer;
  private final OperationSampleWriter samples;
  private final IncorrectLookups incorrect;
  private final TimeSeriesSampler sampler;
  private final PeerStateBounds stateBounds =
      new PeerStateBounds();
  private long nextStateMs = PeerStateBounds.EVERY_MS;
  private final Progress progress;
  private final long wallStartNanos = System.nanoTime();
  private final long originMs;
  private final ScheduledExecutorService samplerThread;
  private long nextTickMs;
  private volatile long lastRunMs;
  private Long trafficMarkMs;
  private long trafficMarkAt = -1;
  private Map<String, long[]> trafficAtMark;
  private long lastChangeMs;
  private Long stableAtMs;
  private ReconcileStats reconcile;
  private final List<PartitionStats> partitions = new ArrayList<>();
  private final JvmRun jvms;

  /** The run of {@code scenario} on {@code cluster}; the time series starts now. */
  public RunContext(Scenario scenario, ChordCluster cluster, Function<PeerRef, List<ChordExtension>> extensions,
      LocationConfig location, java.nio.file.Path operationsCsv, int sampleEvery, Progress progress) {
    this(scenario, cluster, extensions, location, operationsCsv, sampleEvery, progress, null);
  }

  /**
   * The run of {@code scenario} on {@code cluster}, whose network is this JVM's part of a ring over
   * the JVMs of {@code jvms} (null for a ring in one JVM); the time series starts now. A command
   * that runs a fixed sequence of {@link org.bloomchord.experiments.runner.steps.RunStep}s instead of
   * a scenario ({@code ring}, {@code locate}) passes a null {@code scenario} and a null
   * {@code operationsCsv} (no sample is written).
   */
  public RunContext(Scenario scenario, ChordCluster cluster, Function<PeerRef, List<ChordExtension>> extensions,
      LocationConfig location, java.nio.file.Path operationsCsv, int sampleEvery, Progress progress, JvmRun jvms) {
    this.jvms = jvms;
    this.scenario = scenario;
    this.cluster = cluster;
    this.extensions = extensions;
    this.location = location;
    this.locates = new LocateRecorder(window, location == null ? 1 : location.depth());
    this.network = cluster.network();
    this.simulated = network.runtime().simulated();
    this.originMs = network.now();
    this.roster = new Roster(cluster.ring(), this::runMs, jvms == null ? 0 : Roster.answerWindowMs(cluster.config()));
    this.samples = new OperationSampleWriter(operationsCsv, sampleEvery, window);
    this.incorrect = new IncorrectLookups(operationsCsv == null ? null : operationsCsv.resolveSibling("incorrect.csv"));
    this.progress = progress;
    this.issuer = new OperationIssuer(this);
    this.membership = new Membership(this, !simulated);
    this.sampler = newSampler();
    sampler.sample(0);
    nextTickMs = 1000;
    if (simulated) {
      samplerThread = null;
    } else {
      samplerThread = Executors.newSingleThreadScheduledExecutor(daemon("sampler"));
      samplerThread.scheduleAtFixedRate(() -> {
        sampler.sample(runMs());
        checkTrafficMark(runMs());
      }, 1000, 1000, TimeUnit.MILLISECONDS);
    }
  }

  /** The scenario being run, or null for a command's fixed sequence of steps. */
  public Scenario scenario() {
    return scenario;
  }

  /** The JVMs of a ring over several JVMs ({@code run --jvms}), or null for a ring in this JVM. */
  public JvmRun jvms() {
    return jvms;
  }

  /** Writes a progress line now (a step's outcome). */
  public void note(String format, Object... args) {
    progress.line(format, args);
  }

  /** Writes a progress line unless one was written a moment ago (a step's state while it waits). */
  public void tick(String format, Object... args) {
    progress.tick(format, args);
  }

  /** The progress output of the run. */
  public Progress progress() {
    return progress;
  }

  /** The cluster of the run. */
  public ChordCluster cluster() {
    return cluster;
  }

  /** The extensions every new peer gets. */
  public Function<PeerRef, List<ChordExtension>> extensions() {
    return extensions;
  }

  /** The location settings, or null when the peers run Chord only. */
  public LocationConfig location() {
    return location;
  }

  /** Who holds which published object. */
  public Holdings holdings() {
    return holdings;
  }

  /** The locate recorder. */
  public LocateRecorder locates() {
    return locates;
  }

  /** The network underneath. */
  public Network<ChordPeer> network() {
    return network;
  }

  /** Whether the run is on the simulator. */
  public boolean simulated() {
    return simulated;
  }

  /** The hosts on the ring. */
  public Roster roster() {
    return roster;
  }

  /** Joins, leaves and crashes. */
  public Membership membership() {
    return membership;
  }

  /** The measured interval. */
  public MeasurementWindow window() {
    return window;
  }

  /** The lookup recorder. */
  public LookupRecorder lookups() {
    return lookups;
  }

  /** The peer counts. */
  public PeerRecorder peers() {
    return peers;
  }

  /** The counts of gets, puts and publishes. */
  public OperationTally tally() {
    return tally;
  }

  /** The issuer of operations. */
  public OperationIssuer issuer() {
    return issuer;
  }

  /** The per-operation sample. */
  public OperationSampleWriter samples() {
    return samples;
  }

  /** The writer of {@code incorrect.csv}, every lookup judged incorrect with what the roster knew of it. */
  public IncorrectLookups incorrect() {
    return incorrect;
  }

  /**
   * The largest per-peer state reached, sampled once a simulated minute (simulator runs only) and
   * by {@link #finalStateBounds} at the end.
   */
  public Map<String, Long> finalStateBounds() {
    if (simulated) {
      stateBounds.sample(cluster);
    }
    return stateBounds.entries();
  }

  /** The time-series sampler. */
  public TimeSeriesSampler sampler() {
    return sampler;
  }

  /** The link oracle of the current measure phase, or null outside one. */
  public LinkOracle linkOracle() {
    return linkOracle;
  }

  /** Sets (or, with null, clears) the link oracle that judges the locates of a measure phase. */
  public void linkOracle(LinkOracle oracle) {
    this.linkOracle = oracle;
  }

  /** The figures of each partition phase so far, in order. */
  public synchronized List<PartitionStats> partitions() {
    return List.copyOf(partitions);
  }

  /** Records the figures of a partition phase (summary.json's {@code partitions}). */
  public synchronized void partition(PartitionStats stats) {
    partitions.add(stats);
  }

  /** The last reconcile phase's figures, or null. */
  public ReconcileStats reconcile() {
    return reconcile;
  }

  /** Records the figures of a reconcile phase; the last one goes into the summary. */
  public void reconcile(ReconcileStats stats) {
    this.reconcile = stats;
  }

  /** When the ring was last seen stable since its last change, or null. */
  public synchronized Long stableAtMs() {
    return stableAtMs;
  }

  /** Records that the ring is stable now (unless a change comes later). */
  public synchronized void stableAt(long runMs) {
    this.stableAtMs = runMs;
  }

  /** When the ring last changed (a join, leave or crash), in ms since the run started. */
  public synchronized long lastChangeMs() {
    return lastChangeMs;
  }

  private TimeSeriesSampler newSampler() {
    long[] last = {0, 0};
    TimeSeriesSampler.Builder b = TimeSeriesSampler.builder()
        // this JVM's hosts: over several JVMs the traffic measured is this JVM's too
        .gauge(TimeSeriesSampler.PEERS_ALIVE, roster::localSize)
        .delta(TimeSeriesSampler.LOOKUPS, lookups::seen)
        .delta(TimeSeriesSampler.FAILURES, lookups::seenFailures)
        .gauge("hopsMean", () -> {
          long sum = issuer.hopSum();
          long n = issuer.answered();
          double mean = n > last[1] ? (double) (sum - last[0]) / (n - last[1]) : Double.NaN;
          last[0] = sum;
          last[1] = n;
          return mean;
        })
        .gauge("inFlight", issuer::inFlight)
        .perPeerRate(TimeSeriesSampler.BYTES_PER_PEER_PER_SECOND, () -> network.traffic().bytes(), roster::localSize);
    boolean partitions = scenario != null && scenario.phases().stream().anyMatch(p -> p instanceof Phase.Partition);
    if (jvms == null && simulated && partitions) {
      // the oracle's count of rings each second, for the report's chart of a split and its heal
      b.gauge(TimeSeriesSampler.RINGS, cluster::rings);
    }
    if (location != null) {
      b.delta(TimeSeriesSampler.LOCATES, locates::seen).delta(TimeSeriesSampler.LOCATES_MISSED, locates::seenMissed);
      for (org.bloomchord.routing.location.LocateOutcome o : org.bloomchord.routing.location.LocateOutcome.values()) {
        b.delta(TimeSeriesSampler.locateOutcomeColumn(o), () -> locates.count(o));
      }
    }
    return b.build();
  }

  /** Makes daemon threads named {@code name}, so that a run's helpers never keep the JVM alive. */
  public static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /** Milliseconds since the run started, on the runtime's clock. */
  public long runMs() {
    return network.now() - originMs;
  }

  /** The run time the driver last reached (safe to read from the progress thread). */
  public long lastRunMs() {
    return lastRunMs;
  }

  /** Lets runtime time pass until {@code targetMs}, sampling the time series at each second. */
  public void advanceTo(long targetMs) {
    membership.poll();
    if (simulated) {
      long now = runMs();
      tick(now);
      while (now < targetMs) {
        network.runFor(Math.min(targetMs, nextTickMs) - now);
        now = runMs();
        tick(now);
      }
      tick(now);
    } else {
      long left = targetMs - runMs();
      if (left > 0) {
        network.runFor(left);
      }
      checkTrafficMark(runMs());
    }
    membership.poll();
    lastRunMs = runMs();
  }

  private void tick(long now) {
    if (now >= nextTickMs) {
      sampler.sample(now);
      nextTickMs = (now / 1000 + 1) * 1000;
    }
    if (now >= nextStateMs) {
      stateBounds.sample(cluster);
      nextStateMs = (now / PeerStateBounds.EVERY_MS + 1) * PeerStateBounds.EVERY_MS;
    }
    checkTrafficMark(now);
  }

  /** Starts counting measurements from {@code startMs}; the first such start also opens the traffic interval. */
  public void measureFrom(long startMs) {
    window.startAt(startMs);
    synchronized (this) {
      if (trafficMarkMs == null) {
        trafficMarkMs = startMs;
      }
    }
    checkTrafficMark(runMs());
  }

  private synchronized void checkTrafficMark(long now) {
    if (trafficMarkMs != null && trafficAtMark == null && now >= trafficMarkMs) {
      trafficAtMark = network.traffic().snapshot();
      trafficMarkAt = now;
    }
  }

  /** Traffic counts when the measured interval began (all zero when it never began), and when. */
  public synchronized Map<String, long[]> trafficAtMark() {
    return trafficAtMark == null ? Map.of() : trafficAtMark;
  }

  /** When the measured interval began, or -1 (then traffic covers the whole run). */
  public synchronized long trafficMarkAt() {
    return trafficMarkAt;
  }

  /** The longest an operation may take: Chord's attempts, plus a locate's forwarding and Chord paths. */
  public long operationWaitMs() {
    var c = cluster.config();
    long chord = c.operationAttempts() * (c.lookupTimeoutMs() + 3 * c.requestTimeoutMs());
    return location == null ? chord : chord + location.queryTimeoutMs() + 4 * c.requestTimeoutMs();
  }

  /** Waits until every issued operation completed, for at most {@code maxMs} of runtime time. */
  public void awaitOperations(long maxMs) {
    long end = runMs() + maxMs;
    while (issuer.inFlight() > 0 && runMs() < end) {
      advanceTo(runMs() + (simulated ? 50 : 20));
    }
  }


  /** Records that the ring changed now (from any thread). */
  public synchronized void changed() {
    lastChangeMs = runMs();
    stableAtMs = null;
  }

  /** Shows a new phase on the progress bar. */
  public void phase(String text, DoubleSupplier fraction) {
    lastRunMs = runMs();
    progress.phase(text, fraction);
  }

  /** Wall-clock seconds since the run started. */
  public double wallSeconds() {
    return (System.nanoTime() - wallStartNanos) / 1e9;
  }

  @Override
  public void close() {
    if (samplerThread != null) {
      samplerThread.shutdownNow();
    }
    membership.close();
    samples.close();
    incorrect.close();
  }
}
