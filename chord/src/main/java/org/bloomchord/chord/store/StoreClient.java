package org.bloomchord.chord.store;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongFunction;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * The client side of the replicated store: put, delete and get as a peer's own operations. A write
 * looks up the key's primary and asks it ({@link Storage#onPut} when this peer is the primary),
 * and is acknowledged only with the version the primary gives once a write quorum holds it; a read
 * asks the primary, then the replicas in ring order while they lack the key, or, with a read quorum
 * q above 1 ({@link StorePolicy#readQuorum()}), asks every replica at once, answers with the newest
 * version among the first q answers and pushes it to those of them that held an older one or none
 * (read repair). Both retry after a stabilize period up to {@code operationAttempts} times. When
 * the peer stops ({@link #failUnderWay}), every write and read still under way ends as failed, in
 * the order they began: a stopped peer's requests may never be answered (a crashed peer's are
 * not, on the simulator), and a caller waiting on one must still hear an outcome.
 */
public final class StoreClient {

  private final ChordContext ctx;
  private final Storage storage;
  private final LongFunction<Future<LookupResult>> lookup;
  /**
   * Writes under way, by their promise, with the attempt each is at (insertion order:
   * deterministic); the shared empty map until the first write (most peers of a large ring never
   * write), then one map, kept.
   */
  private Map<Promise<WriteResult>, Attempt> writes = Collections.emptyMap();
  /** Reads under way, as {@link #writes}. */
  private Map<Promise<ReadResult>, Attempt> reads = Collections.emptyMap();

  /** The key of an operation under way and the number of the attempt it is at. */
  private record Attempt(String key, int number) {}

  /**
   * The client of the peer whose context is {@code ctx}.
   *
   * @param lookup the peer's lookup of a key id (it fails when the peer is not on the ring)
   */
  public StoreClient(ChordContext ctx, Storage storage, LongFunction<Future<LookupResult>> lookup) {
    this.ctx = ctx;
    this.storage = storage;
    this.lookup = lookup;
  }

  /** Writes {@code value} (a tombstone when null) under {@code key} through its primary, retrying. */
  public Future<WriteResult> write(String key, String value) {
    checkKey(key);
    if (value != null && ChordWire.utf8Length(value) > ctx.config().maxValueBytes()) {
      return Future.failedFuture(new IllegalArgumentException("value longer than maxValueBytes"));
    }
    Promise<WriteResult> done = Promise.promise();
    if (!(writes instanceof LinkedHashMap)) {
      writes = new LinkedHashMap<>();
    }
    writes.put(done, new Attempt(key, 1));
    done.future().onComplete(ar -> writes.remove(done));
    attemptWrite(key, value, 1, done);
    return done.future();
  }

  /**
   * Ends every write and read under way as {@link WriteOutcome#FAILED} or {@link
   * ReadOutcome#FAILED} (a write so ended was not acknowledged); called when the peer stops. An
   * answer arriving later changes nothing: each operation completes once.
   */
  public void failUnderWay() {
    for (Map.Entry<Promise<WriteResult>, Attempt> w : List.copyOf(writes.entrySet())) {
      Attempt a = w.getValue();
      w.getKey().tryComplete(new WriteResult(a.key(), null, 0, WriteOutcome.FAILED, a.number()));
    }
    for (Map.Entry<Promise<ReadResult>, Attempt> r : List.copyOf(reads.entrySet())) {
      Attempt a = r.getValue();
      r.getKey().tryComplete(new ReadResult(a.key(), null, null, ReadOutcome.FAILED, a.number()));
    }
  }

  /** The number of writes and reads under way. */
  public int underWay() {
    return writes.size() + reads.size();
  }

  private void attemptWrite(String key, String value, int attempt, Promise<WriteResult> done) {
    if (done.future().isComplete()) {
      return;
    }
    writes.replace(done, new Attempt(key, attempt));
    lookup.apply(ctx.ring().hash(key)).compose(r -> {
      if (!r.found()) {
        return Future.failedFuture("lookup " + r.outcome());
      }
      PeerRef primary = r.successor();
      Future<Message> reply = primary.equals(ctx.self())
          ? storage.onPut(new PutRequest(key, value)) : ctx.request(primary, new PutRequest(key, value));
      return reply.recover(t -> {
        ctx.suspect(primary);
        return Future.failedFuture(t);
      });
    }).onComplete(ar -> {
      PutReply p = ar.succeeded() && ar.result() instanceof PutReply r ? r : null;
      if (p != null && p.responsible() && p.version() != null) {
        done.tryComplete(new WriteResult(key, p.version(), p.replicas(), WriteOutcome.STORED, attempt));
      } else if (attempt < ctx.config().operationAttempts() && ctx.state() == PeerState.ACTIVE) {
        ctx.runtime().after(ctx.config().stabilizeMs(), () -> attemptWrite(key, value, attempt + 1, done));
      } else if (p != null && p.responsible() && p.replicas() == 0) {
        // refused without being stored (minority refusal)
        done.tryComplete(new WriteResult(key, null, 0, WriteOutcome.REFUSED, attempt));
      } else if (p != null && p.responsible()) {
        // the primary took it, too few replicas confirmed: not acknowledged
        done.tryComplete(new WriteResult(key, null, p.replicas(), WriteOutcome.UNCONFIRMED, attempt));
      } else {
        done.tryComplete(new WriteResult(key, null, 0, WriteOutcome.FAILED, attempt));
      }
    });
  }

  /** Reads {@code key} from its primary, then its replicas in ring order. */
  public Future<ReadResult> read(String key) {
    checkKey(key);
    Promise<ReadResult> done = Promise.promise();
    if (!(reads instanceof LinkedHashMap)) {
      reads = new LinkedHashMap<>();
    }
    reads.put(done, new Attempt(key, 1));
    done.future().onComplete(ar -> reads.remove(done));
    attemptRead(key, 1, done);
    return done.future();
  }

  private void attemptRead(String key, int attempt, Promise<ReadResult> done) {
    if (done.future().isComplete()) {
      return;
    }
    reads.replace(done, new Attempt(key, attempt));
    lookup.apply(ctx.ring().hash(key)).onComplete(ar -> {
      LookupResult r = ar.succeeded() ? ar.result() : null;
      if (r != null && r.found()) {
        List<PeerRef> candidates = ReplicaPlacement.replicas(r.successor(), r.successors(), ctx.config().replicas());
        int quorum = Math.min(storage.policy().readQuorum(), candidates.size());
        if (quorum > 1) {
          readQuorum(key, candidates, quorum, attempt, done);
        } else {
          readFrom(key, candidates, 0, true, attempt, done);
        }
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
    Future<Message> reply = target.equals(ctx.self())
        ? Future.succeededFuture(storage.onGet(new GetRequest(key))) : ctx.request(target, new GetRequest(key));
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
        ctx.suspect(target);
        readFrom(key, candidates, index + 1, false, attempt, done);
      }
    });
  }

  /**
   * Asks every candidate at once; once {@code quorum} answered and one of them holds an entry,
   * answers with the newest entry among the answers (a tombstone reads as not found) and sends it to
   * the ones that answered with an older entry or none. "Not found" needs every candidate's answer,
   * as in the default read (a replica that has not answered may be the only one holding the key).
   * When so many fail that the quorum cannot be reached, or one failed and none held the key, the
   * read is tried again.
   */
  private void readQuorum(String key, List<PeerRef> candidates, int quorum, int attempt, Promise<ReadResult> done) {
    List<PeerRef> answered = new ArrayList<>(candidates.size());
    List<StoredEntry> held = new ArrayList<>(candidates.size());
    int[] failed = {0};
    boolean[] decided = {false};
    for (PeerRef target : candidates) {
      Future<Message> reply = target.equals(ctx.self())
          ? Future.succeededFuture(storage.onGet(new GetRequest(key))) : ctx.request(target, new GetRequest(key));
      reply.onComplete(ar -> {
        if (decided[0]) {
          return;
        }
        if (ar.succeeded() && ar.result() instanceof GetReply g) {
          answered.add(target);
          held.add(g.entry() != null && g.entry().key().equals(key) ? g.entry() : null);
        } else {
          ctx.suspect(target);
          failed[0]++;
        }
        boolean settled = answered.size() + failed[0] == candidates.size();
        boolean anyHeld = held.stream().anyMatch(Objects::nonNull);
        if (answered.size() >= quorum && (anyHeld || (settled && failed[0] == 0))) {
          decided[0] = true;
          done.tryComplete(newest(key, answered, held, attempt));
        } else if (candidates.size() - failed[0] < quorum || settled) {
          decided[0] = true;
          retryRead(key, attempt, done);
        }
      });
    }
  }

  /** The newest of the entries the quorum answered with, pushed to those that answered with less. */
  private ReadResult newest(String key, List<PeerRef> answered, List<StoredEntry> held, int attempt) {
    StoredEntry best = null;
    for (StoredEntry e : held) {
      if (e != null && (best == null || e.version().compareTo(best.version()) > 0)) {
        best = e;
      }
    }
    if (best == null) {
      return new ReadResult(key, null, null, ReadOutcome.NOT_FOUND, attempt);
    }
    for (int i = 0; i < answered.size(); i++) {
      StoredEntry e = held.get(i);
      if (e == null || e.version().compareTo(best.version()) < 0) {
        ctx.metrics().increment(ChordCounter.READ_REPAIRS, 1);
        PeerRef stale = answered.get(i);
        if (stale.equals(ctx.self())) {
          storage.onTransfer(new StoreTransfer(List.of(best)));
        } else {
          ctx.request(stale, new StoreTransfer(List.of(best)))
              .onFailure(x -> ctx.metrics().increment(ChordCounter.READ_REPAIRS_FAILED, 1));
        }
      }
    }
    ReadOutcome o = best.tombstone() ? ReadOutcome.NOT_FOUND : ReadOutcome.FOUND;
    return new ReadResult(key, best.value(), best.version(), o, attempt);
  }

  private void retryRead(String key, int attempt, Promise<ReadResult> done) {
    if (attempt < ctx.config().operationAttempts() && ctx.state() == PeerState.ACTIVE) {
      ctx.runtime().after(ctx.config().stabilizeMs(), () -> attemptRead(key, attempt + 1, done));
    } else {
      done.tryComplete(new ReadResult(key, null, null, ReadOutcome.FAILED, attempt));
    }
  }

  private void checkKey(String key) {
    Objects.requireNonNull(key, "key");
    if (ChordWire.utf8Length(key) > ctx.config().maxKeyBytes()) {
      throw new IllegalArgumentException("key longer than maxKeyBytes");
    }
  }
}
