package org.bloomchord.routing.repair;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.Links;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.PushReplicaSync;
import org.bloomchord.chord.store.ReplicaPlacement;
import org.bloomchord.chord.store.ReplicaSync;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.MessageBounds;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.reconcile.ElementSet;
import org.bloomchord.routing.reconcile.ReconcileMessages;
import org.bloomchord.routing.reconcile.ReconcileResult;
import org.bloomchord.routing.reconcile.ReconcileResult.Direction;
import org.bloomchord.routing.reconcile.ReconcileRun;
import org.bloomchord.routing.repair.RepairMessages.EntryRequest;
import org.bloomchord.routing.repair.RepairMessages.RangeRequest;
import org.bloomchord.routing.repair.RepairMessages.RepairDone;

/**
 * Replica repair by set reconciliation: a {@link ChordExtension} that installs itself as its
 * peer's {@link ReplicaSync}. Instead of pushing every entry of a range, the primary reconciles
 * the (key, version) digests ({@link org.bloomchord.routing.reconcile.KeyVersionDigest}) of the
 * range with the replica, then moves only the entries that differ.
 *
 * <p><b>When and what.</b> The Chord peer calls {@link #sync} for its primary range
 * (predecessor, self] towards each of its next replicas-1 successors every {@code replicaSyncMs}
 * (with jitter) and once its predecessor or those successors changed and then stayed the same for
 * two stabilize periods; hand-off to a joiner that restarted on its old store and to the successor
 * on leave go through it as well, while a new joiner's range is pushed ({@link #handOff}). {@link #repairPrimaryRange()} runs the same
 * repair on demand.
 *
 * <p><b>One repair</b> of (from, to] with replica B, on the primary A's thread:
 * <ol>
 *   <li>A digests its entries of the range and reconciles the digests with B's in
 *       {@link Direction#PULL} ({@link RepairConfig#method}, rateless IBLT by default), every
 *       request wrapped in a {@link RangeRequest} that names the range; B serves a snapshot of its
 *       own digests of the range ({@link RepairConversations});</li>
 *   <li>A asks B for the entries behind the digests A lacks ({@link EntryRequest}, at most
 *       {@code maxEntriesPerTransfer} per request) and merges them by version: an entry newer at B
 *       wins at A, and reaches A's other replicas with A's next repair of them;</li>
 *   <li>A pushes the entries behind the digests B lacks in {@code StoreTransfer} chunks; B merges
 *       by version, so an older entry of A never replaces a newer one of B;</li>
 *   <li>A ends the conversation ({@link RepairDone}), which also ends the reconciliation's session
 *       at B, so the reconciliation sends no empty push to close it: a repair of replicas already in
 *       sync is one round trip of symbols and this message.</li>
 * </ol>
 * When the method does not learn what B lacks (the whole-set method, or {@code auto} choosing it)
 * or the reconciliation gives up, A pushes the whole range as {@link PushReplicaSync} would.
 *
 * <p><b>Tombstones</b> are entries like any other: a delete's tombstone has its own (key, version)
 * digest, is reconciled, pulled and pushed, and wins over older live copies by version. Repair never
 * drops a tombstone (the store keeps them), so a deleted key cannot come back from a stale replica.
 *
 * <p>Invariants: the store changes only by version merges of entries that passed the Chord message
 * bounds and lie in the repaired range; a malformed or corrupt reply fails the repair before
 * anything is merged (symbols that do not decode consistently with the local digests are refused
 * by the decoder). At most one repair per (replica, range) runs at once; a second call joins it.
 * Bytes are those of the encoded messages, counted by the runtime's traffic by message type.
 *
 * <p>Every request of a repair waits at most the Chord request timeout, like the push it replaces:
 * a replica that crashed fails the repair (and a leave's hand-over) within that time, not within the
 * standalone reconciliation's much longer request timeout.
 */
public final class ReconcilingReplicaSync implements ChordExtension, ReplicaSync {

  private final RepairConfig config;
  private final Map<String, Future<RepairReport>> inFlight = new HashMap<>();
  private ChordHost peer;
  private RepairConversations conversations;
  private PushReplicaSync push;
  private MessageBounds bounds;
  private long nextConversation;
  private long repairs;
  private long failures;

