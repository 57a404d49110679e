package org.bloomchord.routing.similar;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.BucketMessages.Append;
import org.bloomchord.routing.similar.BucketMessages.AppendOutcome;
import org.bloomchord.routing.similar.BucketMessages.AppendReply;

/**
 * Appends to LSH band buckets, made atomic at the bucket's owner (the successor of the key, the
 * store's primary for it), as a {@link ChordExtension}. A publisher sends an {@link Append} to the
 * owner; the owner, an actor, handles appends to one key one write at a time: while a bucket's
 * read-modify-write is in flight, further appends to it wait in that key's queue and go into the
 * next write together. No append is lost to another, whichever peers they come from, as long as
 * every writer of band buckets appends through their owner (the publishers of {@link
 * SimilarityIndex} on a ring with this extension do) and ownership does not move during the write.
 *
 * <p>Each append is answered once its write is settled: {@link AppendOutcome#STORED} only after
 * the store acknowledged a bucket holding the entry; {@link AppendOutcome#FULL} when the bucket
 * holds {@link SignatureBucket#MAX_ENTRIES} documents or the entry would take it past the store's
 * value limit. Bounds: at most {@link #MAX_WAITING} appends
 * wait at a peer (over all keys; beyond, {@link AppendOutcome#BUSY}), only keys under {@link
 * SimilarityIndex#BAND_PREFIX} are appended to ({@link AppendOutcome#REFUSED} otherwise), and a
 * stored value that is not a well-formed bucket is never overwritten ({@link
 * AppendOutcome#MALFORMED}). Everything runs on the peer's thread.
 */
public final class BucketAppends implements ChordExtension {

  /** Most appends waiting at one peer, over all its buckets. */
  public static final int MAX_WAITING = 4096;
  /** Longest wait for the owner's answer, in runtime ms (a write may itself retry for a while). */
  public static final long TIMEOUT_MS = 60_000;

  private ChordHost host;
  private KeyValueStore store;
  private final Map<String, Queue> queues = new HashMap<>();
  private int waiting;
  private final long[] outcomes = new long[AppendOutcome.values().length];
  private long writes;

  // the appends to one bucket not yet written, and whether its write is in flight
  private static final class Queue {
    final List<Append> appends = new ArrayList<>();
    final List<Promise<AppendOutcome>> answers = new ArrayList<>();
    boolean writing;
  }

  @Override
  public void attach(ChordHost host) {
    this.host = host;
    // the owner writes the bucket through the ring's replicated store, as any client would
    this.store = host instanceof ChordPeer peer ? KeyValueStore.of(peer) : null;
    host.handleRequests(Append.class, (from, m) -> accept(m).map(AppendReply::new));
  }

  /**
   * Appends (id, sketch) to the bucket under {@code key} at its owner, from this peer; the outcome
   * is {@link AppendOutcome#FAILED} when the owner was not found or did not answer.
   */
  public Future<AppendOutcome> append(String key, String id, MinHashSketch sketch) {
    Append m = new Append(key, id, sketch);
    return host.lookup(host.ring().hash(key)).compose(r -> {
      if (!r.found()) {
        return Future.succeededFuture(AppendOutcome.FAILED);
      }
      PeerRef owner = r.successor();
      if (owner.equals(host.self())) {
        return accept(m);
      }
      return host.runtime().request(owner, m, TIMEOUT_MS).map(reply -> {
        if (reply instanceof AppendReply a) {
          return a.outcome();
        }
        throw new MalformedMessageException("expected an append reply, got " + reply.typeName());
      });
    }).otherwise(AppendOutcome.FAILED);
  }

  /** Appends answered so far with {@code outcome}, at this peer as owner. */
  public long answered(AppendOutcome outcome) {
    return outcomes[outcome.ordinal()];
  }

  /** Bucket writes made so far at this peer as owner (one per batch of waiting appends). */
  public long writes() {
    return writes;
  }

  /** Appends waiting at this peer now. */
  public int waiting() {
    return waiting;
  }

  private Future<AppendOutcome> accept(Append m) {
    if (!m.key().startsWith(SimilarityIndex.BAND_PREFIX) || store == null) {
      return answer(AppendOutcome.REFUSED);
    }
    // a second peer appending to the same bucket would bring back the lost update: only the owner does
    PeerRef pred = host.links().predecessor();
    if (pred == null || !host.ring().inHalfOpen(host.ring().hash(m.key()), pred.id(), host.self().id())) {
      return answer(AppendOutcome.NOT_OWNER);
    }
    if (waiting >= MAX_WAITING) {
      return answer(AppendOutcome.BUSY);
    }
    Queue q = queues.computeIfAbsent(m.key(), k -> new Queue());
    Promise<AppendOutcome> p = Promise.promise();
    q.appends.add(m);
    q.answers.add(p);
    waiting++;
    if (!q.writing) {
      write(m.key(), q);
    }
    return p.future();
  }

  private Future<AppendOutcome> answer(AppendOutcome o) {
    outcomes[o.ordinal()]++;
    return Future.succeededFuture(o);
  }

  // one read-modify-write of the bucket for every append waiting on it; the next batch waits for it
  private void write(String key, Queue q) {
    q.writing = true;
    List<Append> batch = List.copyOf(q.appends);
    List<Promise<AppendOutcome>> answers = List.copyOf(q.answers);
    q.appends.clear();
    q.answers.clear();
    AppendOutcome[] out = new AppendOutcome[batch.size()];
    store.get(key).compose(text -> {
      SignatureBucket bucket;
      try {
        bucket = SignatureBucket.decode(text);
      } catch (MalformedMessageException e) {
        java.util.Arrays.fill(out, AppendOutcome.MALFORMED);
        return Future.succeededFuture();
      }
      boolean changed = false;
      for (int i = 0; i < batch.size(); i++) {
        Append a = batch.get(i);
        SignatureBucket with = bucket.hasRoomFor(a.id()) ? bucket.with(a.id(), a.sketch()) : null;
        // a bucket past the store's value limit could not be written at all: it is full too
        if (with != null && with.encode().length() <= host.config().maxValueBytes()) {
          bucket = with;
          out[i] = AppendOutcome.STORED;
          changed = true;
        } else {
          out[i] = AppendOutcome.FULL;
        }
      }
      if (!changed) {
        return Future.succeededFuture();
      }
      writes++;
      return store.put(key, bucket.encode()).map(ok -> {
        if (!ok) {
          throw new IllegalStateException("write of '" + key + "' not acknowledged");
        }
        return null;
      });
    }).onComplete(ar -> {
      for (int i = 0; i < batch.size(); i++) {
        AppendOutcome o = ar.failed() || out[i] == null ? AppendOutcome.FAILED : out[i];
        outcomes[o.ordinal()]++;
        answers.get(i).complete(o);
      }
      waiting -= batch.size();
      q.writing = false;
      if (q.appends.isEmpty()) {
        queues.remove(key);
      } else {
        write(key, q);
      }
    });
  }
}
