package org.bloomchord.chord;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.function.Supplier;
import org.bloomchord.chord.ChordExtension.MessageHandler;
import org.bloomchord.chord.ChordExtension.RequestHandler;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.finger.Suspicion;
import org.bloomchord.chord.lookup.LookupEngine;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.maintenance.Maintenance;
import org.bloomchord.chord.merge.MergeOptions;
import org.bloomchord.chord.merge.RingMerger;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.store.OutOfRangeSweeper;
import org.bloomchord.chord.store.PushReplicaSync;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.ReplicaSync;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.store.StoreClient;
import org.bloomchord.chord.store.StorePolicy;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.chord.wire.MessageBounds;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;

/**
 * A Chord peer (Stoica et al.): one ring id, a finger table, a successor list, a predecessor, and
 * a share of the replicated key-value store. Written once against {@link PeerRuntime}, so it runs
 * on the Vert.x runtime and in the simulator alike.
 *
 * <p>This class is the protocol's entry point: it wires the collaborators on a
 * {@link ChordContext} when the peer starts ({@link LookupEngine}, {@link Maintenance},
 * {@link Storage} and {@link StoreClient}), dispatches received messages through {@link Admission}
 * to the handler table ({@link ChordHandlers}, then the extensions'), runs the life cycle, offers
 * the operations of a peer (lookup, put, get, delete) and hosts extensions ({@link ChordHost}).
 * It is long because it is the public face of a peer that drivers, extensions and
 * the node module call: some thirty operations and accessors of a few lines each; the protocol's
 * logic lives in the collaborators.
 *
 * <p>Threading: every method must run on the peer's thread (handlers and timers do; drivers use
 * {@code Network.call} / {@code Network.inspect}). Nothing here blocks.
 *
 * <p>Untrusted input: a message of a type the peer does not expect, from a sender id outside the
 * ring, breaking the limits of {@link MessageBounds}, or asking a peer that is not on the ring to
 * route, is rejected with {@link MalformedMessageException} before any table is touched, and
 * counted ({@link #rejectedMessages()}).
 *
 * <p>Invariants: see {@link RoutingTable} for the tables and {@link PeerState} for the life
 * cycle. A peer heard from (any accepted message or reply, even late) is not suspected; requests
 * time out adaptively ({@link Requests}). The peer's ring id is {@code runtime.self().id()}; the
 * ring has {@code config.idBits()} bits.
 *
 * <p>Longer than ~300 lines and left whole because it is the hub every message and timer of a peer
 * passes through: it dispatches them to the role packages ({@code lookup}, {@code maintenance},
 * {@code store}, {@code finger}), which hold the protocol's logic, and keeps the state they share.
 */
public final class ChordPeer implements PeerProtocol, ChordHost {

  private final ChordConfig config;
  private final IdRing ring;
  private final PeerRef bootstrap;
  /** The recorded neighbourhood a restarted peer takes its place with; null for a joiner. */
  private final RingHints hints;
  private final List<ChordExtension> extensions;
  private final Handlers handlers = new Handlers();
  /** Observers of the messages handled; the runtime is wrapped to show sends only when there are some. */
  private final List<MessageObserver> observers = new java.util.ArrayList<>();
  /** Whether any observer is registered: read on every message instead of the list, which is rarely there. */
  private boolean observed;
  private final Promise<Void> joined = Promise.promise();
  private final MessageBounds bounds;
  private PeerRuntime runtime;
  private ChordContext ctx;
  private RoutingTable table;
  private LocalStore store;
  private LookupEngine lookups;
  private Maintenance maintenance;
  private Storage storage;
  private StoreClient client;
  private Admission admission;
  private MergeOptions mergeOptions = MergeOptions.defaults();
  private RingMerger merger;
  /** The state before the context exists (a peer stopped before it started). */
  private PeerState unstarted = PeerState.JOINING;
  private boolean linksEventPending;
  /** Set by {@link #pauseMaintenance} before the start: the peer starts with maintenance paused. */
  private boolean pausedAtStart;

