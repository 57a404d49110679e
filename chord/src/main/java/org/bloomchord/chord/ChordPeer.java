package org.bloomchord.chord;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import org.bloomchord.chord.ChordExtension.MessageHandler;
import org.bloomchord.chord.ChordExtension.RequestHandler;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupEngine;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.maintenance.Maintenance;
import org.bloomchord.chord.store.PushReplicaSync;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.ReplicaSync;
import org.bloomchord.chord.store.StorePolicy;
import org.bloomchord.chord.store.StoreClient;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
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
 * <p>Threading: every method must run on the peer's thread (handlers and timers do; drivers use
 * {@code Network.call} / {@code Network.inspect}). Nothing here blocks.
 *
 * <p>Untrusted input: a message of a type the peer does not expect, from a sender id outside the
 * ring, or asking a peer that is not on the ring to route, is rejected with
 * {@link MalformedMessageException} before any table is touched, and counted
 * ({@link #rejectedMessages()}). Field bounds are checked by the decoders of
 * {@link org.bloomchord.chord.wire.ChordWire}.
 *
 * <p>Invariants: see {@link RoutingTable} for the tables and {@link PeerState} for the life
 * cycle. A peer heard from (any accepted message or reply, even late) is not suspected; requests
 * time out adaptively ({@link Requests}). The peer's ring id is {@code runtime.self().id()}; the ring has {@code config.idBits()}
 * bits.
 */
public final class ChordPeer implements PeerProtocol, ChordHost {

  private final ChordConfig config;
  private final IdRing ring;
  private final PeerRef bootstrap;
  private final List<ChordExtension> extensions;
  private final Handlers handlers = new Handlers();
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
  private long rejected;
  /** The state before the context exists (a peer stopped before it started). */
  private PeerState unstarted = PeerState.JOINING;
  private boolean linksEventPending;

  /**
   * A peer that joins through {@code bootstrap}, or creates a new ring when it is null.
   *
   * @param extensions protocols that run on top of this peer (may be empty)
   */
  public ChordPeer(ChordConfig config, PeerRef bootstrap, List<ChordExtension> extensions) {
    this.config = config;
    this.ring = new IdRing(config.idBits());
    this.bootstrap = bootstrap;
    this.extensions = List.copyOf(extensions);
    this.bounds = new MessageBounds(config);
  }

  /** A peer without extensions; {@code bootstrap} null creates a new ring. */
  public ChordPeer(ChordConfig config, PeerRef bootstrap) {
    this(config, bootstrap, List.of());
  }

  // ---- PeerProtocol

  @Override
  public Future<Void> start(PeerRuntime rt) {
    this.runtime = rt;
    PeerRef self = rt.self();
    if (!ring.contains(self.id())) {
      return Future.failedFuture(new IllegalArgumentException("peer id outside the " + ring.bits() + "-bit ring: " + self));
    }
    table = new RoutingTable(ring, self, config.successors(), config.suspectMs());
    table.onChange(this::linksChanged);
    store = new LocalStore(ring);
    ctx = new ChordContext(rt, config, ring, table, new Requests(rt, config, table, bounds), bootstrap);
    lookups = new LookupEngine(ctx);
    storage = new Storage(ctx, store, new PushReplicaSync(store, config.maxEntriesPerTransfer(), ctx::request));
    client = new StoreClient(ctx, storage, this::lookup);
    maintenance = new Maintenance(ctx, lookups, storage, this::activate);
    ctx.onTablesChanged(maintenance::tablesChanged);
    ctx.onFingerLost(maintenance::repairFinger);
    registerChordHandlers();
    extensions.forEach(e -> e.attach(this));
    if (bootstrap == null || bootstrap.equals(self)) {
      activate();
      joined.tryComplete();
    } else {
      maintenance.join(bootstrap).onComplete(ar -> {
        if (ar.failed()) {
          setState(PeerState.STOPPED);
          runtime.metrics().increment("chord.joinFailed", 1);
        }
        joined.handle(ar);
      });
    }
    return Future.succeededFuture();
  }

  @Override
  public Future<Message> onRequest(PeerRef from, Message message) {
    RequestHandler<Message> h = handlers.request(message);
    if (h == null) {
      throw reject("unexpected request type " + message.typeName());
    }
    try {
      admit(from, message);
      return h.handle(from, message);
    } catch (MalformedMessageException e) {
      countRejection();
      throw e;
    }
  }

  @Override
  public void onMessage(PeerRef from, Message message) {
    MessageHandler<Message> h = handlers.message(message);
    if (h == null) {
      throw reject("unexpected message type " + message.typeName());
    }
    try {
      admit(from, message);
      h.handle(from, message);
    } catch (MalformedMessageException e) {
      countRejection();
      throw e;
    }
  }

  @Override
  public Future<Void> leave() {
    if (state() != PeerState.ACTIVE) {
      setState(PeerState.STOPPED);
      return Future.succeededFuture();
    }
    setState(PeerState.LEAVING);
    maintenance.stopTimers();
    storage.stopTimer();
    PeerRef pred = table.predecessor();
    PeerRef succ = table.successor();
    return storage.handOverOnLeave().recover(t -> Future.succeededFuture()).map(v -> {
      if (pred != null && !pred.equals(runtime.self())) {
        runtime.send(pred, new SuccessorLeaving(table.successors()));
      }
      if (!succ.equals(runtime.self())) {
        runtime.send(succ, new PredecessorLeaving(pred));
      }
      return (Void) null;
    });
  }

  @Override
  public void stop() {
    // stopped first: the callbacks of the lookups failed below must not start new work (a finger
    // repair's lookup would fail at once on a stopped peer, suspect, repair again, and so on)
    setState(PeerState.STOPPED);
    if (maintenance != null) {
      maintenance.stopTimers();
      storage.stopTimer();
      lookups.cancelAll();
    }
    extensions.forEach(ChordExtension::stop);
  }

  // ---- operations (on the peer's thread)

  /** Looks up the successor of {@code key} in the configured mode. */
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
   * Pauses or resumes ring maintenance: while paused, no stabilize, fix-fingers, check-predecessor
   * or finger repair runs, so dead fingers and successors stay in the tables until a lookup finds
   * them silent (the setting of the Chord paper's measurements right after a mass failure).
   * Lookups, joins' own steps and the store keep working.
   */
  public void pauseMaintenance(boolean paused) {
    maintenance.pause(paused);
  }

  /**
   * The current intervals of stabilize and fix-fingers in milliseconds: the configured periods, or,
   * with adaptive maintenance ({@link ChordConfig#adaptive()}), where they have backed off to.
   */
  public long[] maintenancePeriodsMs() {
    return new long[] {maintenance.stabilizePeriodMs(), maintenance.fixFingersPeriodMs()};
  }

  /** Whether ring maintenance is paused ({@link #pauseMaintenance}). */
  public boolean maintenancePaused() {
    return maintenance.paused();
  }

  // ---- state (read on the peer's thread)

  /** This peer's identity. */
  public PeerRef self() {
    return runtime.self();
  }

  /** Where the peer is in its life cycle. */
  public PeerState state() {
    return ctx == null ? unstarted : ctx.state();
  }

  /** Completes when the peer is on the ring; fails when the join failed. */
  public Future<Void> joined() {
    return joined.future();
  }

  /** The configuration. */
  public ChordConfig config() {
    return config;
  }

  /** The identifier ring. */
  public IdRing ring() {
    return ring;
  }

  /** A snapshot of the current links. */
  public Links links() {
    return new Links(self(), table.predecessor(), table.successors(), table.fingers().distinct(), table.version());
  }

  /** The finger table entries, index 0 holding finger 1 (null where unknown). */
  public PeerRef[] fingers() {
    return table.fingers().snapshot();
  }

  /** The entries this peer holds (as primary or replica). Touch only on the peer's thread. */
  public LocalStore store() {
    return store;
  }

  /** How many peers this peer currently suspects of having failed. */
  public int suspects() {
    return table.suspectedCount(runtime.now());
  }

  /** Messages this peer rejected as malformed or unexpected. */
  public long rejectedMessages() {
    return rejected;
  }

  // ---- extension point

  /** The runtime this peer runs on (for extensions' own requests and timers). */
  public PeerRuntime runtime() {
    return runtime;
  }

  /** Registers the handler of requests of type {@code type} (one handler per type). */
  public <M extends Message> void handleRequests(Class<M> type, RequestHandler<? super M> handler) {
    handlers.addRequest(type, handler);
  }

  /** Registers the handler of one-way messages of type {@code type} (one handler per type). */
  public <M extends Message> void handleMessages(Class<M> type, MessageHandler<? super M> handler) {
    handlers.addMessage(type, handler);
  }

  /** The extension of the given class, or null. */
  public <E extends ChordExtension> E extension(Class<E> type) {
    for (ChordExtension e : extensions) {
      if (type.isInstance(e)) {
        return type.cast(e);
      }
    }
    return null;
  }

  /**
   * Replaces the store's policy (write quorum, clock bound, tombstone grace; default
   * {@code StorePolicy.of(config.replicas())}). Call before the peer starts.
   */
  public void storePolicy(StorePolicy policy) {
    storage.policy(policy);
  }

  /** The store's policy. */
  public StorePolicy storePolicy() {
    return storage.policy();
  }

  /**
   * Refuses store entries received from another peer whose version lies too far ahead of this
   * peer's clock (see {@link StorePolicy#maxClockAheadMs()}); for extensions that merge entries.
   *
   * @throws org.bloomchord.overlay.MalformedMessageException naming the first such entry
   */
  public void checkReceivedVersions(List<StoredEntry> entries) {
    storage.checkVersions(entries);
  }

  /** Replaces the replica-sync strategy (call from {@link ChordExtension#attach}). */
  public void replicaSync(ReplicaSync sync) {
    storage.replicaSync(sync);
  }

  private void setState(PeerState s) {
    if (ctx == null) {
      unstarted = s;
    } else {
      ctx.state(s);
    }
  }

  private void activate() {
    setState(PeerState.ACTIVE);
    maintenance.startTimers();
    storage.startTimer();
  }

  // ---- internals

  private void registerChordHandlers() {
    handleRequests(Ping.class, (from, m) -> Future.succeededFuture(new Ack()));
    handleRequests(FindSuccessor.class, (from, m) -> {
      requireOnRing("FindSuccessor");
      return Future.succeededFuture(lookups.onFindSuccessor(m));
    });
    handleRequests(NextHopQuery.class, (from, m) -> {
      requireOnRing("NextHopQuery");
      return Future.succeededFuture(lookups.onNextHopQuery(m));
    });
    handleRequests(GetNeighbors.class, (from, m) -> {
      requireOnRing("GetNeighbors");
      return Future.succeededFuture(maintenance.onGetNeighbors());
    });
    handleRequests(GetPredecessor.class, (from, m) -> {
      requireOnRing("GetPredecessor");
      return Future.succeededFuture(new Predecessor(table.predecessor()));
    });
    handleRequests(GetFingers.class, (from, m) -> {
      requireOnRing("GetFingers");
      return Future.succeededFuture(maintenance.onGetFingers());
    });
    handleRequests(StoreTransfer.class, (from, m) -> Future.succeededFuture(storage.onTransfer(m)));
    handleRequests(PutRequest.class, (from, m) -> {
      requireOnRing("PutRequest");
      return storage.onPut(m);
    });
    handleRequests(GetRequest.class, (from, m) -> Future.succeededFuture(storage.onGet(m)));
    handleMessages(LookupDone.class, (from, m) -> lookups.onLookupDone(from, m));
    handleRequests(JoinNotify.class, (from, m) -> {
      requireOnRing("JoinNotify");
      return maintenance.onJoinNotify(from);
    });
    handleMessages(JoinedBefore.class, (from, m) -> {
      if (state() == PeerState.ACTIVE) {
        maintenance.onJoinedBefore(from);
      }
    });
    handleMessages(Notify.class, (from, m) -> {
      if (state() == PeerState.ACTIVE) {
        maintenance.onNotify(from);
      }
    });
    handleMessages(SuccessorLeaving.class, (from, m) -> maintenance.onSuccessorLeaving(from, m));
    handleMessages(PredecessorLeaving.class, (from, m) -> maintenance.onPredecessorLeaving(from, m));
  }

  private void requireOnRing(String what) {
    if (state() != PeerState.ACTIVE) {
      throw new MalformedMessageException(what + " sent to a peer that is " + state());
    }
  }

  /** Checks the sender and the message's bounds; a sender heard from is no longer suspected. */
  private void admit(PeerRef from, Message message) {
    if (from == null || !ring.contains(from.id())) {
      throw new MalformedMessageException("sender id outside the ring: " + from);
    }
    bounds.identity().check(from);
    bounds.check(message);
    table.heard(from);
    maintenance.heardFrom(from);
  }

  private MalformedMessageException reject(String why) {
    countRejection();
    return new MalformedMessageException(why);
  }

  private void countRejection() {
    rejected++;
    runtime.metrics().increment("chord.rejected", 1);
  }

  private <T> Future<T> guarded(java.util.function.Supplier<Future<T>> op) {
    if (state() != PeerState.ACTIVE) {
      return Future.failedFuture(new IllegalStateException("peer is " + state()));
    }
    try {
      return op.get();
    } catch (IllegalArgumentException | NullPointerException e) {
      return Future.failedFuture(e);
    }
  }

  private void linksChanged() {
    maintenance.tablesChanged();
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
      Links l = links();
      extensions.forEach(e -> e.linksChanged(l));
    });
  }
}
