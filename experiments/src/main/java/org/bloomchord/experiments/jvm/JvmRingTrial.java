package org.bloomchord.experiments.jvm;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.chord.cluster.KeyReport;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.experiments.metrics.Distribution;
import org.bloomchord.experiments.metrics.LookupRecorder;
import org.bloomchord.experiments.metrics.MeasurementWindow;
import org.bloomchord.experiments.ring.RingSettings;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.summary.JvmTraffic;
import org.bloomchord.experiments.summary.KeyStats;
import org.bloomchord.experiments.summary.PeerCounts;
import org.bloomchord.experiments.summary.ResourceStats;
import org.bloomchord.experiments.summary.RingHealth;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.VertxNetwork;

/**
 * {@code bloomchord ring --jvms J}: one Chord ring over this JVM and J-1 child JVMs on this
 * machine, one clustered node each. The coordinator (this JVM, node {@code jvm0}) names every
 * peer, spreads them over the JVMs, tells the children whom to launch and through which peer to
 * join, and judges the ring with the {@link RingOracle} over snapshots from every JVM. Keys are
 * stored and lookups run from this JVM's peers, so most of their hops cross JVMs. With
 * {@code killJvm} set, that child is killed with SIGKILL after the keys are stored; the ring must
 * repair and every key must still be readable.
 *
 * <p>Placement: peers are named so that, in ring order, the JVMs take turns (jvm0, jvm1, ...,
 * jvm0, ...). On a ring without churn the r successors of any key then lie in r different JVMs
 * when r &lt;= J, so losing one JVM loses no key with 3 replicas: the failure-domain spread is made
 * by placement here, not yet by the store's choice of replicas.
 */
public final class JvmRingTrial {

  private final RingSettings settings;
  private final int jvms;
  private final int killJvm;
  private int joinJvmPeers;
  private int unreadableKeys = -1;
  private final int childHeapMb;
  private final ClusterOptions cluster;
  private final Progress progress;
  private final ChordConfig config;
  private final IdRing ring;

  /**
   * @param killJvm the child killed after the keys are stored (1..jvms-1), or 0 for none
   * @param cluster this JVM's cluster settings; node name and members are set here
   */
  public JvmRingTrial(RingSettings settings, int jvms, int killJvm, int childHeapMb, ClusterOptions cluster,
      Progress progress) {
    if (jvms < 1) {
      throw new IllegalArgumentException("--jvms must be >= 1: " + jvms);
    }
    if (killJvm < 0 || killJvm >= jvms) {
      throw new IllegalArgumentException("--kill-jvm must be in 1.." + (jvms - 1) + " (0 for none): " + killJvm);
    }
    if (settings.virtualNodes() != 1) {
      throw new IllegalArgumentException("--jvms runs one ring id per peer: --virtual-nodes must be 1");
    }
    if (settings.pushes()) {
      // the children build their configuration from the worker flags, which carry no pushes
      throw new IllegalArgumentException("--jvms does not take --pushes: the child JVMs' peers run the pull-only"
          + " protocol");
    }
    if (settings.peers() < jvms) {
      throw new IllegalArgumentException("--peers must be at least --jvms: " + settings.peers() + " < " + jvms);
    }
    this.settings = settings;
    this.jvms = jvms;
    this.killJvm = killJvm;
    this.childHeapMb = childHeapMb;
    this.cluster = cluster;
    this.progress = progress;
    // peers over several JVMs confirm failures, as a node's do: a slow JVM is not a gone one
    this.config = settings.chordConfig().withConfirmFailures(true);
    this.ring = new IdRing(config.idBits());
  }

  /**
   * After the lookups (and before any kill), starts one more child JVM hosting {@code peers} peers
   * that all join the running ring at once, and reports on stderr how long the JVM took to start, its
   * peers to join, and the ring to be stable again. 0 (the default) skips it.
   */
  public JvmRingTrial withJoiningJvm(int peers) {
    if (peers < 0) {
      throw new IllegalArgumentException("--join-jvm-peers must be >= 0: " + peers);
    }
    this.joinJvmPeers = peers;
    return this;
  }

  /**
   * Keys of the last {@link #run} that could not be read back from this JVM at the end (not found or
   * failed), -1 before a run; {@code keys.lost} counts those no live replica holds.
   */
  public int unreadableKeys() {
    return unreadableKeys;
  }

