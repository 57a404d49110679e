package org.bloomchord.chord.maintenance;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.overlay.PeerRef;

/**
 * Check-predecessor: asks the predecessor for its neighbours and suspects it when it does not
 * answer, unless it stabilized with us or notified us recently (a live predecessor that names us
 * as its successor stabilizes with us every stabilize period, so on a stable ring the check is
 * redundant and skipped; other messages from it prove it alive but not that it links to us). At
 * most one check is in flight at a time.
 *
 * <p>A predecessor that does not stabilize with us may be alive without naming us as its
 * successor: after rings merge (or a stall), a peer can keep a successor far beyond its true one,
 * and stabilize walks it back at most r peers a round, one predecessor after another: in a ring
 * of 1,000 a successor 800 peers off took 50 s at 500 ms periods. Stabilize cannot do better,
 * since nobody before us knows a peer in the gap: the lists before us are copies of the wrong one.
 * The peer at the far end of the gap can: so the answer names the predecessor's successor list,
 * and when the last of those peers that lies before us names a successor beyond us, we tell it
 * {@link JoinedBefore} (it takes us as successor only if we lie between it and its successor, as
 * for a joiner; its next stabilize round checks us). The same finds the peer that skips us when
 * our predecessor is stale (a peer further back whose list leads to the one that skips us).
 */
final class PredecessorCheck {

  private final ChordContext ctx;
  private final MaintenanceSchedule schedule;
  private final BooleanSupplier paused;
  private boolean checking;
  private PeerRef linkedPredecessor;
  private long linkedAt;

  PredecessorCheck(ChordContext ctx, MaintenanceSchedule schedule, BooleanSupplier paused) {
    this.ctx = ctx;
    this.schedule = schedule;
    this.paused = paused;
  }

  /** Notes that {@code from} stabilized with us or notified us: it names us as its successor. */
  void linkedFrom(PeerRef from) {
    if (ctx.table().isPredecessor(from)) {
      linkedPredecessor = from;
      linkedAt = ctx.now();
    }
  }

  /** One check-predecessor round. */
  void check() {
    PeerRef pred = ctx.table().predecessor();
    if (paused.getAsBoolean() || checking || pred == null || ctx.state() != PeerState.ACTIVE
        || (pred.equals(linkedPredecessor) && ctx.now() - linkedAt < quietWindowMs())) {
      return;
    }
    checking = true;
    ctx.request(pred, new GetNeighbors()).onComplete(ar -> {
      checking = false;
      if (!(ar.succeeded() && ar.result() instanceof Neighbors n)) {
        ctx.suspect(pred);
      } else if (ctx.state() == PeerState.ACTIVE) {
        PeerRef skipping = skipping(pred, n.successors());
        if (skipping != null) {
          ctx.runtime().send(skipping, new JoinedBefore(false));
        }
      }
    });
  }

  /**
   * Of {@code pred} and the successor list it named, the last peer that lies before us in the
   * chain when the peer after it does not name us; null when the chain reaches us. When every
   * peer named lies before us, the last one, whose own successor the list does not show: it takes
   * us only if we lie before its successor.
   */
  private PeerRef skipping(PeerRef pred, List<PeerRef> successors) {
    PeerRef self = ctx.self();
    PeerRef last = pred;
    for (PeerRef next : successors) {
      if (next.equals(self)) {
        return null;
      }
      if (!ctx.ring().inOpen(next.id(), last.id(), self.id())) {
        break;
      }
      last = next;
    }
    return last.equals(self) ? null : last;
  }

  /**
   * How long a predecessor that stabilized with us needs no check: the check period, or, while
   * stabilize backs off, two of our own stabilize intervals (a live predecessor stabilizes with us
   * about as often).
   */
  private long quietWindowMs() {
    return Math.max(ctx.config().checkPredecessorMs(), 2 * schedule.stabilizePeriodMs());
  }
}
