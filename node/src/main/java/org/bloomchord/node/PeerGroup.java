package org.bloomchord.node;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.VertxPrometheusOptions;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.RingHints;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.chord.cluster.RingLauncher;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.heavy.HotKeyRelief;
import org.bloomchord.routing.heavy.HotKeyWire;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.LocationWire;
import org.bloomchord.routing.repair.ReconcilingReplicaSync;
import org.bloomchord.routing.repair.RepairWire;
import org.bloomchord.routing.similar.BucketAppends;
import org.bloomchord.routing.similar.SimilarWire;
import org.bloomchord.routing.traceback.TracebackService;
import org.bloomchord.routing.traceback.TracebackWire;
import org.bloomchord.node.store.DurableStore;
import org.bloomchord.node.store.DurableStores;
import org.bloomchord.node.store.PersistedStore;

/**
 * The peers of one {@link Node} and what they run on: the Vert.x instance (the caller's or its
 * own, with Prometheus metrics), the network, the wire registry of every protocol the peers speak
 * (Chord, location, reconciliation, repair, traceback, band-bucket appends), the durable store
 * when there is a data directory, and the name of every running peer.
 *
 * <p>Peers join as a stream ({@link RingLauncher}, the launcher {@code ChordCluster} uses too): as
 * many joins in flight as peers already on the ring, each joiner through a random one of them (a
 * thousand joiners through one bootstrap would all wait on it), the other nodes' active peers
 * counting when the node joins a running ring. Peers restarted from the data
 * directory of a node that is not clustered do not join: each starts in its recorded place
 * ({@link #rejoin}).
 *
 * <p>Clustered ({@link NodeOptions#getCluster()} set), the group runs on a clustered Vert.x
 * instance of its own, names its peers {@code pK@NODE}, finds the other nodes of the ring and
 * their peers through a {@link ClusterDirectory}, and judges stability on the union of every
 * node's peers.
 *
 * <p>Longer than ~300 lines and left whole because opening (local, durable, clustered), joining in
 * waves or rejoining in place, leaving, crashing and closing all read and change the same maps of
 * handles and names; the durable store, the directory of nodes and the ring hints are already
 * classes of their own.
 */
final class PeerGroup {

  private static final System.Logger LOG = System.getLogger(PeerGroup.class.getName());
  /** Contacts on the other nodes offered to each local peer when a node is reachable again. */
  static final int CONTACTS_PER_PEER = 2;

  /**
   * Joins in flight at most: a node of 300 peers whose 300 joins all arrived at once at a running
   * node of 300 drove it into a storm of late lookups and suspicions on a loaded machine.
   */
  static final int JOIN_WINDOW = 32;
  /** How often the launch looks at the joins in flight, ms. */
  private static final long JOIN_TICK_MS = 100;

  private final Vertx vertx;
  private final boolean ownsVertx;
  private final NodeOptions options;
  private final IdRing ring;
  private final VertxNetwork<ChordPeer> network;
  private final LocationWire locationWire;
  private final DurableStore store;
  private final PrometheusMeterRegistry registry;
  /** The clustered Vert.x node, null when the ring is this JVM's alone. */
  private final ClusterNode cluster;
  private final ClusterDirectory directory;
  private final Map<String, PeerHandle<ChordPeer>> byName = new ConcurrentHashMap<>();
  private final SplittableRandom random;
  private int nextIndex;
  /** When joining a ring of other nodes: their active peers, through which the first peers here join. */
  private List<PeerRef> remoteBoots = List.of();
  private final RingLauncher launcher;

