package org.bloomchord.chord.maintenance;

import java.util.List;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.overlay.PeerRef;

/**
 * Graceful leaves of neighbours: a leaving successor passes its successor list, a leaving
 * predecessor its own predecessor, and the peer takes them in its place at once instead of waiting
 * for stabilize to notice the gap. The departed peer leaves the tables without being suspected.
 */
final class Departures {

  private final ChordContext ctx;

  Departures(ChordContext ctx) {
    this.ctx = ctx;
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
