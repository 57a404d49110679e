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

  /** An entry held outside this peer's range, with its key's id read once at the start of the walk. */
  private record Held(long id, StoredEntry entry) {
  }

  /** Where the walk goes on after one owner was served, and whether a transfer was sent to it. */
  private record Step(int after, boolean sent) {
  }

  private void run() {
    PeerRef pred = ctx.table().predecessor();
    if (ctx.state() != PeerState.ACTIVE || pred == null) {
      return;
    }
    // the ids are read now: an entry the sweeper drops during the walk must not make the walk fail
    List<Held> outside = new ArrayList<>();
    for (StoredEntry e : store.all()) {
      long id = store.keyId(e.key());
      if (!ctx.ring().inHalfOpen(id, pred.id(), ctx.self().id())) {
        outside.add(new Held(id, e));
      }
    }
    long self = ctx.self().id();
    outside.sort((a, b) -> ctx.ring().compareFrom(self, a.id(), b.id()));
    next(outside, 0, 0);
  }

  /**
   * Walks on from {@code from}. A loop, not a recursion: lookups answered at once (the owner is in
   * this peer's own tables) would otherwise nest one call per held entry, and a peer holding many
   * thousand entries overflowed its stack.
   */
  private void next(List<Held> outside, int from, int transfers) {
    int at = from;
    int sent = transfers;
    while (at < outside.size() && sent < MAX_TRANSFERS && ctx.active()) {
      Future<LookupResult> found = lookup.apply(outside.get(at).id());
      if (!found.isComplete()) {
        int a = at;
        int s = sent;
        found.onComplete(ar -> {
          Step step = handTo(outside, a, ar.succeeded() ? ar.result() : null);
          next(outside, step.after(), s + (step.sent() ? 1 : 0));
        });
        return;
      }
      Step step = handTo(outside, at, found.succeeded() ? found.result() : null);
      at = step.after();
      sent += step.sent() ? 1 : 0;
    }
  }

  /** Gives the owner that {@code result} found for entry {@code from} every entry up to its id. */
  private Step handTo(List<Held> outside, int from, LookupResult result) {
    if (result == null || !result.found() || result.successor().equals(ctx.self())) {
      return new Step(from + 1, false);
    }
    PeerRef owner = result.successor();
    long ownerId = owner.id();
    long firstId = outside.get(from).id();
    List<StoredEntry> batch = new ArrayList<>();
    int i = from;
    while (i < outside.size() && batch.size() < ctx.config().maxEntriesPerTransfer()
        && (i == from || ctx.ring().inHalfOpen(outside.get(i).id(), firstId, ownerId))) {
      batch.add(outside.get(i).entry());
      i++;
    }
    // a replica of the owner's range holds these rightly: the owner's own sync keeps them equal
    boolean replica = ReplicaPlacement.replicas(owner, result.successors(), ctx.config().replicas())
        .contains(ctx.self());
    if (replica) {
      return new Step(i, false);
    }
    ctx.metrics().increment(ChordCounter.MERGE_ENTRIES_HANDED, batch.size());
    ctx.request(owner, new StoreTransfer(batch));
    return new Step(i, true);
  }
}
