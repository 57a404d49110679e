package org.bloomchord.chord.maintenance;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerRoundTrips;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.finger.ProximityChoice;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.overlay.PeerRef;

/**
 * One fix-fingers round with proximity neighbour selection: finds s = successor(start(i)) as the
 * plain round does (ask the last known s for its neighbours; walk back while a peer joined before
 * it; look the start up when that fails), takes s and its successor list as the candidates
 * ({@link ProximityChoice#candidates}), pings those whose round trip was never measured, and makes
 * the one with the lowest round trip finger i. When s lies beyond the finger's interval the finger
 * is s, as without proximity. The round trips are those {@link org.bloomchord.chord.Requests}
 * measures on every answered request ({@link PeerRoundTrips}).
 *
 * <p>Invariant: a finger chosen here lies in [start(i), start(i+1)) ({@link
 * RoutingTable#chooseFinger} refuses any other). Not thread-safe; owned by one peer.
 */
final class ProximityRound {

  private final ChordContext ctx;
  private final IntFunction<Future<Integer>> lookupFinger;
  /** The successor of each finger's start last found, index i for finger i (the walk's start). */
  private final PeerRef[] base;

  ProximityRound(ChordContext ctx, IntFunction<Future<Integer>> lookupFinger) {
    this.ctx = ctx;
    this.lookupFinger = lookupFinger;
    this.base = new PeerRef[ctx.ring().bits() + 1];
  }

  /** Checks finger i; the future gives the next finger to refresh. */
  Future<Integer> check(int i) {
    RoutingTable table = ctx.table();
    PeerRef b = base[i] != null && table.usable(base[i], ctx.now()) ? base[i] : table.fingers().get(i);
    if (b == null || !table.usable(b, ctx.now())) {
      return lookupFinger.apply(i);
    }
    return walk(i, b, 0);
  }

  /**
   * Asks {@code f} for its neighbours: f is successor(start) when its predecessor lies before the
   * start; else the predecessor is asked in turn, up to r steps, as {@link FingerFixer} does.
   */
  private Future<Integer> walk(int i, PeerRef f, int step) {
    RoutingTable table = ctx.table();
    long start = table.fingers().start(i);
    return ctx.request(f, new GetNeighbors()).compose(reply -> {
      if (ctx.state() != PeerState.ACTIVE) {
        return Future.succeededFuture(following(i));
      }
      if (!(reply instanceof Neighbors n)) {
        return lookupFinger.apply(i);
      }
      PeerRef p = n.predecessor();
      if (f.id() == start || p != null && p.id() != start && !ctx.ring().inOpen(p.id(), start, f.id())) {
        return choose(i, f, n.successors());
      }
      if (p == null) {
        return lookupFinger.apply(i);
      }
      ctx.metrics().increment(ChordCounter.FINGER_STALE, 1);
      if (step + 1 >= ctx.config().successors() || !table.usable(p, ctx.now())) {
        return lookupFinger.apply(i);
      }
      return walk(i, p, step + 1);
    }, failure -> {
      ctx.suspect(f);
      return lookupFinger.apply(i);
    });
  }

  /**
   * Finger i from s = successor(start(i)) and s's successor list: the candidate with the lowest
   * round trip, once the unmeasured ones were pinged; s itself when there is no choice.
   */
  Future<Integer> choose(int i, PeerRef s, List<PeerRef> itsSuccessors) {
    RoutingTable table = ctx.table();
    base[i] = s;
    List<PeerRef> candidates = ProximityChoice.candidates(table.fingers(), i, s, itsSuccessors,
        ctx.config().proximityCandidates(), p -> !p.equals(ctx.self()) && table.usable(p, ctx.now()));
    if (candidates.size() <= 1) {
      return Future.succeededFuture(table.fillFinger(i, s, ctx.now()));
    }
    PeerRoundTrips rtt = ctx.requests().roundTrips();
    List<Future<?>> pings = new ArrayList<>();
    for (PeerRef c : candidates) {
      if (rtt.get(c) < 0) {
        pings.add(ctx.request(c, new Ping()));
      }
    }
    ctx.metrics().increment(ChordCounter.PROXIMITY_PINGS, pings.size());
    return Future.join(pings).transform(ignored -> {
      if (ctx.state() != PeerState.ACTIVE) {
        return Future.succeededFuture(following(i));
      }
      List<PeerRef> live = new ArrayList<>();
      for (PeerRef c : candidates) {
        if (table.usable(c, ctx.now())) {
          live.add(c);
        }
      }
      PeerRef best = ProximityChoice.choose(live, rtt::get);
      if (best == null) {
        return Future.succeededFuture(following(i));
      }
      if (best.equals(s)) {
        return Future.succeededFuture(table.fillFinger(i, s, ctx.now()));
      }
      table.chooseFinger(i, best, ctx.now());
      return Future.succeededFuture(following(i));
    });
  }

  private int following(int i) {
    return i == ctx.ring().bits() ? 1 : i + 1;
  }
}
