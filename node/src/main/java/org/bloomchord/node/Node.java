package org.bloomchord.node;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.chord.cluster.RingCheck;
import org.bloomchord.chord.cluster.RingOracle;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.routing.heavy.HotKeyOptions;
import org.bloomchord.routing.heavy.HotKeyRelief;
import org.bloomchord.routing.location.LocateResult;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.repair.ReconcilingReplicaSync;
import org.bloomchord.routing.traceback.AttackGraph;
import org.bloomchord.routing.traceback.TracebackService;
import org.bloomchord.routing.repair.RepairReport;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.BucketAppends;
import org.bloomchord.routing.similar.SimilarityIndex;
import org.bloomchord.routing.similar.SimilarityOptions;

/**
 * The embedding API: a group of Chord peers hosted in this JVM on one Vert.x instance, with the
 * replicated key-value store, object location by attenuated Bloom filters, and replica repair by
 * set reconciliation.
 *
 * <pre>{@code
 * try (Node node = Node.start(new NodeOptions().setPeers(8))) {
 *   node.put("colour", "green").toCompletionStage().toCompletableFuture().join();
 *   String v = node.get("colour").toCompletionStage().toCompletableFuture().join().value();
 * }
 * }</pre>
 *
 * <p>Two kinds of methods. Data operations ({@link #put}, {@link #get}, {@link #delete},
 * {@link #lookup}, {@link #publish}, {@link #locate}, {@link #reconcile}, {@link #publishDocument},
 * {@link #similar}, {@link #peer}, {@link #status}) return a Vert.x {@link Future} at once and may be called from any thread, an
 * event loop included. Membership operations ({@link #start}, {@link #addPeers}, {@link #leave},
 * {@link #crash}, {@link #close}) block until done and must not be called on a Vert.x thread
 * (they throw {@link IllegalStateException} there); from a verticle, run them with
 * {@code vertx.executeBlocking}.
 *
 * <p>An operation without a peer name starts at a peer chosen round-robin among the running ones.
 * Peer names are {@code p0}, {@code p1}, ... in the order peers were added; a peer's ring id is
 * the hash of its name, so a restarted node whose peers keep their names keeps their identities.
 * On a clustered node ({@link NodeOptions#setCluster}) the names are {@code p0@NODE}, {@code p1@NODE},
 * ..., so that peers of different nodes never share a name.
 *
 * <p>Longer than ~300 lines and left whole because it is the embedding API's one facade: each
 * method is a short delegation to the {@code PeerGroup}, a peer's thread or a ring view, and
 * splitting it would give a program several entry points.
 */
public final class Node implements AutoCloseable {

  private final PeerGroup group;
  private final RingWatcher watcher;
  private final NodeStats stats = new NodeStats();
  private final List<Consumer<RingEvent>> listeners = new CopyOnWriteArrayList<>();
  private final AtomicInteger nextOrigin = new AtomicInteger();
  /** The peers {@link #pick} chooses among, copied again only when membership changed. */
  private volatile List<PeerHandle<ChordPeer>> origins = List.of();
  private volatile ChurnRun churn;
  private int churnRuns;

  private Node(PeerGroup group) {
    this.group = group;
    this.watcher = new RingWatcher(group, this::emit);
  }

  /**
   * Starts a node on a Vert.x instance of its own (closed with the node), with Prometheus metrics
   * enabled on it. Blocks until the ring of {@code options.getPeers()} peers is stable.
   *
   * @throws IllegalStateException if the ring did not become stable within the start timeout
   */
  public static Node start(NodeOptions options) {
    return start(null, options);
  }

  /**
   * Starts a node on the caller's Vert.x instance, which {@link #close()} leaves running. Blocks
   * until the ring is stable; must not be called on a Vert.x thread.
   */
  public static Node start(Vertx vertx, NodeOptions options) {
    Objects.requireNonNull(options, "options");
    PeerGroup group = PeerGroup.open(vertx, new NodeOptions(options));
    Node node = new Node(group);
    try {
      group.startPeers();
    } catch (RuntimeException e) {
      group.close(false);
      throw e;
    }
    node.watcher.start();
    return node;
  }

  /** The Vert.x instance the peers run on. */
  public Vertx vertx() {
    return group.vertx();
  }

  /** The options the node was started with (a copy). */
  public NodeOptions options() {
    return new NodeOptions(group.options());
  }

  /** Counters of the operations run through this node (what the metrics report). */
  public NodeStats stats() {
    return stats;
  }

