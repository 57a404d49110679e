package org.bloomchord.chord.maintenance;

import java.util.function.BooleanSupplier;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.overlay.PeerRef;

/**
 * Check-predecessor: pings the predecessor and suspects it when it does not answer, unless it was
 * heard from recently (a live predecessor stabilizes with us every stabilize period, so on a
 * stable ring the ping is redundant and skipped). At most one ping is in flight at a time.
 */
final class PredecessorCheck {

  private final ChordContext ctx;
  private final MaintenanceSchedule schedule;
  private final BooleanSupplier paused;
  private boolean checking;
  private PeerRef heardPredecessor;
  private long heardAt;

  PredecessorCheck(ChordContext ctx, MaintenanceSchedule schedule, BooleanSupplier paused) {
    this.ctx = ctx;
    this.schedule = schedule;
    this.paused = paused;
  }

  /** Notes that {@code from} was heard from (any accepted message). */
  void heardFrom(PeerRef from) {
    if (ctx.table().isPredecessor(from)) {
      heardPredecessor = from;
      heardAt = ctx.now();
    }
  }

  /** One check-predecessor round. */
  void check() {
    PeerRef pred = ctx.table().predecessor();
    if (paused.getAsBoolean() || checking || pred == null || ctx.state() != PeerState.ACTIVE
        || (pred.equals(heardPredecessor) && ctx.now() - heardAt < quietWindowMs())) {
      return;
    }
    checking = true;
    ctx.request(pred, new Ping()).onComplete(ar -> {
      checking = false;
      if (!(ar.succeeded() && ar.result() instanceof Ack)) {
        ctx.suspect(pred);
      }
    });
  }

  /**
   * How long a predecessor heard from needs no ping: the check period, or, while stabilize backs
   * off, two of our own stabilize intervals (a live predecessor stabilizes with us about as often).
   */
  private long quietWindowMs() {
    return Math.max(ctx.config().checkPredecessorMs(), 2 * schedule.stabilizePeriodMs());
  }
}
