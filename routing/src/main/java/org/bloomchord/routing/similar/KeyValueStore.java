package org.bloomchord.routing.similar;

import io.vertx.core.Future;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.WriteResult;

/**
 * The DHT operations the similarity index needs, as seen from one peer: a get that yields the
 * stored value or null, and a put that yields whether the value was stored. Called on the peer's
 * thread.
 */
public interface KeyValueStore {

  /** The value under {@code key}, or null when none is stored; fails when no replica answered. */
  Future<String> get(String key);

  /** Stores {@code value} under {@code key}; true when acknowledged. */
  Future<Boolean> put(String key, String value);

  /** The store of the ring {@code peer} belongs to, through its put and get (on the peer's thread). */
  static KeyValueStore of(ChordPeer peer) {
    return over(peer::get, peer::put);
  }

  /**
   * A store over a ring's get and put from wherever they are called (a node's driver side, say).
   * A read that reached no replica fails rather than passing for an empty bucket, which a publication
   * would then overwrite.
   */
  static KeyValueStore over(Function<String, Future<ReadResult>> get,
      BiFunction<String, String, Future<WriteResult>> put) {
    return new KeyValueStore() {
      @Override
      public Future<String> get(String key) {
        return get.apply(key).compose(r -> r.outcome() == ReadOutcome.FAILED
            ? Future.failedFuture(new IllegalStateException("no replica of '" + key + "' answered"))
            : Future.succeededFuture(r.found() ? r.value() : null));
      }

      @Override
      public Future<Boolean> put(String key, String value) {
        return put.apply(key, value).map(WriteResult::stored);
      }
    };
  }
}
