package org.bloomchord.experiments.jvm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.summary.JvmTraffic;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The processes of one ring over several JVMs on this machine: this JVM's clustered node
 * ({@code jvm0}) and its network, and the child JVMs ({@code jvm1} ... ) running {@code worker},
 * each a node of the same Vert.x cluster. What {@code ring --jvms} and {@code run --jvms} share:
 * starting the children with the peers' configuration, the map of live children by node name
 * (a killed child leaves it), their traffic, and stopping every child on the way out.
 *
 * <p>No orphan: {@link #close} stops every child ever started here (quit, then SIGKILL after a
 * grace period); {@link ChildJvm} kills those still running on Ctrl-C and the children quit by
 * themselves when this JVM dies.
 */
final class JvmCluster implements AutoCloseable {

  /** Loggers kept quiet, held so that their level stays (JUL keeps loggers only weakly). */
  private static final List<java.util.logging.Logger> QUIET = List.of(java.util.logging.Logger.getLogger("io.vertx"),
      java.util.logging.Logger.getLogger("io.netty"), java.util.logging.Logger.getLogger("com.hazelcast"));
  /**
   * Seconds without a heartbeat after which a member of a ring over JVMs of this machine is dead.
   * Not the 5 s of a ring over hosts: on two cores shared by three JVMs and other work, a JVM went
   * 4.7 to 5 s without sending one (Hazelcast logged the clock jumps), its member was dropped and
   * merged back, and the ring lost its gateways' registrations meanwhile. A child that dies here is
   * known at once anyway: its standard output ends.
   */
  static final int LOCAL_MAX_NO_HEARTBEAT_S = 20;
  /**
   * How long a JVM of the ring waits for its runtime to start, stop or inspect a peer. Not the 30 s
   * of one JVM: with three JVMs and other work on two cores, the coordinator froze for 42 s (its
   * Hazelcast logged the clock jump) and a churn joiner's start timed out and ended the run. A
   * burst should slow the run down, not end it.
   */
  static final long LAUNCH_TIMEOUT_MS = 120_000;

  /** The options of the network of a JVM of the ring. */
  static NetworkOptions networkOptions(long seed) {
    return NetworkOptions.defaults().withSeed(seed).withLaunchTimeoutMs(LAUNCH_TIMEOUT_MS);
  }

  /** Longest wait for a child JVM to join the cluster. */
  static final long CHILD_START_MS = 120_000;

  private final ClusterNode node;
  private final VertxNetwork<ChordPeer> net;
  private final ClusterOptions cluster;
  private final int childHeapMb;
  private final long seed;
  private final List<String> configArgs;
  private final List<ChildJvm> started = new ArrayList<>();
  /** Thread-safe: churn threads look children up while the driver kills one. */
  private final Map<String, ChildJvm> live = new java.util.concurrent.ConcurrentSkipListMap<>();

  private JvmCluster(ClusterNode node, VertxNetwork<ChordPeer> net, ClusterOptions cluster, int childHeapMb,
      long seed, List<String> configArgs) {
    this.node = node;
    this.net = net;
    this.cluster = cluster;
    this.childHeapMb = childHeapMb;
    this.seed = seed;
    this.configArgs = List.copyOf(configArgs);
  }

