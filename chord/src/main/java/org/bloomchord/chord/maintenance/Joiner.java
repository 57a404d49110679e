package org.bloomchord.chord.maintenance;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.Set;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupEngine;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Joins, both sides: the joiner looks up its own id through the bootstrap, announces itself to the
 * successor the lookup named ({@link JoinNotify}) and takes part only once that successor accepted
 * it and handed over its keys; the successor accepts a joiner that lies in (predecessor, self).
 *
 * <pre>
 *  joiner --lookup(own id) via bootstrap--> successor S named
 *  joiner --JoinNotify--> S: joiner in (pred(S), S)? --yes--> hand-off, Neighbors(former pred, S's list)
 *                                                   --no---> Predecessor(closer joiner): walk back to it
 *  joiner: ACTIVE, predecessor = former pred --JoinedBefore--> former pred (takes joiner as successor)
 * </pre>
 */
final class Joiner {

  private final ChordContext ctx;
  private final LookupEngine lookups;
  private final Storage storage;
  private final Runnable activate;
  private final FingerFixer fingers;

  Joiner(ChordContext ctx, LookupEngine lookups, Storage storage, Runnable activate, FingerFixer fingers) {
    this.ctx = ctx;
    this.lookups = lookups;
    this.storage = storage;
    this.activate = activate;
    this.fingers = fingers;
  }

  /**
   * Joins through {@code bootstrap}: looks up the own id there, retrying up to operationAttempts
   * times, each attempt waiting longer ({@link ChordConfig#joinLookupTimeoutMs}): a join that timed
   * out because the ring was busy (a burst of joins) is given more time, not the same time again.
   */
  Future<Void> join(PeerRef bootstrap) {
    Promise<Void> joined = Promise.promise();
    attemptJoin(bootstrap, 1, joined);
    return joined.future();
  }

  private void attemptJoin(PeerRef bootstrap, int attempt, Promise<Void> joined) {
    if (ctx.state() != PeerState.JOINING) {
      joined.tryFail("join abandoned: peer is " + ctx.state());
      return;
    }
    long timeout = ctx.config().joinLookupTimeoutMs(attempt);
    lookups.recursive(ctx.self().id(), bootstrap, timeout).onComplete(ar -> {
      LookupResult r = ar.succeeded() ? ar.result() : null;
      if (ctx.state() != PeerState.JOINING) {
        joined.tryFail("join abandoned: peer is " + ctx.state());
      } else if (r != null && r.found() && !r.successor().equals(ctx.self())
          && r.successor().id() != ctx.self().id()) {
        announce(bootstrap, attempt, joined, r.successor(), 0, timeout);
      } else if (r != null && r.found()) {
        joined.tryFail("id " + Long.toUnsignedString(ctx.self().id(), 16) + " is already on the ring");
      } else {
        retryJoin(bootstrap, attempt, joined);
      }
    });
  }

  /**
   * Aggressive join: tells the successor the lookup named at once ({@link JoinNotify}) and takes
   * part in the ring only when it accepted us as predecessor and handed over our keys; until then
   * the successor keeps answering for our range, after it hands our range's lookups back to us.
   * Our predecessor is the successor's former one.
   */
  private void announce(PeerRef bootstrap, int attempt, Promise<Void> joined, PeerRef succ, int step,
      long timeout) {
    ctx.runtime().request(succ, new JoinNotify(storage.holdsEntries()), timeout).onComplete(ar -> {
      if (ctx.state() != PeerState.JOINING) {
        joined.tryFail("join abandoned: peer is " + ctx.state());
      } else if (ar.succeeded() && ar.result() instanceof Neighbors n) {
        RoutingTable table = ctx.table();
        table.adoptSuccessors(succ, n.successors(), ctx.now());
        PeerRef former = n.predecessor();
        if (former != null && !former.equals(ctx.self())) {
          table.setPredecessor(former);
          ctx.runtime().send(former, new JoinedBefore());
        }
        activate.run();
        fingers.seed(table.successor());
        joined.tryComplete();
      } else if (ar.succeeded() && ar.result() instanceof Predecessor p && p.predecessor() != null
          && ctx.ring().inOpen(p.predecessor().id(), ctx.self().id(), succ.id())
          && step < ctx.config().successors()) {
        // another joiner came first and lies between us and succ: it is our successor; in a burst
        // of joins into one gap, walking back settles every joiner without a new lookup
        announce(bootstrap, attempt, joined, p.predecessor(), step + 1, timeout);
      } else {
        // refused or silent: look up again
        retryJoin(bootstrap, attempt, joined);
      }
    });
  }

  private void retryJoin(PeerRef bootstrap, int attempt, Promise<Void> joined) {
    if (attempt < ctx.config().operationAttempts()) {
      ctx.runtime().after(ctx.config().stabilizeMs(), () -> attemptJoin(bootstrap, attempt + 1, joined));
    } else {
      joined.tryFail("join through " + bootstrap + " failed after " + attempt + " attempts");
    }
  }

  /**
   * Handles a joiner's {@link JoinNotify}: accepts it as predecessor when it lies in (predecessor,
   * self) (or is already the predecessor), hands over its keys, then answers with the former
   * predecessor and our successor list; a joiner that is not the closest answers {@link Predecessor}
   * with the peer that is, and looks up again. The hand-off pushes the range at once to a joiner
   * whose store is empty and reconciles with one that restarted on its old store
   * ({@link Storage#handOff(PeerRef, PeerRef, boolean)}), so that a new peer is not held in
   * {@code JOINING} through a reconciliation with nothing.
   */
  Future<Message> onJoinNotify(PeerRef from, JoinNotify m) {
    RoutingTable table = ctx.table();
    PeerRef pred = table.predecessor();
    if (from.equals(pred)) {
      return Future.succeededFuture(new Neighbors(null, table.successors()));
    }
    if (from.equals(ctx.self()) || !(pred == null || ctx.ring().inOpen(from.id(), pred.id(), ctx.self().id()))) {
      return Future.succeededFuture(new Predecessor(pred));
    }
    table.answered(from);
    PeerRef before = pred != null ? pred : closestBefore(from);
    table.setPredecessor(from);
    if (table.successor().equals(ctx.self())) {
      table.offerSuccessor(from, ctx.now());
    }
    return storage.handOff(pred, from, m.holdsEntries()).transform(ignored -> Future.succeededFuture(
        (Message) new Neighbors(before, table.successors())));
  }

  /**
   * The joiner's predecessor as far as this peer knows when it has none itself (alone, or its
   * predecessor was found dead): the known peer closest before the joiner, or this peer when it
   * knows none in between. The joiner tells it {@link JoinedBefore}, and a peer takes a joiner as
   * successor only when it lies closer than the successor it has, so a guess can only shorten a
   * link. Without it the joiner would be linked from behind by stabilize alone, and every later
   * joiner behind it the same way: a burst of joins into a gap whose owner had no predecessor
   * grows a chain that the peer before it walks back r peers a round.
   */
  private PeerRef closestBefore(PeerRef joiner) {
    PeerRef known = ctx.table().closestPrecedingWithSuccessors(joiner.id(), ctx.now(), Set.of());
    return known == null ? ctx.self() : known;
  }

  /** Handles a joiner's {@link JoinedBefore}: takes it as successor if it lies in (self, successor). */
  void onJoinedBefore(PeerRef from) {
    RoutingTable table = ctx.table();
    PeerRef succ = table.successor();
    if (!from.equals(ctx.self()) && table.usable(from, ctx.now())
        && (succ.equals(ctx.self()) || ctx.ring().inOpen(from.id(), ctx.self().id(), succ.id()))) {
      table.offerSuccessor(from, ctx.now());
    }
  }
}
