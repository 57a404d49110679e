package org.bloomchord.chord.store;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Replica sync by pushing: every entry of the range goes to the target in {@link StoreTransfer}
 * messages of at most {@code maxEntriesPerTransfer} entries; the target merges them by version.
 * Simple and exact; its cost is the whole range per sync.
 */
public final class PushReplicaSync implements ReplicaSync {

  private final LocalStore store;
  private final int maxEntriesPerTransfer;
  private final BiFunction<PeerRef, Message, Future<Message>> request;

  /**
   * @param store the local entries
   * @param maxEntriesPerTransfer chunk size
   * @param request sends a request with the peer's request timeout
   */
  public PushReplicaSync(LocalStore store, int maxEntriesPerTransfer,
      BiFunction<PeerRef, Message, Future<Message>> request) {
    this.store = store;
    this.maxEntriesPerTransfer = maxEntriesPerTransfer;
    this.request = request;
  }

  @Override
  public Future<Void> sync(PeerRef target, long from, long to) {
    return push(target, store.range(from, to));
  }

  /** Pushes the given entries to {@code target} in chunks; succeeds when every chunk was acknowledged. */
  public Future<Void> push(PeerRef target, List<StoredEntry> entries) {
    if (entries.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Future<Message>> acks = new ArrayList<>();
    for (int i = 0; i < entries.size(); i += maxEntriesPerTransfer) {
      List<StoredEntry> chunk = entries.subList(i, Math.min(entries.size(), i + maxEntriesPerTransfer));
      acks.add(request.apply(target, new StoreTransfer(chunk)));
    }
    return Future.all(acks).compose(all -> {
      for (Future<Message> f : acks) {
        if (!(f.result() instanceof Ack)) {
          return Future.failedFuture("unexpected reply to a store transfer");
        }
      }
      return Future.succeededFuture();
    });
  }
}
