package org.bloomchord.chord.maintenance;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.Set;
import java.util.function.BiConsumer;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupEngine;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.wire.ChordMessages.JoinAccepted;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.Notify;
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
 *  joiner --JoinNotify--> S: joiner in (pred(S), S)? --yes--> hand-off, JoinAccepted(former pred, S's list)
 *                                                   --no---> Predecessor(closer joiner): walk back to it
 *  joiner: ACTIVE, predecessor = former pred --JoinedBefore--> former pred (takes joiner as successor)
 *  S without a predecessor: JoinAccepted(guess, guessed) --> joiner: ACTIVE, no predecessor
 *                           --JoinedBefore(guessed)--> guess: takes joiner as successor? --Notify--> joiner
 * </pre>
 */
final class Joiner {

  private final ChordContext ctx;
  private final LookupEngine lookups;
  private final Storage storage;
  private final Runnable activate;
  private final FingerFixer fingers;
  private final BiConsumer<PeerRef, PeerRef> told;

  /**
   * @param told called with the successor and the predecessor a join ended with: the successor
   *     knows that predecessor from the join itself, so stabilize need not tell it
   */
  Joiner(ChordContext ctx, LookupEngine lookups, Storage storage, Runnable activate, FingerFixer fingers,
      BiConsumer<PeerRef, PeerRef> told) {
    this.ctx = ctx;
    this.lookups = lookups;
    this.storage = storage;
    this.activate = activate;
    this.fingers = fingers;
    this.told = told;
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
      } else if (ar.succeeded() && ar.result() instanceof JoinAccepted n) {
        RoutingTable table = ctx.table();
        table.adoptSuccessors(succ, n.successors(), ctx.now());
        PeerRef former = n.predecessor();
        if (former != null && !former.equals(ctx.self())) {
          if (!n.guessed()) {
            table.setPredecessor(former);
            told.accept(succ, former);
          }
          ctx.runtime().send(former, new JoinedBefore(n.guessed()));
        }
        activate.run();
        fingers.seed(table.successor(), n.guessed() ? null : former);
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
      return Future.succeededFuture(new JoinAccepted(null, false, table.successors()));
    }
    if (from.equals(ctx.self()) || !(pred == null || ctx.ring().inOpen(from.id(), pred.id(), ctx.self().id()))) {
      return Future.succeededFuture(new Predecessor(pred));
    }
    table.answered(from);
    boolean alone = table.successor().equals(ctx.self());
    PeerRef before = pred != null ? pred : alone ? ctx.self() : closestBefore(from);
    boolean guessed = pred == null && !alone;
    table.setPredecessor(from);
    if (!guessed) {
      // the joiner takes our former predecessor as its own (alone, that is us, which the table
      // refuses): fix-fingers' checks may name it beyond
      table.predecessorTold(from, before);
    }
    if (alone) {
      table.offerSuccessor(from, ctx.now());
    }
    return storage.handOff(pred, from, m.holdsEntries()).transform(ignored -> Future.succeededFuture(
        (Message) new JoinAccepted(before, guessed, table.successors())));
  }

  /**
   * A guess at the joiner's predecessor when this peer has none (its predecessor was found dead):
   * the known peer closest before the joiner, or this peer when it knows none in between. The
   * joiner tells it {@link JoinedBefore} without taking it as predecessor; a peer takes a joiner as
   * successor only when it lies closer than the successor it has, so a guess can only shorten a
   * link, and one that does is the joiner's predecessor and notifies it. Without the guess the
   * joiner would be linked from behind by stabilize alone, and every later joiner behind it the
   * same way: a burst of joins into a gap whose owner had no predecessor grows a chain that the
   * peer before it walks back r peers a round. The guess must not become the joiner's predecessor
   * unconfirmed: this peer's tables point forward, so the peer closest before the joiner that
   * they know may lie half the ring back, and a joiner with that predecessor would answer for the
   * keys of every peer in between.
   */
  private PeerRef closestBefore(PeerRef joiner) {
    PeerRef known = ctx.table().closestPrecedingWithSuccessors(joiner.id(), ctx.now(), Set.of());
    return known == null ? ctx.self() : known;
  }

  /**
   * Handles a joiner's {@link JoinedBefore}: takes it as successor if it lies in (self, successor),
   * and, when the joiner's successor named this peer as a guess, tells the joiner that this peer
   * is its predecessor ({@link Notify}).
   */
  void onJoinedBefore(PeerRef from, JoinedBefore m) {
    RoutingTable table = ctx.table();
    PeerRef succ = table.successor();
    if (!from.equals(ctx.self()) && table.usable(from, ctx.now())
        && (succ.equals(ctx.self()) || ctx.ring().inOpen(from.id(), ctx.self().id(), succ.id()))) {
      table.offerSuccessor(from, ctx.now());
      if (m.guessed()) {
        ctx.runtime().send(from, new Notify());
      }
    }
  }
}