  /**
   * The node's meter registry: the Vert.x metrics when the node created its Vert.x instance, and
   * what the HTTP API's {@code /metrics} adds to it.
   */
  public PrometheusMeterRegistry meterRegistry() {
    return group.registry();
  }

  /** Counters the peers reported (timeouts, suspicions, rejected messages...), by name. */
  public Map<String, Long> peerCounters() {
    return group.network().metrics().counters();
  }

  /**
   * The member certificate admission of a clustered node's event bus (refusals by reason, the
   * revocation list in use); empty when the node is not clustered or admits by a shared secret.
   */
  public Optional<MemberTrust> admission() {
    return group.admission();
  }

  /** Traffic counted by the runtime: messages and bytes by message type. */
  public Traffic traffic() {
    return group.network().traffic();
  }

  /** The identifier ring. */
  public IdRing ring() {
    return group.ring();
  }

  /** Names of the running peers, in the order they were added. */
  public List<String> peerNames() {
    List<String> out = new ArrayList<>();
    for (PeerHandle<ChordPeer> h : group.network().alive()) {
      out.add(h.ref().address());
    }
    return out;
  }

  /** Whether a peer of that name is running here. */
  public boolean hasPeer(String name) {
    return group.handle(name) != null;
  }

  /** Registers a listener of ring events; it is called on a Vert.x thread and must not block. */
  public Node onRingEvent(Consumer<RingEvent> listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
    return this;
  }

  private void emit(RingEvent e) {
    for (Consumer<RingEvent> l : listeners) {
      l.accept(e);
    }
  }

  // ---- data operations (asynchronous)

  /** Stores {@code value} under {@code key}; the result carries the version assigned. */
  public Future<WriteResult> put(String key, String value) {
    return put(null, key, value);
  }

  /** As {@link #put(String, String)}, starting at the named peer (null: any). */
  public Future<WriteResult> put(String peer, String key, String value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    return on(peer, p -> p.put(key, value)).onSuccess(stats::write);
  }

  /** Reads {@code key}: {@link ReadResult#found()} tells whether a live value exists. */
  public Future<ReadResult> get(String key) {
    return get(null, key);
  }

  /** As {@link #get(String)}, starting at the named peer (null: any). */
  public Future<ReadResult> get(String peer, String key) {
    Objects.requireNonNull(key, "key");
    return on(peer, p -> read(p, key)).onSuccess(stats::read);
  }

  /**
   * With hot-key relief a read goes through it (a leased copy on the way may answer, and the owner
   * counts the get); one that fails on the way (a hop did not answer) reads the store instead.
   */
  private static Future<ReadResult> read(ChordPeer p, String key) {
    HotKeyRelief relief = p.extension(HotKeyRelief.class);
    return relief == null ? p.get(key) : relief.read(key).recover(t -> p.get(key));
  }

  /**
   * The peers of this node that own hot keys now, each read on its own thread; {@link
   * HotKeyOwners#OFF} at once without hot-key relief.
   */
  public Future<HotKeyOwners> hotKeys() {
    HotKeyOptions o = group.options().getHotKeys();
    if (o == null) {
      return Future.succeededFuture(HotKeyOwners.OFF);
    }
    return group.readAll(p -> {
      List<HotKey> keys = HotKey.ownedBy(p);
      return keys.isEmpty() ? null : new HotKeyOwners.Owner(p.self().address(), Long.toUnsignedString(p.self().id()),
          keys);
    }).map(all -> {
      List<HotKeyOwners.Owner> owners = new ArrayList<>();
      for (HotKeyOwners.Owner w : all) {
        if (w != null) {
          owners.add(w);
        }
      }
      owners.sort(Comparator.comparingLong((HotKeyOwners.Owner w) -> -w.keys().get(0).rate())
          .thenComparing(HotKeyOwners.Owner::peer));
      return new HotKeyOwners(true, o.thresholdPerSecond(), owners);
    });
  }

  /** Deletes {@code key} (a tombstone with a new version replaces the value on every replica). */
  public Future<WriteResult> delete(String key) {
    return delete(null, key);
  }

  /** As {@link #delete(String)}, starting at the named peer (null: any). */
  public Future<WriteResult> delete(String peer, String key) {
    Objects.requireNonNull(key, "key");
    return on(peer, p -> p.delete(key)).onSuccess(stats::write);
  }

  /**
   * Looks up the successor of {@code key}'s ring id from the named peer (null: any) and traces the
   * path through the peers' tables.
   */
  public Future<LookupTrace> lookup(String peer, String key) {
    Objects.requireNonNull(key, "key");
    PeerHandle<ChordPeer> origin = pick(peer);
    long id = group.ring().hash(key);
    return group.network().submit(origin, p -> p.lookup(id))
        .onSuccess(stats::lookup)
        .compose(r -> new PathTracer(group, id).trace(origin)
            .map(path -> new LookupTrace(key, Long.toUnsignedString(id), r, path)));
  }