  /**
   * A peer that joins through {@code bootstrap}, or creates a new ring when it is null.
   *
   * @param extensions protocols that run on top of this peer (may be empty)
   */
  public ChordPeer(ChordConfig config, PeerRef bootstrap, List<ChordExtension> extensions) {
    this(config, bootstrap, null, extensions);
  }

  private ChordPeer(ChordConfig config, PeerRef bootstrap, RingHints hints, List<ChordExtension> extensions) {
    this.config = config;
    this.ring = IdRing.of(config.idBits());
    this.bootstrap = bootstrap;
    this.hints = hints;
    this.extensions = List.copyOf(extensions);
    this.bounds = MessageBounds.of(config);
  }

  /**
   * A restarted peer that takes its recorded place on the ring at once instead of joining: it
   * starts ACTIVE with the hinted predecessor, successor list and fingers, and stabilize,
   * check-predecessor and fix-fingers then verify them as they verify any link (a hinted peer that
   * does not answer is suspected and replaced). Meant for a whole ring restarted together, every
   * peer with the neighbourhood it had before the stop, so that neighbours are right from the start
   * and the primary ranges are reconciled once, with the right replicas, not after every wave of
   * joins.
   */
  public static ChordPeer rejoining(ChordConfig config, RingHints hints, List<ChordExtension> extensions) {
    List<PeerRef> successors = hints.successors();
    return new ChordPeer(config, successors.isEmpty() ? null : successors.get(0), hints, extensions);
  }

  /** A peer without extensions; {@code bootstrap} null creates a new ring. */
  public ChordPeer(ChordConfig config, PeerRef bootstrap) {
    this(config, bootstrap, List.of());
  }

  // ---- PeerProtocol

  @Override
  public Future<Void> start(PeerRuntime given) {
    // extensions register observers in attach, after the context is built: wrap the runtime now
    PeerRuntime rt = extensions.isEmpty() ? given : new ObservedRuntime(given, observers);
    this.runtime = rt;
    PeerRef self = rt.self();
    if (!ring.contains(self.id())) {
      return Future.failedFuture(new IllegalArgumentException("peer id outside the " + ring.bits() + "-bit ring: " + self));
    }
    ChordLimits limits = config.limits();
    table = new RoutingTable(ring, self, config.successors(), new Suspicion(ring, self, 2 * config.successors(),
        config.suspectMs(), limits.maxSuspects(), limits.maxStrikes(), limits.strikeExpiryMs(),
        counter -> rt.metrics().increment(counter, 1)));
    table.onChange(this::linksChanged);
    store = new LocalStore(ring);
    ctx = new ChordContext(rt, config, ring, table, new Requests(rt, config, table, bounds), bootstrap);
    ctx.state(unstarted);
    lookups = new LookupEngine(ctx);
    storage = new Storage(ctx, store, new PushReplicaSync(store, config.maxEntriesPerTransfer(), ctx::request));
    storage.sweeper(new OutOfRangeSweeper(ctx, store, this::lookup));
    client = new StoreClient(ctx, storage, this::lookup);
    maintenance = new Maintenance(ctx, lookups, storage, () -> activate(false));
    maintenance.pause(pausedAtStart);
    ctx.onTablesChanged(() -> maintenance.tablesChanged(RoutingTable.NEIGHBOURS | RoutingTable.FINGERS));
    ctx.onFingerLost(maintenance::repairFinger);
    admission = new Admission(ctx, bounds);
    merger = RingMerger.attach(ctx, this, mergeOptions, key -> lookups.lookup(key, config.lookupMode()));
    extensions.forEach(e -> e.attach(this));
    if (hints != null) {
      if (hints.predecessor() != null) {
        table.setPredecessor(hints.predecessor());
      }
      if (!hints.successors().isEmpty()) {
        List<PeerRef> s = hints.successors();
        table.adoptSuccessors(s.get(0), s.subList(1, s.size()), rt.now());
      }
      table.seedFingers(hints.fingers(), rt.now());
      activate(true);
      joined.tryComplete();
    } else if (bootstrap == null || bootstrap.equals(self)) {
      activate(false);
      joined.tryComplete();
    } else {
      maintenance.join(bootstrap).onComplete(ar -> {
        if (ar.failed()) {
          setState(PeerState.STOPPED);
          runtime.metrics().increment(ChordCounter.JOIN_FAILED, 1);
        }
        joined.handle(ar);
      });
    }
    return Future.succeededFuture();
  }

