package org.bloomchord.chord.maintenance;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.overlay.PeerRef;

/**
 * Graceful leaves, both sides. The leaving peer hands its primary range to its successor, then
 * tells its predecessor (passing its successor list) and its successor (passing its predecessor);
 * they take those peers in its place at once instead of waiting for stabilize to notice the gap.
 * The departed peer leaves their tables without being suspected.
 */
final class Departures {

  private final ChordContext ctx;
  private final Storage storage;

  Departures(ChordContext ctx, Storage storage) {
    this.ctx = ctx;
    this.storage = storage;
  }

  /** This peer leaves: its range goes to the successor (a failed hand-over is not retried), then the neighbours are told. */
  Future<Void> leave() {
    RoutingTable table = ctx.table();
    PeerRef self = ctx.self();
    PeerRef pred = table.predecessor();
    PeerRef succ = table.successor();
    return storage.handOverOnLeave().recover(t -> Future.succeededFuture()).map(v -> {
      if (pred != null && !pred.equals(self)) {
        ctx.runtime().send(pred, new SuccessorLeaving(table.successors()));
      }
      if (!succ.equals(self)) {
        ctx.runtime().send(succ, new PredecessorLeaving(pred));
      }
      return (Void) null;
    });
  }

  /** Handles the leave of our successor {@code from}, which passes its successor list. */
  void onSuccessorLeaving(PeerRef from, SuccessorLeaving m) {
    RoutingTable table = ctx.table();
    boolean wasSuccessor = table.successor().equals(from);
    ctx.drop(from, false);
    if (wasSuccessor && !m.successors().isEmpty()) {
      List<PeerRef> rest = m.successors().subList(1, m.successors().size());
      table.adoptSuccessors(m.successors().get(0), rest, ctx.now());
    }
  }

  /** Handles the leave of our predecessor {@code from}, which passes its own predecessor. */
  void onPredecessorLeaving(PeerRef from, PredecessorLeaving m) {
    RoutingTable table = ctx.table();
    boolean wasPredecessor = from.equals(table.predecessor());
    ctx.drop(from, false);
    PeerRef p = m.predecessor();
    if (wasPredecessor && p != null && !p.equals(ctx.self()) && table.usable(p, ctx.now())) {
      table.setPredecessor(p);
    }
  }
}