  /** Makes the named peer (null: any) a holder of the object {@code name}; completes with the holder. */
  public Future<String> publish(String peer, String name) {
    Objects.requireNonNull(name, "name");
    PeerHandle<ChordPeer> at = pick(peer);
    return group.network().submit(at, p -> location(p).publish(name)).map(v -> at.ref().address());
  }

  /** The named peer stops holding the object {@code name}. */
  public Future<Void> unpublish(String peer, String name) {
    Objects.requireNonNull(name, "name");
    return on(Objects.requireNonNull(peer, "peer"), p -> location(p).unpublish(name));
  }

  /** Finds a holder of the object {@code name}, starting at the named peer (null: any). */
  public Future<LocateResult> locate(String peer, String name) {
    Objects.requireNonNull(name, "name");
    return on(peer, p -> location(p).locate(name)).onSuccess(stats::locate);
  }

  /**
   * Publishes document {@code id} with signature {@code sketch} for near-duplicate search, from the
   * named peer (null: any), through {@link SimilarityIndex#on}: every peer runs {@link BucketAppends},
   * so each band bucket is appended to at its owner, one write at a time, and concurrent publications
   * into one bucket (from this node or another of the ring) all land.
   */
  public Future<SimilarityIndex.Published> publishDocument(String peer, String id, MinHashSketch sketch,
      SimilarityOptions options) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(sketch, "sketch");
    Objects.requireNonNull(options, "options");
    return on(peer, p -> SimilarityIndex.on(p, options).publish(id, sketch));
  }

  /**
   * The published documents like document {@code id} at or above {@code threshold}, queried from the
   * named peer (null: any); fails with {@link SimilarityIndex.UnknownDocumentException} when
   * {@code id} is not published.
   */
  public Future<SimilarityIndex.Result> similar(String peer, String id, double threshold, SimilarityOptions options) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(options, "options");
    return on(peer, p -> SimilarityIndex.on(p, options).queryById(id, threshold));
  }

  /**
   * Reconciles the named peer's primary range (predecessor, self] with peer {@code with}: both
   * end up with the newest version of every key of the range. Returns what was exchanged.
   */
  public Future<RepairReport> reconcile(String peer, String with) {
    PeerHandle<ChordPeer> target = group.handle(Objects.requireNonNull(with, "with"));
    if (target == null) {
      return Future.failedFuture(new UnknownPeerException(with));
    }
    return on(Objects.requireNonNull(peer, "peer"), p -> {
      PeerRef pred = p.links().predecessor();
      long from = pred == null ? p.self().id() : pred.id();
      return p.extension(ReconcilingReplicaSync.class).repair(target.ref(), from, p.self().id());
    });
  }

  /** The named peer's state. */
  public Future<PeerView> peer(String name) {
    return on(Objects.requireNonNull(name, "name"), p -> Future.succeededFuture(PeerView.of(p)));
  }

  /** Every running peer's state (for the live view). */
  public Future<List<PeerView>> peers() {
    return group.readAll(PeerView::of);
  }

  /**
   * Ring status: peers alive, how many are on the ring, whether the ring is stable by the oracle.
   * On a clustered node, over the peers of every node of the ring that answers, not only this one's,
   * with the known nodes this one cannot reach; the ring is not stable while there is any.
   */
  public Future<RingStatus> status() {
    List<NodeReachability.NodeState> unreachable = group.reachability() == null ? List.of()
        : group.reachability().unreachable();
    return group.ringSnapshots().map(snaps -> {
      List<PeerRef> active = new ArrayList<>();
      for (PeerSnapshot s : snaps) {
        if (s.state() == PeerState.ACTIVE) {
          active.add(s.self());
        }
      }
      RingCheck check = new RingOracle(group.ring(), active).check(snaps, group.options().getChord().successors());
      return RingStatus.of(snaps.size(), active.size(), check.stable(), stats.lookups(), unreachable);
    });
  }

  /**
   * What this node knows of the other nodes of its ring (which it can reach), or null when the node
   * is not clustered.
   */
  public NodeReachability reachability() {
    return group.reachability();
  }

  // ---- membership (blocking)

  /** Adds {@code count} peers, each joining through a running one; returns their names. */
  public List<String> addPeers(int count) {
    List<String> names = group.addPeers(count);
    long now = System.currentTimeMillis();
    names.forEach(n -> emit(new RingEvent(RingEvent.Kind.JOINED, n, null, null, now)));
    return names;
  }

  /** Graceful leave of the named peer: it hands its keys to its successor and tells its neighbours. */
  public void leave(String name) {
    group.leave(name);
    emit(new RingEvent(RingEvent.Kind.LEFT, name, null, null, System.currentTimeMillis()));
  }

  /** Crash of the named peer: it stops at once and tells nobody (its data directory is kept). */
  public void crash(String name) {
    group.crash(name);
    emit(new RingEvent(RingEvent.Kind.CRASHED, name, null, null, System.currentTimeMillis()));
  }

  /**
   * Starts {@code model} against this node's peers, replacing a run in progress; returns at once.
   * Membership changes of the run happen on a thread of its own.
   */
  public synchronized ChurnRun startChurn(ChurnModel model) {
    stopChurn();
    churn = new ChurnRun(this, model, group.options().getSeed() * 31 + ++churnRuns);
    return churn;
  }

  /** The churn run started last, or null. */
  public ChurnRun churn() {
    return churn;
  }

  /** Stops the churn run in progress, if any. */
  public synchronized void stopChurn() {
    if (churn != null) {
      churn.stop();
    }
  }

  /**
   * Closes the node: every peer leaves gracefully (at once, bounded by the leave timeout), the
   * durable store is flushed and closed, and a Vert.x instance the node created is closed.
   */
  @Override
  public void close() {
    stopChurn();
    watcher.stop();
    group.close(true);
  }

  // ---- helpers

  /** The messages the named peer received lately, to pick one to trace, and its digest memory. */
  public Future<TracebackService.Snapshot> captured(String peer) {
    Objects.requireNonNull(peer, "peer");
    return on(peer, p -> Future.succeededFuture(p.extension(TracebackService.class).snapshot()));
  }

  /** Traces the message of {@code digest} that the named peer received back to its candidate origins. */
  public Future<AttackGraph> traceback(String peer, long digest) {
    Objects.requireNonNull(peer, "peer");
    return on(peer, p -> p.extension(TracebackService.class).trace(digest));
  }

  private <T> Future<T> on(String peer, Function<ChordPeer, Future<T>> action) {
    PeerHandle<ChordPeer> h;
    try {
      h = pick(peer);
    } catch (UnknownPeerException | IllegalStateException e) {
      return Future.failedFuture(e);
    }
    return group.network().submit(h, action);
  }

  private PeerHandle<ChordPeer> pick(String peer) {
    if (peer != null) {
      PeerHandle<ChordPeer> h = group.handle(peer);
      if (h == null) {
        throw new UnknownPeerException(peer);
      }
      return h;
    }
    // a peer in turn among those running here; the list is copied again only when a peer came or
    // went (a lookup per request must not copy ten thousand handles)
    List<PeerHandle<ChordPeer>> o = origins;
    for (int attempt = 0; attempt < 3; attempt++) {
      if (o.size() != group.size() || attempt > 0) {
        o = group.handles();
        origins = o;
      }
      if (o.isEmpty()) {
        throw new IllegalStateException("the node has no running peer");
      }
      PeerHandle<ChordPeer> h = o.get(Math.floorMod(nextOrigin.getAndIncrement(), o.size()));
      if (group.handle(h.ref().address()) == h) {
        return h;
      }
    }
    throw new IllegalStateException("the node's peers changed while one was chosen; try again");
  }

  private static LocationService location(ChordPeer p) {
    return p.extension(LocationService.class);
  }

  /**
   * Ring status as {@link #status()} reports it.
   *
   * @param peers peers alive on the nodes that answered
   * @param active those on the ring
   * @param stable whether the oracle finds the ring stable and no known node is unreachable
   * @param lookups lookups asked through this node
   * @param unreachable the known nodes of the ring this node cannot reach (empty when not clustered)
   */
  public record RingStatus(int peers, int active, boolean stable, long lookups,
      List<NodeReachability.NodeState> unreachable) {

    /** The status of a ring whose tables are {@code tablesStable}: stable only if no node is unreachable. */
    public static RingStatus of(int peers, int active, boolean tablesStable, long lookups,
        List<NodeReachability.NodeState> unreachable) {
      return new RingStatus(peers, active, tablesStable && unreachable.isEmpty(), lookups, List.copyOf(unreachable));
    }
  }

  /** Names a peer that is not running here. */
  public static final class UnknownPeerException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnknownPeerException(String name) {
      super("no running peer named '" + name + "'");
    }
  }
}