  @Override
  public Future<Message> onRequest(PeerRef from, Message message) {
    observeReceived(from, message);
    return handlers.onRequest(this, from, message, admission);
  }

  @Override
  public void onMessage(PeerRef from, Message message) {
    observeReceived(from, message);
    handlers.onMessage(this, from, message, admission);
  }

  private void observeReceived(PeerRef from, Message message) {
    if (!observed) {
      return;
    }
    for (int i = 0; i < observers.size(); i++) {
      observers.get(i).handled(MessageObserver.Direction.RECEIVED, from, message);
    }
  }

  @Override
  public void observeMessages(MessageObserver observer) {
    observers.add(java.util.Objects.requireNonNull(observer, "observer"));
    observed = true;
  }

  @Override
  public Future<Void> leave() {
    if (state() != PeerState.ACTIVE) {
      setState(PeerState.STOPPED);
      return Future.succeededFuture();
    }
    setState(PeerState.LEAVING);
    maintenance.stopTimers();
    merger.stop();
    storage.stopTimer();
    return maintenance.leave();
  }

  @Override
  public void stop() {
    // stopped first: the callbacks of the lookups failed below must not start new work (a finger
    // repair's lookup would fail at once on a stopped peer, suspect, repair again, and so on)
    setState(PeerState.STOPPED);
    if (maintenance != null) {
      maintenance.stopTimers();
      merger.stop();
      storage.stopTimer();
      lookups.cancelAll();
      client.failUnderWay();
    }
    extensions.forEach(ChordExtension::stop);
  }

  // ---- operations (on the peer's thread)

  /** Looks up the successor of {@code key} in the configured mode. */
  @Override
  public Future<LookupResult> lookup(long key) {
    return lookup(key, config.lookupMode());
  }

  /** Looks up the successor of {@code key} in the given mode. */
  public Future<LookupResult> lookup(long key, LookupMode mode) {
    if (!ring.contains(key)) {
      return Future.failedFuture(new IllegalArgumentException("key id outside the ring: " + IdRing.format(key)));
    }
    if (state() != PeerState.ACTIVE) {
      return Future.failedFuture(new IllegalStateException("peer is " + state()));
    }
    return lookups.lookup(key, mode);
  }

  /** Stores {@code value} under {@code key} on the key's successor and its replicas. */
  public Future<WriteResult> put(String key, String value) {
    if (value == null) {
      return Future.failedFuture(new IllegalArgumentException("value must not be null; use delete"));
    }
    return guarded(() -> client.write(key, value));
  }

  /** Deletes {@code key} by writing a versioned tombstone. */
  public Future<WriteResult> delete(String key) {
    return guarded(() -> client.write(key, null));
  }

  /** Reads {@code key} from its successor, or from the next replicas when the successor holds none. */
  public Future<ReadResult> get(String key) {
    return guarded(() -> client.read(key));
  }

  /**
   * {@code contact} may be in another ring (a node of the ring became reachable again): unify the
   * rings if so ({@link RingMerger#offerContact}). Cheap and idempotent: nothing is sent when the
   * contact is in this peer's tables, one lookup when it is elsewhere in our ring. Runs on the
   * peer's thread; ignored unless the peer is on the ring.
   */
  public void offerContact(PeerRef contact) {
    if (merger != null) {
      merger.offerContact(contact);
    }
  }

  /** Sets how this peer notices and merges other rings (default {@link MergeOptions#defaults()}); call before it starts. */
  public void mergeOptions(MergeOptions options) {
    if (merger != null) {
      throw new IllegalStateException("merge options are set before the peer starts");
    }
    this.mergeOptions = java.util.Objects.requireNonNull(options, "options");
  }