  /**
   * Starts this JVM's node {@code jvm0} and network, then {@code jvms - 1} children, and waits until
   * every child joined the cluster.
   *
   * @param cluster this JVM's cluster settings (the node name is set here)
   * @param registry the codecs of this JVM's network (the peers' configuration and extensions)
   * @param configArgs the worker flags that give the children the same configuration
   * @param seed the root seed: child j's peers draw from {@code seed + j}
   */
  static JvmCluster start(int jvms, int childHeapMb, ClusterOptions cluster, WireRegistry registry,
      List<String> configArgs, long seed, Progress progress) {
    // a killed JVM's connections fail loudly in these logs, with stack traces; the summary says what matters
    QUIET.forEach(l -> l.setLevel(java.util.logging.Level.SEVERE));
    cluster = cluster.withMaxNoHeartbeatSeconds(LOCAL_MAX_NO_HEARTBEAT_S);
    ClusterNode node = ClusterNode.start(cluster.withNodeName("jvm0"), Runtime.getRuntime().availableProcessors());
    JvmCluster c;
    try {
      VertxNetwork<ChordPeer> net = new VertxNetwork<>(List.of(node), networkOptions(seed),
          registry);
      c = new JvmCluster(node, net, cluster, childHeapMb, seed, configArgs);
    } catch (RuntimeException e) {
      node.close();
      throw e;
    }
    try {
      List<ChildJvm> children = new ArrayList<>();
      for (int j = 1; j < jvms; j++) {
        children.add(c.startChild(j));
      }
      for (ChildJvm child : children) {
        child.awaitStarted(CHILD_START_MS);
        c.live.put(child.name(), child);
      }
      progress.line("cluster: %d JVMs joined, %d members, membership on %s%s", jvms, node.members(),
          cluster.manager().label(), cluster.admitsByTls() ? " under TLS" : "");
      return c;
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** This JVM's node. */
  ClusterNode node() {
    return node;
  }

  /** This JVM's network. */
  VertxNetwork<ChordPeer> network() {
    return net;
  }

  /** The live children by node name; the map itself, which {@link #kill} and {@link #adopt} change. */
  Map<String, ChildJvm> children() {
    return live;
  }
  /**
   * Sends every live child its command ({@code command} of that child) without waiting; the
   * replies, in the children's order, for the caller to await.
   */
  Map<ChildJvm, ChildJvm.Reply> askChildren(Function<ChildJvm, String> command) {
    Map<ChildJvm, ChildJvm.Reply> asked = new LinkedHashMap<>();
    for (ChildJvm c : children().values()) {
      asked.put(c, c.send(command.apply(c)));
    }
    return asked;
  }


  /**
   * Starts child {@code jvm<j>} (not yet live: {@link #adopt} it once it answered); it is stopped
   * by {@link #close} whatever happens. With TLS, its seed goes first on its standard input.
   */
  ChildJvm startChild(int j) {
    List<String> args = new ArrayList<>(List.of("--node", "jvm" + j, "--members", node.memberAddress(),
        "--cluster-name", cluster.clusterName(), "--cluster-host", cluster.host(), "--seed", Long.toString(seed + j),
        "--max-no-heartbeat-s", Integer.toString(cluster.maxNoHeartbeatSeconds()),
        "--cluster-manager", cluster.manager().label()));
    args.addAll(configArgs);
    if (cluster.tlsSeed() != null) {
      args.add("--tls-seed-stdin");
    }
    if (cluster.member() != null) {
      // the children run as the same member: same host, same operator, same certificate
      args.addAll(List.of("--ca", cluster.member().dir().toString(), "--member", cluster.member().member()));
    }
    ChildJvm child = ChildJvm.start("jvm" + j, args, childHeapMb);
    synchronized (started) {
      started.add(child);
    }
    if (cluster.tlsSeed() != null) {
      child.sendLine(cluster.tlsSeed());
    }
    return child;
  }

  /** Counts a started child among the live ones. */
  void adopt(ChildJvm child) {
    live.put(child.name(), child);
  }

  /**
   * SIGKILLs the live child {@code jvm<k>}: it stops at once, telling nobody, and leaves the live
   * map first. Returns the number of peers it ran just before.
   */
  int kill(int k) {
    ChildJvm victim = live.remove("jvm" + k);
    if (victim == null) {
      throw new IllegalStateException("no live child JVM jvm" + k);
    }
    String peers = victim.call("snapshots", LAUNCH_TIMEOUT_MS);
    victim.kill();
    return peers.isEmpty() ? 0 : peers.split(" ").length;
  }

  /** The traffic of this JVM and of every live child, by node name. */
  Map<String, JvmTraffic> traffic() {
    Map<String, JvmTraffic> perJvm = new TreeMap<>();
    perJvm.put("jvm0", JvmTraffic.parse(JvmWorker.traffic(net, node)));
    for (ChildJvm c : live.values()) {
      perJvm.put(c.name(), JvmTraffic.parse(c.call("traffic", LAUNCH_TIMEOUT_MS)));
    }
    return perJvm;
  }

  /** Stops every child ever started here, then this JVM's network and node. */
  @Override
  public void close() {
    List<ChildJvm> all;
    synchronized (started) {
      all = new ArrayList<>(started);
    }
    live.clear();
    try {
      for (ChildJvm c : all) {
        c.close();
      }
    } finally {
      try {
        net.close();
      } finally {
        node.close();
      }
    }
  }
}