  /** A repair extension with the given settings. */
  public ReconcilingReplicaSync(RepairConfig config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /** A repair extension with the default settings. */
  public ReconcilingReplicaSync() {
    this(RepairConfig.defaults());
  }

  @Override
  public void attach(ChordHost p) {
    this.peer = p;
    this.conversations = new RepairConversations(p, config);
    this.bounds = new MessageBounds(p.config());
    this.push = new PushReplicaSync(p.store(), p.config().maxEntriesPerTransfer(),
        (to, m) -> request(to, m, p.config().requestTimeoutMs()));
    p.handleRequests(RangeRequest.class, (from, m) -> Future.succeededFuture(conversations.onRange(from, m)));
    p.handleRequests(EntryRequest.class, (from, m) -> Future.succeededFuture(conversations.onEntries(from, m)));
    p.handleMessages(RepairDone.class, conversations::onDone);
    p.replicaSync(this);
  }

  @Override
  public void stop() {
    if (conversations != null) {
      conversations.closeAll();
    }
  }

  /** The settings. */
  public RepairConfig config() {
    return config;
  }

  /** Repairs completed successfully. */
  public long repairs() {
    return repairs;
  }

  /** Repairs that failed (timeouts, rejected or malformed replies). */
  public long failures() {
    return failures;
  }

  /** Repair conversations this peer currently serves as a replica. */
  public int openConversations() {
    return conversations.size();
  }

  @Override
  public Future<Void> sync(PeerRef target, long from, long to) {
    if (target.equals(peer.self())) {
      return Future.succeededFuture();
    }
    return repair(target, from, to).mapEmpty();
  }

  /**
   * A joiner with an empty store has nothing to reconcile: its range is pushed at once, one round
   * trip per chunk instead of a reconciliation's several, so the joiner is not held in
   * {@code JOINING}; a joiner that restarted on its old store is reconciled with.
   */
  @Override
  public Future<Void> handOff(PeerRef target, long from, long to, boolean targetHoldsEntries) {
    if (targetHoldsEntries) {
      return sync(target, from, to);
    }
    peer.runtime().metrics().increment(RoutingCounter.REPAIR_HAND_OFF_PUSHES, 1);
    return push.push(target, peer.store().range(from, to));
  }

  /**
   * Repairs the primary range (predecessor, self] with each of the next replicas-1 successors, one
   * after the other; empty when the predecessor is unknown.
   */
  public Future<List<RepairReport>> repairPrimaryRange() {
    Links l = peer.links();
    List<RepairReport> out = new ArrayList<>();
    if (l.predecessor() == null) {
      return Future.succeededFuture(out);
    }
    Future<Void> chain = Future.succeededFuture();
    for (PeerRef t : ReplicaPlacement.targets(peer.self(), l.successors(), peer.config().replicas())) {
      if (!t.equals(peer.self())) {
        chain = chain.compose(v -> repair(t, l.predecessor().id(), peer.self().id()).map(r -> {
          out.add(r);
          return null;
        }));
      }
    }
    return chain.map(v -> out);
  }

  /** Repairs the entries with key ids in (from, to] between this peer and {@code target}. */
  public Future<RepairReport> repair(PeerRef target, long from, long to) {
    String key = target.address() + "|" + from + "|" + to;
    Future<RepairReport> running = inFlight.get(key);
    if (running != null) {
      return running;
    }
    Promise<RepairReport> done = Promise.promise();
    inFlight.put(key, done.future());
    run(target, from, to).onComplete(ar -> {
      inFlight.remove(key);
      if (ar.succeeded()) {
        repairs++;
      } else {
        failures++;
        peer.runtime().metrics().increment(RoutingCounter.REPAIR_FAILED, 1);
      }
      done.handle(ar);
    });
    return done.future();
  }

  private Future<RepairReport> run(PeerRef target, long from, long to) {
    RangeDigests local = RangeDigests.of(peer.store(), from, to);
    nextConversation = nextConversation % ReconcileMessages.MAX_SESSION + 1;
    long conv = nextConversation;
    ReconcileRun reconcile = new ReconcileRun(local.set().copy(),
        (m, timeoutMs) -> request(target, new RangeRequest(conv, from, to, m),
            Math.min(timeoutMs, peer.config().requestTimeoutMs())),
        config.reconcile(), Direction.PULL, config.method(), conv).callerEndsSession();
    Future<RepairReport> repaired = reconcile.start().compose(result -> {
      ElementSet there = result.exact() ? reconcile.missingThere() : null;
      ElementSet here = result.exact() ? reconcile.received() : new ElementSet(local.set().shape());
      return pull(target, conv, from, to, here).compose(pulled -> {
        List<StoredEntry> out = there == null ? peer.store().range(from, to) : entriesOf(local, there);
        return push.push(target, out).map(v -> new RepairReport(target, local.set().size(), here.size(),
            there == null ? -1 : there.size(), pulled, out.size(), result));
      });
    });
    return repaired.onComplete(ar -> peer.runtime().send(target, new RepairDone(conv)));
  }

  /** Current entries of the keys behind {@code digests} (a key deleted meanwhile travels as its tombstone). */
  private List<StoredEntry> entriesOf(RangeDigests local, ElementSet digests) {
    List<StoredEntry> out = new ArrayList<>(digests.size());
    for (int i = 0; i < digests.size(); i++) {
      String k = local.key(digests.key(i));
      StoredEntry e = k == null ? null : peer.store().get(k);
      if (e != null) {
        out.add(e);
      }
    }
    return out;
  }

  /** Fetches and merges the replica's entries behind {@code digests}, chunk by chunk; counts the changes. */
  private Future<Integer> pull(PeerRef target, long conv, long from, long to, ElementSet digests) {
    int chunk = peer.config().maxEntriesPerTransfer();
    Future<Integer> chain = Future.succeededFuture(0);
    for (int start = 0; start < digests.size(); start += chunk) {
      long[] ask = new long[Math.min(chunk, digests.size() - start)];
      for (int i = 0; i < ask.length; i++) {
        ask[i] = digests.key(start + i);
      }
      chain = chain.compose(sum -> request(target, new EntryRequest(conv, ask), peer.config().requestTimeoutMs())
          .map(reply -> sum + merge(reply, ask.length, from, to)));
    }
    return chain;
  }

  private int merge(Message reply, int asked, long from, long to) {
    if (!(reply instanceof StoreTransfer t)) {
      throw new MalformedMessageException("expected StoreTransfer, got " + reply.typeName());
    }
    bounds.check(t);
    if (t.entries().size() > asked) {
      throw new MalformedMessageException(t.entries().size() + " entries for " + asked + " digests");
    }
    IdRing ring = peer.ring();
    for (StoredEntry e : t.entries()) {
      if (!ring.inHalfOpen(ring.hash(e.key()), from, to)) {
        throw new MalformedMessageException("entry outside the repaired range: " + e.key());
      }
    }
    peer.checkReceivedVersions(t.entries());
    return peer.store().mergeAll(t.entries());
  }

  private Future<Message> request(PeerRef to, Message m, long timeoutMs) {
    return peer.runtime().request(to, m, timeoutMs);
  }
}
