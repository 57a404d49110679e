package org.bloomchord.chord.lookup;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.overlay.PeerRef;

/**
 * One peer's routing decision for a key, by its own tables: answer as owner, take a final step to
 * the candidate successor, hand a final step back to a predecessor that joined before it, or
 * forward to the closest preceding peer ({@link RoutingTable#closestPreceding}). Recursive hops
 * and iterative steps ask the same question here, so both take the same decisions.
 */
final class Router {

  /** What a peer does with a query for a key, by its own tables. */
  enum Kind {
    /** The key lies in this peer's range: answer. */
    OWNER,
    /** The key lies between this peer and {@code peer}, its successor: a final step to it. */
    CANDIDATE,
    /** A final step reached a peer whose predecessor lies between the key and it. */
    HAND_BACK,
    /** Forward to the closest preceding peer. */
    NEXT,
    /** No usable peer to go on with. */
    NONE
  }

  /** A decision: its kind and the peer to go on with (this peer for OWNER, null for NONE). */
  record Step(Kind kind, PeerRef peer) {
  }

  private final ChordContext ctx;

  Router(ChordContext ctx) {
    this.ctx = ctx;
  }

  /**
   * The decision of this peer for {@code key}, leaving out the peers in {@code avoid} (silent for
   * this query). {@code last} says that a previous peer named this one as the key's successor,
   * believing the key to lie in (bound, self].
   */
  Step decide(long key, boolean last, long bound, Set<Long> avoid) {
    RoutingTable table = ctx.table();
    PeerRef self = ctx.self();
    long now = ctx.now();
    PeerRef pred = table.predecessor();
    if (pred != null && ctx.ring().inHalfOpen(key, pred.id(), self.id())) {
      return new Step(Kind.OWNER, self);
    }
    boolean confirm = ctx.config().confirmFailures();
    if (last && ctx.ring().inHalfOpen(key, bound, self.id())) {
      // our predecessor lies in [key, self): a peer joined there, so it decides; when it is silent
      // everything we know of between the key and us is silent, and the key is ours; with confirmed
      // failures only once it is taken for failed (out of the tables), not while merely silent to us
      if (pred != null) {
        boolean silent = avoid.contains(pred.id()) || table.outOfReach(pred, now);
        if (!silent && table.usable(pred, now)) {
          return new Step(Kind.HAND_BACK, pred);
        }
        if (silent && confirm) {
          return new Step(Kind.NONE, null);
        }
      }
      return new Step(Kind.OWNER, self);
    }
    PeerRef succ = table.successor();
    if (succ.equals(self)) {
      return new Step(Kind.OWNER, self);
    }
    if (ctx.ring().inHalfOpen(key, self.id(), succ.id())) {
      for (PeerRef s : table.successors()) {
        boolean silent = avoid.contains(s.id()) || table.outOfReach(s, now);
        if (!silent && table.usable(s, now)) {
          return new Step(Kind.CANDIDATE, s);
        }
        if (confirm && silent) {
          // silent to us but not taken for failed: the key may be its; answering for the next
          // successor could name a wrong owner, so this step gives up (the origin tries again)
          return new Step(Kind.NONE, null);
        }
      }
      return new Step(Kind.NONE, null);
    }
    PeerRef next = ctx.config().successorRouting()
        ? table.closestPrecedingWithSuccessors(key, now, avoid) : table.closestPreceding(key, now, avoid);
    return next == null ? new Step(Kind.NONE, null) : new Step(Kind.NEXT, next);
  }

  /** The answer of an owner: itself, then its successors (the key's replicas), r entries in all. */
  List<PeerRef> ownerList() {
    List<PeerRef> s = ctx.table().successors();
    List<PeerRef> out = new ArrayList<>(s.size() + 1);
    out.add(ctx.self());
    for (PeerRef p : s) {
      if (out.size() == ctx.config().successors()) {
        break;
      }
      if (!p.equals(ctx.self())) {
        out.add(p);
      }
    }
    return out;
  }
}
