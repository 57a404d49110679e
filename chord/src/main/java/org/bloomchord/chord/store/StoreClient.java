package org.bloomchord.chord.store;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.Objects;
import java.util.function.LongFunction;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * The client side of the replicated store: put, delete and get as a peer's own operations. A write
 * looks up the key's primary and asks it ({@link Storage#onPut} when this peer is the primary),
 * and is acknowledged only with the version the primary gives once a write quorum holds it; a read
 * asks the primary, then the replicas in ring order while they lack the key. Both retry after a
 * stabilize period up to {@code operationAttempts} times.
 */
public final class StoreClient {

  private final ChordContext ctx;
  private final Storage storage;
  private final LongFunction<Future<LookupResult>> lookup;

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
    attemptWrite(key, value, 1, done);
    return done.future();
  }

  private void attemptWrite(String key, String value, int attempt, Promise<WriteResult> done) {
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
    attemptRead(key, 1, done);
    return done.future();
  }

  private void attemptRead(String key, int attempt, Promise<ReadResult> done) {
    lookup.apply(ctx.ring().hash(key)).onComplete(ar -> {
      LookupResult r = ar.succeeded() ? ar.result() : null;
      if (r != null && r.found()) {
        List<PeerRef> candidates = ReplicaPlacement.replicas(r.successor(), r.successors(), ctx.config().replicas());
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
