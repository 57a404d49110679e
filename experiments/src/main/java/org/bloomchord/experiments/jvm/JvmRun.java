package org.bloomchord.experiments.jvm;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.scenario.ChordSettings;
import org.bloomchord.experiments.summary.JvmTraffic;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.vertx.ClusterOptions;

/**
 * The JVMs of one {@code run --jvms J}: this JVM (node {@code jvm0}, the coordinator, whose
 * network the scenario runner drives) and J-1 child JVMs running the scenario's Chord settings.
 * The runner uses it for what crosses JVMs: the join phase's peers spread over every JVM, the
 * snapshots of the children's peers (merged into the cluster's oracle), the kill of a child, the
 * pause of maintenance everywhere, and the traffic of every JVM. Everything else (operations,
 * churn) acts on this JVM's peers.
 */
public final class JvmRun implements AutoCloseable {

  /**
   * How a run spreads over JVMs.
   *
   * @param jvms the JVMs of the ring, this one included (at least 1)
   * @param childHeapMb each child's heap in MiB
   * @param cluster this JVM's cluster settings (the node name is set by the run)
   */
  public record Settings(int jvms, int childHeapMb, ClusterOptions cluster) {
    public Settings {
      if (jvms < 1) {
        throw new IllegalArgumentException("--jvms must be >= 1: " + jvms);
      }
      if (childHeapMb < 64) {
        throw new IllegalArgumentException("--child-heap-mb must be >= 64: " + childHeapMb);
      }
    }
  }

  private final int jvms;
  private final JvmCluster cluster;
  private final JvmRing ring;
  private final IdRing ids;

  private JvmRun(int jvms, JvmCluster cluster, ChordConfig config, Progress progress) {
    this.jvms = jvms;
    this.cluster = cluster;
    this.ring = new JvmRing(cluster.network(), cluster.children(), config, progress);
    this.ids = new IdRing(config.idBits());
  }

  /**
   * Starts this JVM's clustered node and the children, each child's peers configured by
   * {@code chord} as this JVM's are by {@code config}.
   */
  public static JvmRun start(Settings settings, ChordSettings chord, ChordConfig config, long seed,
      Progress progress) {
    JvmCluster c = JvmCluster.start(settings.jvms(), settings.childHeapMb(), settings.cluster(), config,
        List.of("--chord", chord.toYaml()), seed, progress);
    return new JvmRun(settings.jvms(), c, config, progress);
  }

  /** The JVMs of the ring, this one included. */
  public int jvms() {
    return jvms;
  }

  /** This JVM's network (peers named {@code name@jvm0}). */
  public Network<ChordPeer> network() {
    return cluster.network();
  }

  /** Snapshots of every peer of every live child (not this JVM's). */
  public List<PeerSnapshot> remoteSnapshots() {
    return JvmRing.remoteSnapshots(cluster.children().values());
  }

  /**
   * Launches {@code peers} peers into an empty ring, spread evenly over the JVMs and placed so that
   * the JVMs take turns around the ring ({@link JvmRing#interleaved}), in waves that at most double
   * the ring; returns the joins that failed (those peers are stopped).
   */
  public int launch(int peers, SplittableRandom random) {
    return ring.launch(JvmRing.interleaved(ids, jvms, peers), random);
  }

  /** SIGKILLs child {@code k} (1..J-1); returns the peers it ran. */
  public int kill(int k) {
    return cluster.kill(k);
  }

  /** Whether child {@code k} is running (started and not killed). */
  public boolean alive(int k) {
    return cluster.children().containsKey("jvm" + k);
  }

  /** Pauses or resumes the maintenance of every peer of every live child. */
  public void pauseMaintenance(boolean paused) {
    for (ChildJvm c : cluster.children().values()) {
      c.send("maintenance " + (paused ? "paused" : "running"));
    }
    for (ChildJvm c : cluster.children().values()) {
      c.await(90_000);
    }
  }

  /** The traffic of this JVM and of every live child, by node name. */
  public Map<String, JvmTraffic> traffic() {
    return cluster.traffic();
  }

  /** Stops every child, then this JVM's network and node. */
  @Override
  public void close() {
    cluster.close();
  }
}