  /** How this peer notices and merges other rings. */
  public MergeOptions mergeOptions() {
    return mergeOptions;
  }

  /**
   * Pauses or resumes ring maintenance: while paused, no stabilize, fix-fingers, check-predecessor
   * or finger repair runs, so dead fingers and successors stay in the tables until a lookup finds
   * them silent (the setting of the Chord paper's measurements right after a mass failure).
   * Lookups, joins' own steps and the store keep working. Called before the peer started, it starts
   * with maintenance paused (call it from the thread that made the peer, before launching it).
   */
  public void pauseMaintenance(boolean paused) {
    if (maintenance == null) {
      pausedAtStart = paused;
    } else {
      maintenance.pause(paused);
    }
  }

  /**
   * The current intervals of stabilize and fix-fingers in milliseconds: the configured periods, or,
   * with adaptive maintenance ({@link ChordConfig#adaptive()}), where they have backed off to.
   */
  public long[] maintenancePeriodsMs() {
    return new long[] {maintenance.stabilizePeriodMs(), maintenance.fixFingersPeriodMs()};
  }

  /**
   * The current interval of the periodic replica sync in milliseconds: replicaSyncMs, or, with
   * adaptive maintenance, where it has backed off to ({@link ChordConfig#replicaSyncCeilingMs()}).
   */
  public long replicaSyncIntervalMs() {
    return storage.replicaSyncIntervalMs();
  }

  /** Whether ring maintenance is paused ({@link #pauseMaintenance}). */
  public boolean maintenancePaused() {
    return maintenance.paused();
  }

  // ---- state (read on the peer's thread)

  @Override
  public PeerRef self() {
    return runtime.self();
  }

  @Override
  public PeerState state() {
    return ctx == null ? unstarted : ctx.state();
  }

  /** Completes when the peer is on the ring; fails when the join failed. */
  public Future<Void> joined() {
    return joined.future();
  }

  @Override
  public ChordConfig config() {
    return config;
  }

  @Override
  public IdRing ring() {
    return ring;
  }

  @Override
  public Links links() {
    return new Links(self(), table.predecessor(), table.successors(), table.fingers().distinct(), table.version());
  }

  /**
   * A counter of the changes of this peer's predecessor, successor list and fingers: equal
   * readings saw the same tables (-1 before the peer started). Touch only on the peer's thread.
   */
  public long tablesVersion() {
    return table == null ? -1 : table.version();
  }

  /** The predecessor, or null; what {@link #links()} names, without copying the fingers. */
  public PeerRef predecessor() {
    return table.predecessor();
  }

  /** The successor list, nearest first (immutable); what {@link #links()} names, without the fingers. */
  public List<PeerRef> successors() {
    return table.successors();
  }

  /**
   * The peer a lookup of {@code key} goes to next from this peer, as its lookup engine routes it
   * ({@link LookupEngine#nextHop}); null when this peer answers. Touch only on the peer's thread.
   */
  public PeerRef nextHop(long key) {
    return lookups.nextHop(key);
  }

  /** The finger table entries, index 0 holding finger 1 (null where unknown). */
  public PeerRef[] fingers() {
    return table.fingers().snapshot();
  }

  /** The entries this peer holds (as primary or replica). Touch only on the peer's thread. */
  @Override
  public LocalStore store() {
    return store;
  }

  /** How many peers this peer currently suspects of having failed. */
  public int suspects() {
    return table.suspectedCount(runtime.now());
  }

  /**
   * The sizes of this peer's bounded maps (each at most its {@link ChordLimits} cap): suspicions
   * and strikes held (expired ones until the next maintenance tick purges them), senders whose quota
   * is tracked (their buckets below their cap at the last charge), and lookups in progress as
   * origin.
   */
  public record Bounded(int suspects, int strikes, int senders, int pendingLookups) {
  }

