package org.bloomchord.routing.similar;

import io.vertx.core.Future;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.store.ReadOutcome;

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

  /** The store of the ring {@code peer} belongs to, through its put and get. */
  static KeyValueStore of(ChordPeer peer) {
    return new KeyValueStore() {
      @Override
      public Future<String> get(String key) {
        // a read that reached no replica must not pass for an empty bucket: a publish would overwrite it
        return peer.get(key).compose(r -> r.outcome() == ReadOutcome.FAILED
            ? Future.failedFuture(new IllegalStateException("no replica of '" + key + "' answered"))
            : Future.succeededFuture(r.found() ? r.value() : null));
      }

      @Override
      public Future<Boolean> put(String key, String value) {
        return peer.put(key, value).map(w -> w.stored());
      }
    };
  }
}