  private PeerGroup(Vertx vertx, boolean ownsVertx, NodeOptions options, PrometheusMeterRegistry registry,
      ClusterNode cluster, DurableStore store) {
    this.vertx = vertx;
    this.ownsVertx = ownsVertx;
    this.options = options;
    this.registry = registry;
    this.cluster = cluster;
    ChordConfig chord = options.getChord();
    this.ring = new IdRing(chord.idBits());
    this.locationWire = new LocationWire(options.getLocation(), chord);
    WireRegistry wire = SimilarWire.register(TracebackWire.register(RepairWire.register(
        LocationWire.register(ChordWire.registry(chord), options.getLocation(), chord), chord), chord));
    // hot-key relief's messages are decoded by every node, with relief or without: a peer without it
    // rejects and counts them as any message of a type it does not expect, and the reader falls back
    // to the store
    wire = HotKeyWire.register(wire, chord);
    NetworkOptions net = NetworkOptions.defaults().withSeed(options.getSeed())
        .withVertx(v -> v.withEventLoopThreads(options.getEventLoopThreads()))
        .withLaunchTimeoutMs(Math.max(options.getLeaveTimeoutMs(), chord.joinWaitMs()));
    this.network = cluster == null ? new VertxNetwork<>(vertx, net, wire)
        : new VertxNetwork<>(List.of(cluster), net, wire);
    this.random = new SplittableRandom(options.getSeed());
    this.store = store;
    this.launcher = new RingLauncher(network, random, (ref, boot) -> new ChordPeer(chord, boot, extensions(ref)),
        chord.joinWaitMs(), 120_000);
    this.directory = cluster == null ? null : new ClusterDirectory(vertx, cluster.name(), cluster.memberAddress());
    if (directory != null) {
      Context context = vertx.getOrCreateContext();
      cluster.onMerged(() -> context.runOnContext(v -> directory.reregister()));
      cluster.onMemberRemoved(directory::memberRemoved);
      directory.reachability().onTransition(t -> {
        if (!t.merged().isEmpty()) {
          reachableAgain(t.merged());
        }
      });
    }
  }

  /**
   * Nodes that were unreachable answer again: the ring may have split into rings that each went on
   * alone, and its peers have to learn of the other side's. Each local peer is offered
   * {@link #CONTACTS_PER_PEER} active peers of the other nodes, drawn at random, for the Chord-level
   * ring merge ({@link ChordPeer#offerContact}: "this peer may be in another ring, unify if so").
   * An offer of a peer already in the ring costs a lookup and ends there, so a false alarm (a node
   * that was only slow) is cheap; the merge's own quiet period keeps many peers noticing one heal
   * from starting many merges.
   */
  private void reachableAgain(List<NodeReachability.NodeState> nodes) {
    directory.remoteSnapshots().onSuccess(snapshots -> {
      List<PeerRef> remote = new ArrayList<>();
      for (PeerSnapshot s : snapshots) {
        if (s.state() == PeerState.ACTIVE) {
          remote.add(s.self());
        }
      }
      if (remote.isEmpty()) {
        return;
      }
      // on the probe's thread: the group's seeded generator belongs to the launcher
      java.util.concurrent.ThreadLocalRandom draw = java.util.concurrent.ThreadLocalRandom.current();
      int offered = 0;
      for (PeerHandle<ChordPeer> h : network.alive()) {
        for (int i = 0; i < CONTACTS_PER_PEER; i++) {
          PeerRef contact = remote.get(draw.nextInt(remote.size()));
          network.submit(h, p -> {
            p.offerContact(contact);
            return Future.succeededFuture();
          });
          offered++;
        }
      }
      LOG.log(Level.INFO, "offered " + offered + " contacts on " + remote.size() + " active peers of the other nodes"
          + " to the local peers, for the ring merge");
    });
  }

  /** What the node knows of the other nodes' reachability; null when not clustered. */
  NodeReachability reachability() {
    return directory == null ? null : directory.reachability();
  }

