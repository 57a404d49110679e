package org.bloomchord.chord.store;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PullRange;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.BackoffTimer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * The replicated key-value store of one peer, server side (the client side is
 * {@link StoreClient}): the primary's write path, hand-off to a new predecessor, and
 * re-replication of the primary range.
 *
 * <p>Placement: a key lives on its successor (the primary, which assigns versions) and replicas-1
 * peers of the primary's successor list chosen by {@link ReplicaPlacement}: the next ones in ring
 * order, skipping peers of a failure domain (JVM) that already holds a copy while others remain.
 * The primary range of a peer is (predecessor, self]. Once the predecessor or the replica targets
 * changed and then stayed the same for {@link #quietMs()} (two
 * stabilize periods), and every replicaSyncMs, the peer syncs its primary range to those
 * successors through the {@link ReplicaSync}; so after a crash the new primary
 * re-creates the missing copy, and a joiner receives its range from its successor (hand-off) and
 * the replicas of its predecessors' ranges from them. With copies spread over domains, the peer
 * that takes over the range of a crashed predecessor may not have held a copy of it: when its
 * range grows and its neighbourhood spans more than one domain, it pulls the range gained from
 * the peers of its successor list ({@link PullRange}); on one domain Chord's placement already put
 * a copy there and nothing is pulled.
 *
 * <p>Acknowledged means replicated: the primary answers a put or delete with its version only once
 * a write quorum of copies ({@link StorePolicy#writeQuorum()}, its own included) holds it; with
 * fewer it answers without a version and the client tries again, ending {@code UNCONFIRMED}. A
 * peer that knows no predecessor accepts no write unless it is alone on the ring: it cannot tell
 * which keys are its own, and a version assigned from its store could undo a newer write
 * elsewhere. Received entries whose version lies too far in the future are refused, so versions
 * stay within reach of the next write. Tombstones are collected after the grace period.
 *
 * <p>Why one class, longer than most: the write path, the hand-offs, the range pulls and the
 * re-replication all decide from one piece of state, the primary range as last seen (the
 * predecessor, the former predecessor, the replica targets synced and settling) together with the
 * store policy, and a change of links must update it for all of them in one step
 * ({@link #onLinksChanged}). What stands alone is already apart: the client side
 * ({@link StoreClient}), the entries ({@link LocalStore}), how a range travels ({@link ReplicaSync}),
 * the clean-up of keys out of range ({@link OutOfRangeSweeper}) and the placement of copies
 * ({@link ReplicaPlacement}).
 */
public final class Storage {

  /** Background attempts of a failed hand-off. */
  public static final int HAND_OFF_RETRIES = 8;

  private final ChordContext ctx;
  private final LocalStore store;
  private ReplicaSync sync;
  private WriteGate writeGate = WriteGate.IMMEDIATE;
  private List<PeerRef> syncedTargets = List.of();
  private PeerRef syncedPredecessor;
  private Cancellable timer;
  /** The sync waiting for the neighbourhood to be quiet, or null. */
  private Cancellable settling;
  private List<PeerRef> settlingTargets = List.of();
  private PeerRef settlingPredecessor;
  private StorePolicy policy;
  private OutOfRangeSweeper sweeper;
  /** The backing-off sync's timer (null with a fixed period), and what its last round saw. */
  private BackoffTimer backoff;
  private long changesAtRound = -1;
  private boolean syncFailed;
  /** The last predecessor known (never reset to null), to tell when the primary range grew. */
  private PeerRef formerPredecessor;

  /** The successor list {@link #targets} were placed on, and those targets. */
  private List<PeerRef> targetsFrom;
  private List<PeerRef> targets;

  /** The minority refusal's view, or null when writes are not refused. */
  private StableView stable;

  /**
   * Turns the minority refusal on ({@link StableView}): from now on a put is acknowledged only by
   * the stable primary of its key with a write quorum of the stable replica set; a put this peer
   * may not acknowledge is not stored and is answered as refused. A lost neighbourhood is replaced
   * after {@code expiryMs}. {@code expiryMs} 0 turns the refusal off.
   */
  public void refuseMinorityWrites(long expiryMs) {
    stable = expiryMs <= 0 ? null : new StableView(ctx.ring(), ctx.self(), quietMs(), Math.max(expiryMs, quietMs()));
    observeStable();
  }

  private void observeStable() {
    if (stable != null) {
      stable.observe(ctx.now(), ctx.table().predecessor(), replicaTargets(), ctx.table().successors());
    }
  }

  /** The store of the peer whose context is {@code ctx}, holding its entries in {@code store}. */
  public Storage(ChordContext ctx, LocalStore store, ReplicaSync sync) {
    this.ctx = ctx;
    this.store = store;
    this.sync = sync;
    this.policy = StorePolicy.of(ctx.config());
  }

  /**
   * Lets {@code s} drop the keys this peer no longer replicates, on every replica-sync tick
   * (none when null).
   */
  public void sweeper(OutOfRangeSweeper s) {
    this.sweeper = s;
  }

  /** Replaces the store's policy. */
  public void policy(StorePolicy p) {
    this.policy = Objects.requireNonNull(p);
  }

  /** The store's policy. */
  public StorePolicy policy() {
    return policy;
  }

  /** Replaces the replica-sync strategy. */
  public void replicaSync(ReplicaSync s) {
    this.sync = Objects.requireNonNull(s);
  }

  /** Replaces the rule for when a write may be acknowledged ({@link WriteGate#IMMEDIATE} by default). */
  public void writeGate(WriteGate g) {
    this.writeGate = Objects.requireNonNull(g);
  }

  /**
   * Starts the periodic sync of the primary range; with {@code randomPhase} the first sync comes
   * at a random point of the period ({@link org.bloomchord.overlay.PeerRuntime#everyFromRandomPhase}).
   * With adaptive maintenance the period backs off up to {@link ChordConfig#replicaSyncCeilingMs()}.
   */
  public void startTimer(boolean randomPhase) {
    ChordConfig c = ctx.config();
    if (c.replicaSyncCeilingMs() > c.replicaSyncMs()) {
      backoff = new BackoffTimer(ctx.runtime(), c.replicaSyncMs(), c.replicaSyncCeilingMs(), c.jitter(),
          this::adaptiveRound);
      backoff.start(randomPhase);
    } else {
      timer = ctx.runtime().every(c.replicaSyncMs(), c.jitter(), randomPhase, this::syncPrimaryRange);
    }
  }

  /**
   * One round of the backing-off sync: the interval grows by {@value BackoffTimer#BACKOFF} up to
   * the ceiling when, since the last round, the store did not change, the replica targets and the
   * predecessor stayed the same and no sync failed; otherwise it returns to replicaSyncMs.
   */
  private void adaptiveRound() {
    backoff.backOff(!syncFailed && store.changes() == changesAtRound && !neighbourhoodChanged());
    syncFailed = false;
    syncPrimaryRange();
    changesAtRound = store.changes();
    backoff.scheduleNext();
  }

  /**
   * Something a sync should repair happened (a write some replica did not take, a failed sync):
   * the backing-off sync returns to replicaSyncMs, and its next round comes within that.
   */
  private void syncSoon() {
    if (backoff != null) {
      backoff.toFloor();
    }
  }

  /** The current interval of the backing-off replica sync in milliseconds (replicaSyncMs when fixed). */
  public long replicaSyncIntervalMs() {
    return backoff != null ? backoff.interval() : ctx.config().replicaSyncMs();
  }

  /** Stops the periodic sync. */
  public void stopTimer() {
    if (backoff != null) {
      backoff.cancel();
    }
    if (timer != null) {
      timer.cancel();
      timer = null;
    }
    if (settling != null) {
      settling.cancel();
      settling = null;
    }
  }

  /**
   * How long the predecessor and the replica targets must stay unchanged before a change of them
   * syncs the primary range: two stabilize periods.
   */
  public long quietMs() {
    return 2 * ctx.config().stabilizeMs();
  }

  private LocalStore store() {
    return store;
  }

  /** Whether this peer's store holds any entry (live or tombstone): false for a new peer. */
  public boolean holdsEntries() {
    return store.size() > 0;
  }

  // ---- server side

  /** The primary's write path: assign a version, store, copy to the next replicas-1 successors. */
  public Future<Message> onPut(PutRequest m) {
    long keyId = ctx.ring().hash(m.key());
    PeerRef pred = ctx.table().predecessor();
    boolean alone = ctx.table().successor().equals(ctx.self());
    if (pred == null ? !alone : !ctx.ring().inHalfOpen(keyId, pred.id(), ctx.self().id())) {
      return Future.succeededFuture(new PutReply(false, null, 0));
    }
    if (stable != null) {
      observeStable();
      long stableCopies = replicaTargets().stream().filter(stable::counts).count();
      if (!stable.owns(keyId) || 1 + stableCopies < Math.min(policy.writeQuorum(), stable.replicaSet())) {
        ctx.metrics().increment(ChordCounter.WRITES_REFUSED, 1);
        return Future.succeededFuture(new PutReply(true, null, 0));
      }
    }
    StoredEntry prev = store().get(m.key());
    Version v = Version.next(prev == null ? null : prev.version(), ctx.now(), ctx.self().id());
    StoredEntry e = new StoredEntry(m.key(), v, m.value());
    store().merge(e);
    List<Future<Message>> copies = new ArrayList<>();
    List<PeerRef> copiedTo = new ArrayList<>();
    for (PeerRef t : replicaTargets()) {
      if (!t.equals(ctx.self())) {
        copies.add(ctx.request(t, new StoreTransfer(List.of(e))));
        copiedTo.add(t);
      }
    }
    StableView guard = stable;
    // a ring with fewer peers than the quorum acknowledges once every peer holds the write; with the
    // minority refusal the quorum is of the stable replica set
    int quorum = Math.min(policy.writeQuorum(), guard == null ? 1 + copies.size() : guard.replicaSet());
    if (copies.isEmpty() && quorum <= 1) {
      return gated(m.key(), new PutReply(true, v, 1));
    }
    return Future.join(copies).transform(ignored -> {
      int acked = 1;
      int counted = 1;
      for (int i = 0; i < copies.size(); i++) {
        Future<Message> f = copies.get(i);
        if (f.succeeded() && f.result() instanceof Ack) {
          acked++;
          if (guard == null || guard.counts(copiedTo.get(i))) {
            counted++;
          }
        }
      }
      if (guard != null && counted < quorum) {
        ctx.metrics().increment(ChordCounter.WRITES_REFUSED, 1);
      }
      acked = guard == null ? acked : counted;
      if (acked < quorum) {
        ctx.metrics().increment(ChordCounter.WRITES_UNCONFIRMED, 1);
      }
      if (acked < 1 + copies.size()) {
        syncSoon();
      }
      return gated(m.key(), new PutReply(true, acked >= quorum ? v : null, acked));
    });
  }

  /** {@code reply}, held back until the write gate lets the write of {@code key} be acknowledged. */
  private Future<Message> gated(String key, PutReply reply) {
    if (writeGate == WriteGate.IMMEDIATE) {
      return Future.succeededFuture(reply);
    }
    return writeGate.beforeAck(key).map(ignored -> (Message) reply);
  }

  /** Answers a read with the entry held, if any. */
  public GetReply onGet(GetRequest m) {
    return new GetReply(store().get(m.key()));
  }

  /** Merges entries another peer sent, once their versions passed {@link #checkVersions}. */
  public Ack onTransfer(StoreTransfer m) {
    checkVersions(m.entries());
    store().mergeAll(m.entries());
    return new Ack();
  }

  /**
   * Refuses entries whose version lies further ahead of this peer's clock than the policy allows.
   *
   * @throws MalformedMessageException naming the first such entry
   */
  public void checkVersions(List<StoredEntry> entries) {
    for (StoredEntry e : entries) {
      if (!e.version().plausibleAt(ctx.now(), policy.maxClockAheadMs())) {
        ctx.metrics().increment(ChordCounter.VERSIONS_AHEAD, 1);
        throw new MalformedMessageException("version " + e.version() + " of " + e.key() + " lies ahead of the clock "
            + ctx.now());
      }
    }
  }

  // ---- hand-off and re-replication

  /**
   * Gives a new predecessor the keys that are now its own: (old predecessor, new predecessor]; the
   * future completes when the transfer was acknowledged (or failed, and was counted). A failed
   * hand-off is tried again in the background, {@value #HAND_OFF_RETRIES} times at most with a
   * growing pause, while the receiver still precedes this peer: nobody else would give the joiner
   * its range (replica sync only pushes from a range's primary, and the joiner is that primary).
   */
  public Future<Void> handOff(PeerRef oldPredecessor, PeerRef newPredecessor) {
    return handOff(oldPredecessor, newPredecessor, true);
  }

  /**
   * Hands (old predecessor, new predecessor] over to a joiner that said whether its store holds
   * entries ({@link ReplicaSync#handOff}); retried like {@link #handOff(PeerRef, PeerRef)}.
   */
  public Future<Void> handOff(PeerRef oldPredecessor, PeerRef newPredecessor, boolean joinerHoldsEntries) {
    long from = oldPredecessor == null ? ctx.self().id() : oldPredecessor.id();
    return sync.handOff(newPredecessor, from, newPredecessor.id(), joinerHoldsEntries)
        .onFailure(t -> {
          ctx.metrics().increment(ChordCounter.HAND_OFF_FAILED, 1);
          retryHandOff(from, newPredecessor, 1);
        });
  }

  private void retryHandOff(long from, PeerRef to, int attempt) {
    if (attempt > HAND_OFF_RETRIES) {
      ctx.metrics().increment(ChordCounter.HAND_OFF_ABANDONED, 1);
      return;
    }
    ctx.runtime().after(ctx.config().stabilizeMs() * attempt, () -> {
      PeerRef pred = ctx.table().predecessor();
      // the range (from, to] is still to's while to precedes this peer (a later joiner may sit in
      // between); once to is gone the range went to someone else with its own hand-off
      boolean stillBefore = pred != null && (pred.equals(to)
          || ctx.ring().inOpen(pred.id(), to.id(), ctx.self().id()));
      if (ctx.state() != PeerState.ACTIVE || !stillBefore) {
        return;
      }
      sync.sync(to, from, to.id())
          .onSuccess(v -> ctx.metrics().increment(ChordCounter.HAND_OFF_RETRIED, 1))
          .onFailure(t -> retryHandOff(from, to, attempt + 1));
    });
  }

  /**
   * Called when links changed: re-replicates once the predecessor and the replica targets, changed
   * since the last sync, have stayed the same for {@link #quietMs()} (each further change starts
   * the wait again), so that a neighbourhood that changes many times in a row (a burst of joins, a
   * restart) has its range reconciled once, with the replicas it settled on; the periodic sync
   * runs regardless.
   */
  public void onLinksChanged() {
    observeStable();
    pullIfRangeGrew();
    List<PeerRef> targets = replicaTargets();
    PeerRef pred = ctx.table().predecessor();
    if (!changedSinceSync(targets, pred)) {
      return;
    }
    if (settling != null) {
      if (targets.equals(settlingTargets) && Objects.equals(pred, settlingPredecessor)) {
        return;
      }
      settling.cancel();
    }
    settlingTargets = targets;
    settlingPredecessor = pred;
    settling = ctx.runtime().after(quietMs(), () -> {
      settling = null;
      if (neighbourhoodChanged()) {
        syncPrimaryRange();
      }
    });
  }

  /**
   * When the predecessor moved back (the peers between the new and the former one are gone), asks
   * every peer of the successor list for the entries of the range gained, if the neighbourhood
   * spans several failure domains (see the class comment).
   */
  private void pullIfRangeGrew() {
    PeerRef pred = ctx.table().predecessor();
    if (pred == null) {
      return;
    }
    PeerRef former = formerPredecessor;
    formerPredecessor = pred;
    if (former == null || former.equals(pred) || !ctx.ring().inOpen(former.id(), pred.id(), ctx.self().id())) {
      return;
    }
    List<PeerRef> successors = ctx.table().successors();
    String domain = ctx.self().node();
    if (successors.stream().allMatch(p -> p.node().equals(domain))) {
      return;
    }
    for (PeerRef p : successors) {
      if (!p.equals(ctx.self())) {
        ctx.metrics().increment(ChordCounter.RANGE_PULLS, 1);
        ctx.request(p, new PullRange(pred.id()))
            .onFailure(x -> ctx.metrics().increment(ChordCounter.RANGE_PULLS_FAILED, 1));
      }
    }
  }

  /** Pushes to {@code from} the entries held with key ids in (m.from, from]; answers once they were acknowledged. */
  public Future<Message> onPullRange(PeerRef from, PullRange m) {
    return sync.sync(from, m.from(), from.id()).map(v -> (Message) new Ack());
  }

  private boolean neighbourhoodChanged() {
    return changedSinceSync(replicaTargets(), ctx.table().predecessor());
  }

  private boolean changedSinceSync(List<PeerRef> targets, PeerRef pred) {
    return !targets.equals(syncedTargets) || !Objects.equals(pred, syncedPredecessor);
  }

  /** Syncs the primary range (predecessor, self] to the next replicas-1 successors. */
  public void syncPrimaryRange() {
    if (ctx.state() != PeerState.ACTIVE) {
      return;
    }
    int collected = store().collectTombstones(ctx.now() - policy.tombstoneGraceMs());
    if (collected > 0) {
      ctx.metrics().increment(ChordCounter.TOMBSTONES_COLLECTED, collected);
    }
    if (sweeper != null) {
      sweeper.tick();
    }
    observeStable();
    List<PeerRef> targets = replicaTargets();
    PeerRef pred = ctx.table().predecessor();
    syncedTargets = targets;
    syncedPredecessor = pred;
    if (pred == null) {
      return;
    }
    for (PeerRef t : targets) {
      sync.sync(t, pred.id(), ctx.self().id())
          .onFailure(x -> {
            ctx.metrics().increment(ChordCounter.REPLICA_SYNC_FAILED, 1);
            syncFailed = true;
            syncSoon();
          });
    }
  }

  /** Hands the primary range (everything when the predecessor is unknown) to the successor. */
  public Future<Void> handOverOnLeave() {
    PeerRef succ = ctx.table().successor();
    if (succ.equals(ctx.self())) {
      return Future.succeededFuture();
    }
    PeerRef pred = ctx.table().predecessor();
    long from = pred == null ? ctx.self().id() : pred.id();
    return sync.sync(succ, from, ctx.self().id());
  }

  /** Where the primary keeps the other replicas-1 copies: {@link ReplicaPlacement} over its successor list. */
  public List<PeerRef> replicaTargets() {
    List<PeerRef> successors = ctx.table().successors();
    if (successors != targetsFrom) {
      // the list is immutable and handed out again until it changes: the same list, the same targets
      targets = ReplicaPlacement.targets(ctx.self(), successors, ctx.config().replicas());
      targetsFrom = successors;
    }
    return targets;
  }

}