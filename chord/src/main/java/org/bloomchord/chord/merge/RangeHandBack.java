package org.bloomchord.chord.merge;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.store.ReplicaPlacement;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.PeerRef;

/**
 * After a merge, hands the entries this peer holds outside its primary range to their owners in the
 * merged ring, so that writes acknowledged on either side during the split are readable from both
 * at once, not only after the store's out-of-range sweeper found them (its grace is minutes).
 *
 * <p>Why a hand-off is not enough: a merge moves many predecessors at once. The peer whose
 * predecessor changed hands (old predecessor, new predecessor] to the new one, but when that new
 * predecessor's own predecessor did not change (both were of the other ring), the part of the range
 * that now belongs farther back is never handed on. This class walks the held entries outside
 * (predecessor, self] in id order: one lookup finds the owner of the first, one
 * {@link StoreTransfer} (of at most maxEntriesPerTransfer entries) gives it every entry up to the
 * owner's id, and the walk goes on after it. Copies are kept (the receiver merges by version;
 * the sweeper later drops what this peer no longer replicates, once the owner confirmed holding it).
 *
 * <p>Runs once per merge, {@value #SETTLE_PERIODS} stabilize periods after this peer's last join into
 * the other ring (each join restarts the wait), and at most {@value #MAX_TRANSFERS} transfers per run.
 */
final class RangeHandBack {

  static final int SETTLE_PERIODS = 4;
  static final int MAX_TRANSFERS = 64;

  private final ChordContext ctx;
  private final LocalStore store;
  private final LongFunction<Future<LookupResult>> lookup;
  private Cancellable pending;

  RangeHandBack(ChordContext ctx, LocalStore store, LongFunction<Future<LookupResult>> lookup) {
    this.ctx = ctx;
    this.store = store;
    this.lookup = lookup;
  }

  /** The tables changed by a merge: (re)starts the wait before the hand-back. */
  void soon() {
    if (pending != null) {
      pending.cancel();
    }
    pending = ctx.runtime().after(SETTLE_PERIODS * ctx.config().stabilizeMs(), () -> {
      pending = null;
      run();
    });
  }

  void cancel() {
    if (pending != null) {
      pending.cancel();
      pending = null;
    }
  }

  private void run() {
    PeerRef pred = ctx.table().predecessor();
    if (ctx.state() != PeerState.ACTIVE || pred == null) {
      return;
    }
    List<StoredEntry> outside = new ArrayList<>();
    for (StoredEntry e : store.all()) {
      if (!ctx.ring().inHalfOpen(store.keyId(e.key()), pred.id(), ctx.self().id())) {
        outside.add(e);
      }
    }
    long self = ctx.self().id();
    outside.sort((a, b) -> ctx.ring().compareFrom(self, store.keyId(a.key()), store.keyId(b.key())));
    next(outside, 0, 0);
  }

  private void next(List<StoredEntry> outside, int from, int transfers) {
    if (from >= outside.size() || transfers >= MAX_TRANSFERS || !ctx.active()) {
      return;
    }
    lookup.apply(store.keyId(outside.get(from).key())).onComplete(ar -> {
      if (ar.failed() || !ar.result().found() || ar.result().successor().equals(ctx.self())) {
        next(outside, from + 1, transfers);
        return;
      }
      PeerRef owner = ar.result().successor();
      long ownerId = owner.id();
      long firstId = store.keyId(outside.get(from).key());
      List<StoredEntry> batch = new ArrayList<>();
      int i = from;
      while (i < outside.size() && batch.size() < ctx.config().maxEntriesPerTransfer()
          && (i == from || ctx.ring().inHalfOpen(store.keyId(outside.get(i).key()), firstId, ownerId))) {
        batch.add(outside.get(i));
        i++;
      }
      int after = i;
      // a replica of the owner's range holds these rightly: the owner's own sync keeps them equal
      boolean replica = ReplicaPlacement.replicas(owner, ar.result().successors(), ctx.config().replicas())
          .contains(ctx.self());
      if (!replica) {
        ctx.metrics().increment(ChordCounter.MERGE_ENTRIES_HANDED, batch.size());
        ctx.request(owner, new StoreTransfer(batch));
        next(outside, after, transfers + 1);
      } else {
        next(outside, after, transfers);
      }
    });
  }
}
