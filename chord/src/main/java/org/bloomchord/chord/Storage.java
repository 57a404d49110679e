package org.bloomchord.chord;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.ReplicaSync;
import org.bloomchord.chord.store.StorePolicy;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteOutcome;
import org.bloomchord.chord.store.WriteResult;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * The replicated key-value store of one peer: client side of put/get/delete, the primary's write
 * path, hand-off to a new predecessor, and re-replication of the primary range.
 *
 * <p>Placement: a key lives on its successor (the primary, which assigns versions) and the next
 * replicas-1 peers. The primary range of a peer is (predecessor, self]. Whenever the predecessor or
 * the first replicas-1 successors change, and every replicaSyncMs, the peer syncs its primary range
 * to those successors through the {@link ReplicaSync}; so after a crash the new primary
 * re-creates the missing copy, and a joiner receives its range from its successor (hand-off) and
 * the replicas of its predecessors' ranges from them.
 *
 * <p>Acknowledged means replicated: the primary answers a put or delete with its version only once
 * a write quorum of copies ({@link StorePolicy#writeQuorum()}, its own included) holds it; with
 * fewer it answers without a version and the client tries again, ending {@code UNCONFIRMED}. A
 * peer that knows no predecessor accepts no write unless it is alone on the ring: it cannot tell
 * which keys are its own, and a version assigned from its store could undo a newer write
 * elsewhere. Received entries whose version lies too far in the future are refused, so versions
 * stay within reach of the next write. Tombstones are collected after the grace period.
 */
final class Storage {

  /** Background attempts of a failed hand-off. */
  static final int HAND_OFF_RETRIES = 8;

  private final ChordPeer peer;
  private ReplicaSync sync;
  private List<PeerRef> syncedTargets = List.of();
  private PeerRef syncedPredecessor;
  private Cancellable timer;
  private StorePolicy policy;

  Storage(ChordPeer peer, ReplicaSync sync) {
    this.peer = peer;
    this.sync = sync;
    this.policy = StorePolicy.of(peer.config().replicas());
  }

  void policy(StorePolicy p) {
    this.policy = Objects.requireNonNull(p);
  }

  StorePolicy policy() {
    return policy;
  }

  void replicaSync(ReplicaSync s) {
    this.sync = Objects.requireNonNull(s);
  }

  void startTimer() {
    timer = peer.runtime().every(peer.config().replicaSyncMs(), peer.config().jitter(), this::syncPrimaryRange);
  }

  void stopTimer() {
    if (timer != null) {
      timer.cancel();
    }
  }

  private LocalStore store() {
    return peer.store();
  }

  // ---- client side

  Future<WriteResult> write(String key, String value) {
    checkKey(key);
    if (value != null && utf8(value) > peer.config().maxValueBytes()) {
      return Future.failedFuture(new IllegalArgumentException("value longer than maxValueBytes"));
    }
    Promise<WriteResult> done = Promise.promise();
    attemptWrite(key, value, 1, done);
    return done.future();
  }

  private void attemptWrite(String key, String value, int attempt, Promise<WriteResult> done) {
    peer.lookup(peer.ring().hash(key)).compose(r -> {
      if (!r.found()) {
        return Future.failedFuture("lookup " + r.outcome());
      }
      PeerRef primary = r.successor();
      Future<Message> reply = primary.equals(peer.self())
          ? onPut(new PutRequest(key, value)) : peer.request(primary, new PutRequest(key, value));
      return reply.recover(t -> {
        peer.suspect(primary);
        return Future.failedFuture(t);
      });
    }).onComplete(ar -> {
      PutReply p = ar.succeeded() && ar.result() instanceof PutReply r ? r : null;
      if (p != null && p.responsible() && p.version() != null) {
        done.tryComplete(new WriteResult(key, p.version(), p.replicas(), WriteOutcome.STORED, attempt));
      } else if (attempt < peer.config().operationAttempts() && peer.state() == PeerState.ACTIVE) {
        peer.runtime().after(peer.config().stabilizeMs(), () -> attemptWrite(key, value, attempt + 1, done));
      } else if (p != null && p.responsible()) {
        // the primary took it, too few replicas confirmed: not acknowledged
        done.tryComplete(new WriteResult(key, null, p.replicas(), WriteOutcome.UNCONFIRMED, attempt));
      } else {
        done.tryComplete(new WriteResult(key, null, 0, WriteOutcome.FAILED, attempt));
      }
    });
  }

  Future<ReadResult> read(String key) {
    checkKey(key);
    Promise<ReadResult> done = Promise.promise();
    attemptRead(key, 1, done);
    return done.future();
  }

  private void attemptRead(String key, int attempt, Promise<ReadResult> done) {
    peer.lookup(peer.ring().hash(key)).onComplete(ar -> {
      LookupResult r = ar.succeeded() ? ar.result() : null;
      if (r != null && r.found()) {
        List<PeerRef> candidates = r.successors().subList(0, Math.min(peer.config().replicas(), r.successors().size()));
        readFrom(key, candidates, 0, true, attempt, done);
      } else {
        retryRead(key, attempt, done);
      }
    });
  }

  /**
   * Asks the candidates in ring order; the first entry found (live or tombstone) answers. "Not
   * found" needs every candidate's answer: a replica that did not answer may hold the key (the
   * owner may be a joiner still waiting for its hand-off), so the read is tried again instead.
   */
  private void readFrom(String key, List<PeerRef> candidates, int index, boolean allAnswered, int attempt,
      Promise<ReadResult> done) {
    if (index == candidates.size()) {
      if (allAnswered) {
        done.tryComplete(new ReadResult(key, null, null, ReadOutcome.NOT_FOUND, attempt));
      } else {
        retryRead(key, attempt, done);
      }
      return;
    }
    PeerRef target = candidates.get(index);
    Future<Message> reply = target.equals(peer.self())
        ? Future.succeededFuture(onGet(new GetRequest(key))) : peer.request(target, new GetRequest(key));
    reply.onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof GetReply g) {
        StoredEntry e = g.entry();
        if (e != null && e.key().equals(key)) {
          ReadOutcome o = e.tombstone() ? ReadOutcome.NOT_FOUND : ReadOutcome.FOUND;
          done.tryComplete(new ReadResult(key, e.value(), e.version(), o, attempt));
        } else {
          readFrom(key, candidates, index + 1, allAnswered, attempt, done);
        }
      } else {
        peer.suspect(target);
        readFrom(key, candidates, index + 1, false, attempt, done);
      }
    });
  }

  private void retryRead(String key, int attempt, Promise<ReadResult> done) {
    if (attempt < peer.config().operationAttempts() && peer.state() == PeerState.ACTIVE) {
      peer.runtime().after(peer.config().stabilizeMs(), () -> attemptRead(key, attempt + 1, done));
    } else {
      done.tryComplete(new ReadResult(key, null, null, ReadOutcome.FAILED, attempt));
    }
  }

  private void checkKey(String key) {
    Objects.requireNonNull(key, "key");
    if (utf8(key) > peer.config().maxKeyBytes()) {
      throw new IllegalArgumentException("key longer than maxKeyBytes");
    }
  }

  // ---- server side

  /** The primary's write path: assign a version, store, copy to the next replicas-1 successors. */
  Future<Message> onPut(PutRequest m) {
    long keyId = peer.ring().hash(m.key());
    PeerRef pred = peer.table().predecessor();
    boolean alone = peer.table().successor().equals(peer.self());
    if (pred == null ? !alone : !peer.ring().inHalfOpen(keyId, pred.id(), peer.self().id())) {
      return Future.succeededFuture(new PutReply(false, null, 0));
    }
    StoredEntry prev = store().get(m.key());
    Version v = Version.next(prev == null ? null : prev.version(), peer.now(), peer.self().id());
    StoredEntry e = new StoredEntry(m.key(), v, m.value());
    store().merge(e);
    List<Future<Message>> copies = new ArrayList<>();
    for (PeerRef t : replicaTargets()) {
      if (!t.equals(peer.self())) {
        copies.add(peer.request(t, new StoreTransfer(List.of(e))));
      }
    }
    // a ring with fewer peers than the quorum acknowledges once every peer holds the write
    int quorum = Math.min(policy.writeQuorum(), 1 + copies.size());
    if (copies.isEmpty()) {
      return Future.succeededFuture(new PutReply(true, v, 1));
    }
    return Future.join(copies).transform(ignored -> {
      int acked = 1;
      for (Future<Message> f : copies) {
        if (f.succeeded() && f.result() instanceof Ack) {
          acked++;
        }
      }
      if (acked < quorum) {
        peer.metrics().increment("chord.writesUnconfirmed", 1);
      }
      return Future.succeededFuture(new PutReply(true, acked >= quorum ? v : null, acked));
    });
  }

  GetReply onGet(GetRequest m) {
    return new GetReply(store().get(m.key()));
  }

  Ack onTransfer(StoreTransfer m) {
    checkVersions(m.entries());
    store().mergeAll(m.entries());
    return new Ack();
  }

  /**
   * Refuses entries whose version lies further ahead of this peer's clock than the policy allows.
   *
   * @throws MalformedMessageException naming the first such entry
   */
  void checkVersions(List<StoredEntry> entries) {
    for (StoredEntry e : entries) {
      if (!e.version().plausibleAt(peer.now(), policy.maxClockAheadMs())) {
        peer.metrics().increment("chord.versionsAhead", 1);
        throw new MalformedMessageException("version " + e.version() + " of " + e.key() + " lies ahead of the clock "
            + peer.now());
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
  Future<Void> handOff(PeerRef oldPredecessor, PeerRef newPredecessor) {
    long from = oldPredecessor == null ? peer.self().id() : oldPredecessor.id();
    return sync.sync(newPredecessor, from, newPredecessor.id())
        .onFailure(t -> {
          peer.metrics().increment("chord.handOffFailed", 1);
          retryHandOff(from, newPredecessor, 1);
        });
  }

  private void retryHandOff(long from, PeerRef to, int attempt) {
    if (attempt > HAND_OFF_RETRIES) {
      peer.metrics().increment("chord.handOffAbandoned", 1);
      return;
    }
    peer.runtime().after(peer.config().stabilizeMs() * attempt, () -> {
      PeerRef pred = peer.table().predecessor();
      // the range (from, to] is still to's while to precedes this peer (a later joiner may sit in
      // between); once to is gone the range went to someone else with its own hand-off
      boolean stillBefore = pred != null && (pred.equals(to)
          || peer.ring().inOpen(pred.id(), to.id(), peer.self().id()));
      if (peer.state() != PeerState.ACTIVE || !stillBefore) {
        return;
      }
      sync.sync(to, from, to.id())
          .onSuccess(v -> peer.metrics().increment("chord.handOffRetried", 1))
          .onFailure(t -> retryHandOff(from, to, attempt + 1));
    });
  }

  /** Called when links changed: re-replicates if the predecessor or the replica targets changed. */
  void onLinksChanged() {
    List<PeerRef> targets = replicaTargets();
    PeerRef pred = peer.table().predecessor();
    if (!targets.equals(syncedTargets) || !Objects.equals(pred, syncedPredecessor)) {
      syncPrimaryRange();
    }
  }

  /** Syncs the primary range (predecessor, self] to the next replicas-1 successors. */
  void syncPrimaryRange() {
    if (peer.state() != PeerState.ACTIVE) {
      return;
    }
    int collected = store().collectTombstones(peer.now() - policy.tombstoneGraceMs());
    if (collected > 0) {
      peer.metrics().increment("chord.tombstonesCollected", collected);
    }
    List<PeerRef> targets = replicaTargets();
    PeerRef pred = peer.table().predecessor();
    syncedTargets = targets;
    syncedPredecessor = pred;
    if (pred == null) {
      return;
    }
    for (PeerRef t : targets) {
      sync.sync(t, pred.id(), peer.self().id())
          .onFailure(x -> peer.metrics().increment("chord.replicaSyncFailed", 1));
    }
  }

  /** Hands the primary range (everything when the predecessor is unknown) to the successor. */
  Future<Void> handOverOnLeave() {
    PeerRef succ = peer.table().successor();
    if (succ.equals(peer.self())) {
      return Future.succeededFuture();
    }
    PeerRef pred = peer.table().predecessor();
    long from = pred == null ? peer.self().id() : pred.id();
    return sync.sync(succ, from, peer.self().id());
  }

  /** The first replicas-1 successors: where the primary keeps the other copies. */
  List<PeerRef> replicaTargets() {
    List<PeerRef> s = peer.table().successors();
    return List.copyOf(s.subList(0, Math.min(s.size(), peer.config().replicas() - 1)));
  }

  private static int utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}
