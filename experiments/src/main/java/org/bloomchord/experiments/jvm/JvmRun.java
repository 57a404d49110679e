package org.bloomchord.experiments.jvm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.experiments.runner.PeerSetup;
import org.bloomchord.experiments.runner.Progress;
import org.bloomchord.experiments.scenario.ChordSettings;
import org.bloomchord.experiments.scenario.RoutingSettings;
import org.bloomchord.experiments.summary.JvmTraffic;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.vertx.ClusterOptions;

/**
 * The JVMs of one {@code run --jvms J}: this JVM (node {@code jvm0}, the coordinator, whose
 * network the scenario runner drives) and J-1 child JVMs whose peers run the scenario's Chord
 * settings, and its location layer and replica repair ({@link PeerSetup}). The runner uses it for
 * what crosses JVMs: join phases' peers spread over every JVM, churn joins, leaves and crashes of
 * the children's peers, the publications of objects held there, the snapshots of the children's
 * peers (merged into the cluster's oracle), the kill of a child, the pause of maintenance
 * everywhere, and the traffic of every JVM. Operations start from this JVM's peers.
 *
 * <p>Thread-safe: churn threads ask for leaves and crashes while the driver runs phases; a
 * child's report that a churn join ended arrives on the thread reading its output.
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

  /**
   * Longest wait for a child's answer to a short command (a leave, a crash, a join started): a
   * JVM frozen for tens of seconds on a loaded machine is slow, not lost (see
   * {@link JvmCluster#LAUNCH_TIMEOUT_MS}).
   */
  private static final long COMMAND_MS = JvmCluster.LAUNCH_TIMEOUT_MS;

  private final int jvms;
  private final JvmCluster cluster;
  private final JvmRing ring;
  private final IdRing ids;
  private final ChordConfig config;
  /** Churn joins under way in the children, by address: what to tell when the child reports the end. */
  private final Map<String, Consumer<Boolean>> joins = new ConcurrentHashMap<>();
  private boolean planned;
  /** This JVM's cut of the ring's traffic, idle until a partition phase ({@link #cut}). */
  private final BusCut busCut;

  private JvmRun(int jvms, JvmCluster cluster, ChordConfig config, PeerSetup setup, Progress progress) {
    this.jvms = jvms;
    this.cluster = cluster;
    this.config = config;
    this.ring = new JvmRing(cluster.network(), cluster.children(), config, setup.extensions(), progress);
    this.ids = new IdRing(config.idBits());
    this.busCut = BusCut.install(cluster.node());
    for (ChildJvm c : cluster.children().values()) {
      c.onEvent(this::event);
    }
  }

  /**
   * Starts this JVM's clustered node and the children, each child's peers configured by
   * {@code chord} (and {@code routing}, null without the location layer) as this JVM's are by
   * {@code config} and {@code setup}.
   */
  public static JvmRun start(Settings settings, ChordSettings chord, RoutingSettings routing, ChordConfig config,
      PeerSetup setup, long seed, Progress progress) {
    List<String> args = new ArrayList<>(List.of("--chord", chord.toYaml()));
    if (routing != null) {
      args.addAll(List.of("--location", routingFlag(routing)));
    }
    JvmCluster c = JvmCluster.start(settings.jvms(), settings.childHeapMb(), settings.cluster(), setup.registry(),
        args, seed, progress);
    return new JvmRun(settings.jvms(), c, config, setup, progress);
  }

  /** Routing settings as the worker's {@code --location} value: {@code D,BITS,K,REFRESH_MS,LEASE_MS,QUERY_MS}. */
  static String routingFlag(RoutingSettings r) {
    return r.depth() + "," + r.bitsPerLevel() + "," + r.hashes() + "," + r.refresh().toMillis() + ","
        + r.lease().toMillis() + "," + r.queryTimeout().toMillis();
  }

  /** Reads a worker's {@code --location} value; a bad one is an IllegalArgumentException naming {@code source}. */
  public static RoutingSettings routingOf(String source, String text) {
    String[] f = text.split(",");
    try {
      if (f.length != 6) {
        throw new IllegalArgumentException("six fields");
      }
      return new RoutingSettings(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
          Duration.ofMillis(Long.parseLong(f[3])), Duration.ofMillis(Long.parseLong(f[4])),
          Duration.ofMillis(Long.parseLong(f[5])));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(source + ": expected D,BITS,K,REFRESH_MS,LEASE_MS,QUERY_MS, got '" + text
          + "' (" + e.getMessage() + ")");
    }
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
   * The addresses of the {@code peers} peers of the ring's join phase (one per run), spread evenly
   * over the JVMs and placed so that the JVMs take turns around the ring
   * ({@link JvmRing#interleaved}), in an order shuffled by {@code seed}, so that each share of them
   * launched at a time is spread over the ring and over the JVMs too.
   */
  public List<String> plan(int peers, long seed) {
    if (planned) {
      throw new IllegalStateException("with --jvms one join phase launches the ring's peers");
    }
    planned = true;
    List<String> out = new ArrayList<>(JvmRing.interleaved(ids, jvms, peers));
    Collections.shuffle(out, new java.util.Random(seed));
    return out;
  }

  /**
   * Launches the peers at {@code addresses} (each in the JVM its address names) through the peers
   * of {@code ringPeers} (empty: into an empty ring), in waves that at most double the ring;
   * returns the addresses whose join failed (those peers are stopped).
   */
  public List<String> launch(List<String> addresses, List<PeerRef> ringPeers, SplittableRandom random) {
    return ring.launch(addresses, ringPeers, random);
  }

  /** The nodes of the live JVMs, this one ({@code jvm0}) first. */
  public List<String> liveNodes() {
    List<String> out = new ArrayList<>(List.of("jvm0"));
    out.addAll(cluster.children().keySet());
    return out;
  }

  /**
   * Starts a churn join of {@code ref} in the child its address names, through {@code boot}, without
   * waiting; {@code done} hears whether it joined (on another thread), also when the child dies first.
   */
  public void join(PeerRef ref, PeerRef boot, Consumer<Boolean> done) {
    ChildJvm c = cluster.children().get(ref.node());
    if (c == null) {
      done.accept(false);
      return;
    }
    joins.put(ref.address(), done);
    try {
      c.call("join " + ref.address() + " " + boot.address() + " " + Long.toHexString(boot.id()), COMMAND_MS);
    } catch (IllegalStateException e) {
      Consumer<Boolean> d = joins.remove(ref.address());
      if (d != null) {
        d.accept(false);
      }
    }
  }

  /** A child's event: a churn join ended. */
  private void event(String line) {
    String[] w = line.split(" ");
    if (w.length == 2 && (w[0].equals("joined") || w[0].equals("joinFailed"))) {
      Consumer<Boolean> done = joins.remove(w[1]);
      if (done != null) {
        done.accept(w[0].equals("joined"));
      }
    }
  }

  /**
   * The peer {@code ref} of a child leaves gracefully or crashes; nothing happens when its JVM is
   * gone (killed: the peer crashed with it).
   */
  public void depart(PeerRef ref, boolean crash) {
    ChildJvm c = cluster.children().get(ref.node());
    if (c == null) {
      return;
    }
    try {
      c.call((crash ? "crash " : "leave ") + ref.address(), COMMAND_MS);
    } catch (IllegalStateException e) {
      if (c.alive() && cluster.children().containsKey(ref.node())) {
        throw e;
      }
    }
  }

  /**
   * Has the children's peers publish objects: {@code objects} maps a peer's address to the objects it
   * holds. Blocks until every publication was acknowledged or failed; returns the peers whose
   * publications failed.
   */
  public int publish(Map<String, List<String>> objects) {
    Map<String, StringBuilder> byNode = new TreeMap<>();
    objects.forEach((address, names) -> byNode.computeIfAbsent(new PeerRef(address, 0).node(),
        k -> new StringBuilder("publish")).append(' ').append(address).append(' ').append(String.join(";", names)));
    Map<ChildJvm, ChildJvm.Reply> asked = new java.util.LinkedHashMap<>();
    byNode.forEach((node, cmd) -> {
      ChildJvm c = cluster.children().get(node);
      if (c != null) {
        asked.put(c, c.send(cmd.toString()));
      }
    });
    int failed = 0;
    long wait = config.operationAttempts() * (config.lookupTimeoutMs() + 3 * config.requestTimeoutMs()) + COMMAND_MS;
    for (Map.Entry<ChildJvm, ChildJvm.Reply> e : asked.entrySet()) {
      failed += Integer.parseInt(e.getKey().await(e.getValue(), wait).trim());
    }
    return failed;
  }

  /**
   * SIGKILLs child {@code k} (1..J-1); returns the peers it ran. Its churn joins under way end as
   * failed.
   */
  public int kill(int k) {
    int peers = cluster.kill(k);
    String suffix = "@jvm" + k;
    for (String address : List.copyOf(joins.keySet())) {
      if (address.endsWith(suffix)) {
        Consumer<Boolean> done = joins.remove(address);
        if (done != null) {
          done.accept(false);
        }
      }
    }
    return peers;
  }

  /** Whether child {@code k} is running (started and not killed). */
  public boolean alive(int k) {
    return cluster.children().containsKey("jvm" + k);
  }

  /** Pauses or resumes the maintenance of every peer of every live child. */
  public void pauseMaintenance(boolean paused) {
    cluster.askChildren(c -> "maintenance " + (paused ? "paused" : "running")).forEach((c, r) -> c.await(r, COMMAND_MS));
  }

  /**
   * Cuts the ring's traffic between the JVMs of different {@code groups} (lists of JVM indexes, 0
   * this one, every live JVM in exactly one) until {@link JvmSplit#heal}.
   */
  public JvmSplit cut(List<List<Integer>> groups) {
    JvmSplit split = new JvmSplit(cluster, busCut, config, groups);
    split.start();
    return split;
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