  /** Runs the trial and returns its summary; every child JVM is stopped on the way out. */
  public Summary run() {
    long t0 = System.nanoTime();
    SplittableRandom random = new SplittableRandom(settings.seed());
    try (JvmCluster jvmCluster = JvmCluster.start(jvms, childHeapMb, cluster, ChordWire.registry(config), configArgs(), settings.seed(),
        progress)) {
      VertxNetwork<ChordPeer> net = jvmCluster.network();
      Map<String, ChildJvm> byNode = jvmCluster.children();
      JvmRing jvmRing = new JvmRing(net, byNode, config, ref -> List.of(), progress);
      List<String> addresses = JvmRing.interleaved(ring, jvms, settings.peers());
      long joinStart = System.nanoTime();
      int failedJoins = jvmRing.launch(addresses, List.of(), random).size();
      RingCheck check = jvmRing.awaitStable(settings.maxWaitSeconds() * 1000);
      double joinSeconds = (System.nanoTime() - joinStart) / 1e9;
      progress.line("ring: %d peers over %d JVMs %s after %.1f s", check.peers(), jvms,
          check.stable() ? "stable" : "NOT stable", joinSeconds);

      List<String> keys = jvmRing.putKeys(settings.keys(), random);
      LookupRecorder lookups = new LookupRecorder(MeasurementWindow.always());
      jvmRing.runLookups(settings.lookups(), random, lookups);

      int launched = settings.peers();
      if (joinJvmPeers > 0) {
        joinJvm(jvmRing, jvmCluster, random);
        launched += joinJvmPeers;
      }

      Double repairSeconds = null;
      long crashed = 0;
      if (killJvm > 0) {
        ChildJvm victim = byNode.get("jvm" + killJvm);
        long k0 = System.nanoTime();
        crashed = jvmCluster.kill(killJvm);
        progress.line("fail: SIGKILL of %s (pid %d, %d peers)", victim.name(), victim.pid(), crashed);
        check = jvmRing.awaitStable(settings.maxWaitSeconds() * 1000);
        repairSeconds = (System.nanoTime() - k0) / 1e9;
        progress.line("ring: %s %.1f s after the kill", check.stable() ? "stable" : "NOT stable", repairSeconds);
      }
      List<PeerSnapshot> snaps = jvmRing.snapshots();
      RingOracle oracle = jvmRing.oracle(snaps);
      KeyReport report = oracle.keys(keys, snaps, config);
      Map<ReadOutcome, Integer> unreadable = jvmRing.readAll(keys, random);
      unreadableKeys = unreadable.get(ReadOutcome.NOT_FOUND) + unreadable.get(ReadOutcome.FAILED);
      progress.line("keys: %d stored, %d held by no live replica; read back from this JVM: %d not found, %d failed",
          keys.size(), report.lost(), unreadable.get(ReadOutcome.NOT_FOUND), unreadable.get(ReadOutcome.FAILED));

      Map<String, JvmTraffic> perJvm = jvmCluster.traffic();
      double wall = (System.nanoTime() - t0) / 1e9;
      double[] perNode = report.perPeer().stream().mapToDouble(Integer::doubleValue).toArray();
      return Summary.of("ring", "vertx-cluster", settings.seed())
          .withPeers(new PeerCounts(launched, snaps.size(), launched - failedJoins, 0, crashed)
              .withJvms(jvms + (joinJvmPeers > 0 ? 1 : 0)))
          .withRing(new RingHealth(check.stable(), repairSeconds != null ? repairSeconds : joinSeconds,
              check.successorErrors(), check.fingerErrors()))
          .withLookups(lookups.toStats())
          .withKeys(new KeyStats(keys.size(), report.lost(),
              perNode.length == 0 ? null : Distribution.of(perNode).toLoad()))
          .withTraffic(TrafficStats.of(net.traffic().snapshot(), net.alive().size(), wall).withByJvm(perJvm))
          .withResources(new ResourceStats(wall, null, null, null));
    }
  }

  /** Starts the extra JVM, has its peers join through random peers of the ring, and times it. */
  private void joinJvm(JvmRing jvmRing, JvmCluster jvmCluster, SplittableRandom random) {
    String name = "jvm" + jvms;
    long t0 = System.nanoTime();
    ChildJvm joiner = jvmCluster.startChild(jvms);
    joiner.awaitStarted(JvmCluster.CHILD_START_MS);
    double started = (System.nanoTime() - t0) / 1e9;
    List<PeerSnapshot> snaps = jvmRing.snapshots();
    PeerRef boot = snaps.get(random.nextInt(snaps.size())).self();
    StringBuilder cmd = new StringBuilder("launch " + boot.address() + " " + Long.toHexString(boot.id()));
    for (int k = 0; k < joinJvmPeers; k++) {
      cmd.append(" q").append(k).append('@').append(name);
    }
    String[] outcome = joiner.call(cmd.toString(), config.joinWaitMs() + 600_000).split(" ");
    double joined = (System.nanoTime() - t0) / 1e9;
    jvmCluster.adopt(joiner);
    RingCheck check = jvmRing.awaitStable(settings.maxWaitSeconds() * 1000);
    double stable = (System.nanoTime() - t0) / 1e9;
    progress.line("join-jvm: %s with %d peers: started in %.1f s, %s joined (%s failed) after %.1f s, ring %s after"
        + " %.1f s", name, joinJvmPeers, started, outcome[0], outcome[1], joined,
        check.stable() ? "stable" : "NOT stable", stable);
  }

  /** The worker flags that give a child the peers' configuration of these settings. */
  private List<String> configArgs() {
    return List.of("--id-bits", Integer.toString(settings.idBits()), "--successors", Integer.toString(settings.successors()),
        "--replicas", Integer.toString(settings.replicas()), "--stabilize-ms", Long.toString(settings.stabilizeMs()),
        "--fix-fingers-ms", Long.toString(settings.fixFingersMs()), "--stabilize-max", Long.toString(settings.stabilizeMaxMs()),
        "--fix-fingers-max", Long.toString(settings.fixFingersMaxMs()));
  }
}