  /** The sizes of this peer's bounded maps now. */
  public Bounded bounded() {
    if (admission == null) {
      return new Bounded(0, 0, 0, 0);
    }
    return new Bounded(table.suspicion().suspectEntries(), table.suspicion().strikeEntries(),
        admission.trackedSenders(), lookups.inProgress());
  }

  /** Messages this peer rejected as malformed or unexpected. */
  public long rejectedMessages() {
    return admission == null ? 0 : admission.rejected();
  }

  // ---- extension host

  @Override
  public PeerRuntime runtime() {
    return runtime;
  }

  @Override
  public <M extends Message> void handleRequests(Class<M> type, RequestHandler<? super M> handler) {
    handlers.addRequest(type, handler);
  }

  @Override
  public <M extends Message> void handleMessages(Class<M> type, MessageHandler<? super M> handler) {
    handlers.addMessage(type, handler);
  }

  /** The extension of the given class (or run in place of one, {@link ChordExtension#unwrap}), or null. */
  public <E extends ChordExtension> E extension(Class<E> type) {
    for (ChordExtension e : extensions) {
      E found = e.unwrap(type);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * Replaces the store's policy (write and read quorums, clock bound, tombstone grace; default
   * {@code StorePolicy.of(config)}). Call before the peer starts.
   */
  public void storePolicy(StorePolicy policy) {
    storage.policy(policy);
  }

  /**
   * Turns the store's minority refusal on ({@code expiryMs} > 0) or off (0): a put is acknowledged
   * only by its key's primary in the neighbourhood this peer last knew as stable, with a write
   * quorum of that neighbourhood's replicas ({@link org.bloomchord.chord.store.StableView}); a
   * neighbourhood lost to a crash or a split is replaced after {@code expiryMs}. Call while running.
   */
  public void refuseMinorityWrites(long expiryMs) {
    storage.refuseMinorityWrites(expiryMs);
  }

  /** The store's policy. */
  public StorePolicy storePolicy() {
    return storage.policy();
  }

  @Override
  public void checkReceivedVersions(List<StoredEntry> entries) {
    storage.checkVersions(entries);
  }

  @Override
  public void replicaSync(ReplicaSync sync) {
    storage.replicaSync(sync);
  }

  @Override
  public void writeGate(org.bloomchord.chord.store.WriteGate gate) {
    storage.writeGate(gate);
  }

  // ---- the roles, for the shared handler table (ChordHandlers)

  ChordContext context() {
    return ctx;
  }

  Admission admission() {
    return admission;
  }

  LookupEngine lookupEngine() {
    return lookups;
  }

  Maintenance maintenanceTasks() {
    return maintenance;
  }

  Storage storage() {
    return storage;
  }

  // ---- internals

  private void setState(PeerState s) {
    if (ctx == null) {
      unstarted = s;
    } else {
      ctx.state(s);
    }
  }

  /**
   * The peer is on the ring: its periodic tasks start, at a random phase of their periods for a
   * peer that starts in a running ring ({@code midway}: placed or restarted with its tables).
   */
  private void activate(boolean midway) {
    setState(PeerState.ACTIVE);
    maintenance.startTimers(midway);
    storage.startTimer(midway);
  }

  private <T> Future<T> guarded(Supplier<Future<T>> op) {
    if (state() != PeerState.ACTIVE) {
      return Future.failedFuture(new IllegalStateException("peer is " + state()));
    }
    try {
      return op.get();
    } catch (IllegalArgumentException | NullPointerException e) {
      return Future.failedFuture(e);
    }
  }

  private void linksChanged(int what) {
    maintenance.tablesChanged(what);
    if (linksEventPending) {
      return;
    }
    linksEventPending = true;
    runtime.after(0, () -> {
      linksEventPending = false;
      if (state() != PeerState.ACTIVE) {
        return;
      }
      storage.onLinksChanged();
      maintenance.linksSettled();
      if (!extensions.isEmpty()) {
        Links l = links();
        extensions.forEach(e -> e.linksChanged(l));
      }
    });
  }
}
