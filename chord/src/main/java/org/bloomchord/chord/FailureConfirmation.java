package org.bloomchord.chord;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.ReachCheck;
import org.bloomchord.chord.wire.ChordMessages.ReachResult;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Confirmed failures ({@link ChordConfig#confirmFailures()}): before a peer takes a silent peer for
 * failed, it asks up to {@link #HELPERS} other peers of its tables to ping it (an indirect probe,
 * as SWIM's ping-req). When one of them reaches it, the silent peer is alive but out of reach from
 * here, a non-transitive cut (Freedman et al., WORLDS 2005): it stays in the tables and is marked
 * out of reach for {@link #OUT_OF_REACH_PERIODS} suspicion periods (or until it is heard from), so
 * lookups route around it and no peer takes its range over on its silence. When no helper reaches
 * it, or there is no helper to ask, it is dropped as failed, as without confirmation.
 *
 * <pre>
 *   second failed request to P --> ReachCheck(P) to 3 helpers --> a helper's Ping reaches P --> P out of reach, kept
 *                                                             \-> none does (or no helper) ----> P dropped as failed
 * </pre>
 *
 * <p>Every peer answers a {@link ReachCheck}, whatever its own setting: one {@link Ping} to the
 * target, and whether it answered. A request amplifies nothing (one ping per check), and the
 * sender quotas bound the checks a peer serves.
 */
final class FailureConfirmation {

  /** Peers asked to reach a silent peer. */
  static final int HELPERS = 3;
  /** How long a peer another reached stays out of reach, in suspicion periods. */
  static final int OUT_OF_REACH_PERIODS = 4;

  private final ChordContext ctx;
  /** Silent peers whose confirmation is under way. */
  private final Set<PeerRef> checking = new HashSet<>();

  FailureConfirmation(ChordContext ctx) {
    this.ctx = ctx;
  }

  /**
   * {@code p} failed a second request in a row: keeps it when it is already known to be out of
   * reach or its check is under way, else starts the check.
   */
  void confirm(PeerRef p) {
    RoutingTable table = ctx.table();
    long now = ctx.now();
    if (table.outOfReach(p, now) || checking.contains(p)) {
      return;
    }
    List<PeerRef> helpers = helpers(p, now);
    if (helpers.isEmpty()) {
      ctx.drop(p, true);
      return;
    }
    checking.add(p);
    ctx.metrics().increment(ChordCounter.REACH_CHECKS, helpers.size());
    List<Future<Message>> asked = new ArrayList<>(helpers.size());
    for (PeerRef h : helpers) {
      asked.add(ctx.request(h, new ReachCheck(p)));
    }
    Future.join(asked).onComplete(ar -> {
      checking.remove(p);
      boolean reached = asked.stream().anyMatch(f -> f.succeeded() && f.result() instanceof ReachResult r && r.reached());
      if (reached) {
        long hold = Math.max(ctx.config().suspectMs(), ctx.config().requestTimeoutMs()) * OUT_OF_REACH_PERIODS;
        ctx.table().reachedElsewhere(p, ctx.now() + hold);
        ctx.metrics().increment(ChordCounter.OUT_OF_REACH, 1);
      } else {
        ctx.drop(p, true);
      }
    });
  }

  /**
   * Up to {@link #HELPERS} peers to ask about {@code p}, spread over the ring so that they are
   * unlikely to share this peer's side of a cut: the predecessor, the farthest fingers, then the
   * successor list; each usable, not out of reach, and neither {@code p} nor this peer.
   */
  private List<PeerRef> helpers(PeerRef p, long now) {
    RoutingTable table = ctx.table();
    List<PeerRef> out = new ArrayList<>(HELPERS);
    consider(table.predecessor(), p, now, out);
    List<PeerRef> fingers = table.fingers().distinct();
    for (int i = fingers.size() - 1; i >= 0; i--) {
      consider(fingers.get(i), p, now, out);
    }
    for (PeerRef s : table.successors()) {
      consider(s, p, now, out);
    }
    return out;
  }

  private void consider(PeerRef h, PeerRef p, long now, List<PeerRef> out) {
    RoutingTable table = ctx.table();
    if (out.size() < HELPERS && h != null && !h.equals(p) && !h.equals(ctx.self()) && !out.contains(h)
        && table.usable(h, now) && !table.outOfReach(h, now)) {
      out.add(h);
    }
  }

  /** Answers another peer's {@link ReachCheck}: one ping to its target, and whether it answered. */
  Future<Message> onReachCheck(ReachCheck m) {
    if (m.target().equals(ctx.self())) {
      return Future.succeededFuture(new ReachResult(true));
    }
    return ctx.request(m.target(), new Ping())
        .transform(ar -> Future.succeededFuture(new ReachResult(ar.succeeded() && ar.result() instanceof Ack)));
  }
}