  /** A group on {@code vertx}, or on a new instance with Prometheus metrics when it is null. */
  static PeerGroup open(Vertx vertx, NodeOptions options) {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    if (options.getCluster() != null) {
      if (vertx != null) {
        throw new IllegalArgumentException("a clustered node starts its own Vert.x instance; give no Vert.x instance");
      }
      return openClustered(options, registry);
    }
    DurableStore store = openStore(options);
    if (vertx != null) {
      return new PeerGroup(vertx, false, options, registry, null, store);
    }
    Vertx own = Vertx.builder()
        .with(new VertxOptions().setEventLoopPoolSize(options.getEventLoopThreads())
            .setMetricsOptions(new MicrometerMetricsOptions().setEnabled(true)
                .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true))))
        .withMetrics(new MicrometerMetricsFactory(registry))
        .build();
    try {
      return new PeerGroup(own, true, options, registry, null, store);
    } catch (RuntimeException e) {
      own.close();
      if (store != null) {
        store.close();
      }
      throw e;
    }
  }

  /**
   * The node's data directory, or null without one. Its peers must have been recorded by a node
   * clustered as this one is: clustered peers are named {@code pK@NODE}, the others {@code pK}.
   */
  private static DurableStore openStore(NodeOptions options) {
    if (options.getDataDir() == null) {
      return null;
    }
    DurableStore store = DurableStores.open(options.getDataDir());
    boolean clustered = options.getCluster() != null;
    if (store.peers().stream().anyMatch(n -> n.contains("@") != clustered)) {
      store.close();
      throw new IllegalArgumentException("the data directory " + options.getDataDir() + (clustered
          ? " holds the peers of a node that was not clustered; use it without cluster settings"
          : " holds the peers of a clustered node; give it the cluster settings again"));
    }
    return store;
  }

  /**
   * A group on a clustered Vert.x instance of its own. A restarted node with a data directory keeps
   * the node name its stored peers carry, hence their addresses and ring ids.
   */
  private static PeerGroup openClustered(NodeOptions options, PrometheusMeterRegistry registry) {
    DurableStore store = openStore(options);
    ClusterOptions co = options.getCluster();
    if (store != null) {
      for (String n : store.peers()) {
        co = co.withNodeName(n.substring(n.indexOf('@') + 1));
      }
    }
    ClusterNode node;
    try {
      node = ClusterNode.start(co, options.getEventLoopThreads());
    } catch (RuntimeException e) {
      if (store != null) {
        store.close();
      }
      throw e;
    }
    try {
      PeerGroup g = new PeerGroup(node.vertx(), true, options, registry, node, store);
      await(g.directory.serve(() -> g.readAll(p -> PeerSnapshot.of(p, false, false))), 30_000);
      return g;
    } catch (RuntimeException e) {
      if (store != null) {
        store.close();
      }
      node.close();
      throw e;
    }
  }

  Vertx vertx() {
    return vertx;
  }

  NodeOptions options() {
    return options;
  }

  IdRing ring() {
    return ring;
  }

  VertxNetwork<ChordPeer> network() {
    return network;
  }

  PrometheusMeterRegistry registry() {
    return registry;
  }

  DurableStore store() {
    return store;
  }

  /** The running peer of that name, or null. */
  PeerHandle<ChordPeer> handle(String name) {
    return byName.get(name);
  }

  /** How many peers run here (launched and not yet gone). */
  int size() {
    return byName.size();
  }

  /** The peers running here now, in no particular order. */
  List<PeerHandle<ChordPeer>> handles() {
    return new ArrayList<>(byName.values());
  }

  /**
   * Starts the node's peers: those recorded in the data directory when it has any (same names,
   * hence same ring ids, each with its stored entries, all at once in their recorded places unless
   * clustered), otherwise {@code options.getPeers()} new ones joining in waves; then waits for a
   * stable ring.
   */
  void startPeers() {
    List<String> names = store == null ? List.of() : store.peers();
    boolean restored = !names.isEmpty();
    if (!restored) {
      names = newNames(options.getPeers());
    } else {
      for (String n : names) {
        nextIndex = Math.max(nextIndex, indexOf(n) + 1);
      }
    }
    long t0 = System.currentTimeMillis();
    if (cluster != null && !options.getCluster().members().isEmpty()) {
      remoteBoots = findRemoteBootstraps();
    }
    long t1 = System.currentTimeMillis();
    if (restored && cluster == null) {
      rejoin(names);
    } else {
      launch(names);
    }
    long t2 = System.currentTimeMillis();
    if (!awaitStable(options.getStartTimeoutMs())) {
      RingCheck c = lastCheck;
      throw new IllegalStateException("the ring of " + names.size() + " peers did not become stable within "
          + options.getStartTimeoutMs() + " ms" + (c == null ? "" : " (last check of " + c.peers() + " active peers: "
          + c.successorErrors() + " wrong successors, " + c.predecessorErrors() + " wrong predecessors, "
          + c.successorListErrors() + " wrong successor lists)"));
    }
    LOG.log(Level.INFO, names.size() + " peers started: " + (t1 - t0) + " ms to find " + remoteBoots.size()
        + " peers of other nodes, " + (t2 - t1) + " ms to join, " + (System.currentTimeMillis() - t2)
        + " ms to a stable ring");
    if (directory != null) {
      await(directory.advertise(), 30_000);
    }
  }

  /**
   * The active peers of the other nodes of the cluster, through which the peers here join; waits
   * for at least one up to the start timeout.
   */
  private List<PeerRef> findRemoteBootstraps() {
    if (cluster.members() < 2) {
      throw new IllegalStateException("could not reach any cluster member of " + options.getCluster().members()
          + " (start the first node without --members, and give every node the same secret or ring authority)");
    }
    long end = System.currentTimeMillis() + options.getStartTimeoutMs();
    while (true) {
      List<PeerRef> active = new ArrayList<>();
      for (PeerSnapshot s : await(directory.remoteSnapshots(), 60_000)) {
        if (s.state() == PeerState.ACTIVE) {
          active.add(s.self());
        }
      }
      if (!active.isEmpty()) {
        return active;
      }
      if (System.currentTimeMillis() > end) {
        throw new IllegalStateException("the cluster has " + cluster.members() + " members but no node of it"
            + " advertised a running peer within " + options.getStartTimeoutMs() + " ms");
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while looking for a peer to join through", e);
      }
    }
  }

  /** Adds {@code count} new peers; returns their names once each has joined. */
  List<String> addPeers(int count) {
    if (count < 1 || count > NodeOptions.MAX_PEERS) {
      throw new IllegalArgumentException("count must be in 1.." + NodeOptions.MAX_PEERS + ", got " + count);
    }
    if (byName.size() + count > NodeOptions.MAX_PEERS) {
      throw new IllegalArgumentException("a node hosts at most " + NodeOptions.MAX_PEERS + " peers");
    }
    List<String> names = newNames(count);
    return launch(names);
  }

  private List<String> newNames(int count) {
    List<String> names = new ArrayList<>(count);
    while (names.size() < count) {
      String n = network.addressFor("p" + nextIndex++);
      if (!byName.containsKey(n)) {
        names.add(n);
      }
    }
    return names;
  }

  private static int indexOf(String name) {
    try {
      int at = name.indexOf('@');
      return name.startsWith("p") ? Integer.parseInt(name.substring(1, at < 0 ? name.length() : at)) : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Joins new peers as a stream ({@link RingLauncher#stream}): as many joins in flight as peers on
   * the ring (this node's, and the other nodes' active peers when it joins a running ring), up to
   * {@value #JOIN_WINDOW}, each through a random peer already on it, with no wait for a stable ring
   * in between; {@link #startPeers} waits for it at the end. A node joining a running ring starts
   * {@value #JOIN_WINDOW} joins at once through the other nodes' peers instead of doubling from one
   * peer, stable ring after stable ring.
   */
  private List<String> launch(List<String> names) {
    List<PeerRef> refs = new ArrayList<>();
    for (String n : names) {
      refs.add(new PeerRef(n, ring.hash(n)));
      if (store != null) {
        store.addPeer(n);
      }
    }
    List<PeerRef> onRing = new ArrayList<>();
    byName.values().forEach(h -> onRing.add(h.ref()));
    onRing.addAll(remoteBoots);
    RingLauncher.Launch done = launcher.stream(refs, onRing, JOIN_WINDOW, JOIN_TICK_MS, (joined, inFlight) -> { });
    List<String> joined = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : done.joined()) {
      byName.put(h.ref().address(), h);
      joined.add(h.ref().address());
    }
    return joined;
  }

  /**
   * Restarts the peers recorded in the data directory together, each in its recorded place: the
   * recorded peers are the whole ring of this node, so their ring ids give every peer its
   * predecessor, successor list and fingers ({@link RingHints}), and it starts serving with them
   * instead of joining through another peer in waves.
   */
  private void rejoin(List<String> names) {
    List<PeerRef> refs = new ArrayList<>();
    for (String n : names) {
      refs.add(new PeerRef(n, ring.hash(n)));
    }
    Map<PeerRef, RingHints> hints = RingHints.ofAll(ring, refs, options.getChord().successors());
    List<PeerHandle<ChordPeer>> started = network.launchAll(refs, ref -> ChordPeer.rejoining(options.getChord(),
        hints.get(ref), extensions(ref)));
    for (PeerHandle<ChordPeer> h : started) {
      byName.put(h.ref().address(), h);
    }
  }

  private List<ChordExtension> extensions(PeerRef ref) {
    List<ChordExtension> out = new ArrayList<>(5);
    if (store != null) {
      // first, so that the stored entries are in the peer's store before anything else runs
      out.add(new PersistedStore(store, ref.address()));
    }
    out.add(new LocationService(options.getLocation(), locationWire));
    out.add(new ReconcilingReplicaSync(options.getRepair()));
    out.add(new TracebackService());
    // band buckets appended at their owner, so concurrent publications through the HTTP API lose nothing
    out.add(new BucketAppends());
    if (options.getHotKeys() != null) {
      out.add(new HotKeyRelief(options.getHotKeys()));
    }
    return out;
  }

  /** Graceful leave: the peer hands its keys over; its data directory entry is dropped. */
  void leave(String name) {
    PeerHandle<ChordPeer> h = require(name);
    byName.remove(name);
    network.leave(h);
    if (store != null) {
      store.removePeer(name);
    }
  }

  /** Crash: the peer stops at once; its stored entries stay for a restart. */
  void crash(String name) {
    PeerHandle<ChordPeer> h = require(name);
    byName.remove(name);
    network.crash(h);
  }

  private PeerHandle<ChordPeer> require(String name) {
    PeerHandle<ChordPeer> h = byName.get(name);
    if (h == null) {
      throw new Node.UnknownPeerException(name);
    }
    return h;
  }

  /** Reads every running peer on its own thread, all at once. */
  <T> Future<List<T>> readAll(Function<ChordPeer, T> read) {
    List<Future<T>> reads = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : network.alive()) {
      reads.add(network.submit(h, p -> Future.succeededFuture(read.apply(p))));
    }
    return Future.join(reads).map(cf -> {
      List<T> out = new ArrayList<>(reads.size());
      for (Future<T> f : reads) {
        if (f.succeeded()) {
          out.add(f.result());
        }
      }
      return out;
    });
  }

  /**
   * Snapshots (no fingers, no keys) of every peer of the ring: this node's, and when clustered those
   * of every other node that answers.
   */
  Future<List<PeerSnapshot>> ringSnapshots() {
    Future<List<PeerSnapshot>> local = readAll(p -> PeerSnapshot.of(p, false, false));
    if (directory == null) {
      return local;
    }
    Future<List<PeerSnapshot>> remote = directory.remoteSnapshots();
    return Future.join(local, remote).map(cf -> {
      List<PeerSnapshot> all = new ArrayList<>(local.result());
      all.addAll(remote.result());
      return all;
    });
  }

  /** The member certificate admission of the clustered node, if it admits by certificates. */
  Optional<MemberTrust> admission() {
    return cluster == null ? Optional.empty() : cluster.admission();
  }

  /** Whether the peers run on a clustered Vert.x instance, with other nodes. */
  boolean clustered() {
    return cluster != null;
  }

  /** Waits (blocking) until the ring is stable by the oracle; returns whether it became so. */
  /** The last check of {@link #awaitStable}, for the message when the ring did not become stable. */
  private volatile RingCheck lastCheck;

  boolean awaitStable(long maxMs) {
    return network.awaitUntil(this::stableNow, maxMs, options.getChord().stabilizeMs());
  }

  private boolean stableNow() {
    List<PeerSnapshot> snaps = await(ringSnapshots(), 120_000);
    List<PeerRef> active = new ArrayList<>();
    for (PeerSnapshot s : snaps) {
      if (s.state() == PeerState.ACTIVE) {
        active.add(s.self());
      }
    }
    RingCheck check = new RingOracle(ring, active).check(snaps, options.getChord().successors());
    lastCheck = check;
    return check.stable();
  }

  /**
   * Closes the group: when {@code graceful}, every peer leaves at once (bounded by the leave
   * timeout); then the network stops, the store is flushed and closed, and an own Vert.x closed.
   */
  void close(boolean graceful) {
    if (directory != null) {
      try {
        await(directory.withdraw(), 5_000);
      } catch (RuntimeException e) {
        // the others drop a node that no longer answers
      }
    }
    if (graceful) {
      List<Future<Void>> leaves = new ArrayList<>();
      for (PeerHandle<ChordPeer> h : network.alive()) {
        leaves.add(network.submit(h, ChordPeer::leave));
      }
      try {
        await(Future.join(leaves), options.getLeaveTimeoutMs());
      } catch (RuntimeException e) {
        // peers that did not finish leaving in time are stopped below, as a crash would
      }
    }
    byName.clear();
    try {
      network.close();
    } finally {
      if (store != null) {
        store.close();
      }
      if (cluster != null) {
        cluster.close();
      } else if (ownsVertx) {
        await(vertx.close(), options.getLeaveTimeoutMs());
      }
      registry.close();
    }
  }

  static <T> T await(Future<T> f, long maxMs) {
    try {
      return f.toCompletionStage().toCompletableFuture().get(maxMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (Exception e) {
      throw new IllegalStateException("no answer within " + maxMs + " ms: " + e, e);
    }
  }
}
