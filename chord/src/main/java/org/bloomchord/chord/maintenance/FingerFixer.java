package org.bloomchord.chord.maintenance;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupEngine;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.chord.wire.ChordMessages.Fingers;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Fix-fingers: checks one finger per round by asking it for its predecessor, and looks up the
 * finger's start only when a peer joined before the finger (or the finger is gone); every later
 * finger the answer covers is filled too, and a check that changed a finger goes on to the next
 * in the same round. A joiner seeds its fingers from its successor's and its predecessor's
 * ({@link GetFingers}) and checks them all at once; a finger whose peer was suspected is repaired
 * by a lookup. At most one round is in flight at a time.
 *
 * <p>With finger pushes on ({@link ChordConfig#fingerPush()}) the peers that checked this one as
 * their finger are remembered ({@link FingerCheckers}) and told when a peer joins just before it
 * ({@link FingerJoined}); this class moves the fingers such a push names and checks the joiner
 * ({@link #onFingerJoined}). Fix-fingers' rounds go on as before: a push that is lost, or a finger
 * set without a check, costs only the time until the round reaches it.
 *
 * <p>With proximity neighbour selection on ({@link org.bloomchord.chord.ChordConfig#proximity()}),
 * {@link ProximityRound} does the check instead and picks the finger by round trip.
 */
final class FingerFixer {

  private final ChordContext ctx;
  private final LookupEngine lookups;
  private final MaintenanceSchedule schedule;
  private final BooleanSupplier paused;
  private final ProximityRound proximity;
  private int nextFinger = 1;
  private boolean fixing;
  /** The fingers a push moved and no check has reached since, bit i - 1 for finger i. */
  private long pushed;

  FingerFixer(ChordContext ctx, LookupEngine lookups, MaintenanceSchedule schedule, BooleanSupplier paused) {
    this.ctx = ctx;
    this.lookups = lookups;
    this.schedule = schedule;
    this.paused = paused;
    this.proximity = ctx.config().proximity() ? new ProximityRound(ctx, this::lookupFinger) : null;
  }

  /**
   * One fix-fingers round: checks the next finger and fills those the answer covers. Finger 1 is
   * the successor and needs no message, so a round starts at the first finger beyond it. A check
   * that changed a finger goes on to the next finger at once, in the same round, up to finger m:
   * after joins most fingers are stale in runs, and a ring that just doubled would otherwise take
   * a round per finger (about log2 N rounds) to put them right; a check that finds its finger
   * right ends the round, so a stable ring costs one check a round as before.
   */
  void fixNextFinger() {
    if (paused.getAsBoolean() || fixing || ctx.state() != PeerState.ACTIVE) {
      return;
    }
    int i = nextFinger;
    if (i == 1) {
      i = ctx.table().fillFinger(1, ctx.table().successor(), ctx.now());
      if (i == 1) {
        return;
      }
    }
    fixing = true;
    fixFrom(i, ctx.table().fingerChanges());
  }

  private void fixFrom(int i, long changesBefore) {
    long changes = ctx.table().fingers().changes();
    checkFinger(i).onComplete(ar -> {
      pushed &= ~(1L << (i - 1));
      int next = ar.succeeded() ? ar.result() : following(i);
      boolean going = running();
      if (proximity == null && ar.succeeded() && next > i && ctx.table().fingers().changes() != changes && going) {
        fixFrom(next, changesBefore);
        return;
      }
      if (pushed != 0 && going) {
        fixFrom(firstPushed(), changesBefore);
        return;
      }
      fixing = false;
      nextFinger = next;
      schedule.fingersChecked(ar.succeeded() && ctx.table().fingerChanges() == changesBefore);
    });
  }

  /**
   * A finger ({@code from}) told that {@code m.joined()} joined just before it: every finger that
   * names {@code from} and whose start the joiner lies at or after (and before {@code from}) moves
   * to the joiner, which is then checked at once (in a new round, or first in the next one when a
   * round is in flight), so the joiner learns this peer as its checker and a second peer that joined
   * before the first is found too. Ignored with proximity neighbour selection (fingers there are
   * chosen by round trip), from a peer that is no finger of ours, and for a joiner that is us or
   * suspected.
   */
  void onFingerJoined(PeerRef from, FingerJoined m) {
    PeerRef joined = m.joined();
    RoutingTable table = ctx.table();
    long now = ctx.now();
    if (proximity != null || !running() || joined.equals(ctx.self()) || !table.usable(joined, now)) {
      return;
    }
    var fingers = table.fingers();
    int first = 0;
    for (int i = 2; i <= ctx.ring().bits() && first == 0; i++) {
      PeerRef f = fingers.get(i);
      if (f != null && f.id() == from.id() && ctx.ring().inClosedOpen(joined.id(), fingers.start(i), from.id())) {
        first = i;
      }
    }
    if (first == 0) {
      return;
    }
    long before = fingers.changes();
    int after = table.fillFinger(first, joined, now);
    ctx.metrics().increment(ChordCounter.FINGER_PUSHED, fingers.changes() - before);
    // the sender forgot us on this push: a finger that still names it is checked too, so that the
    // sender learns us again for the next peer that joins before it
    if (after > first && from.equals(fingers.get(after))) {
      pushed |= 1L << (after - 1);
    }
    recheck(first);
  }

  /** Checks finger {@code i} at once, or after the round in flight (as a finger a push moved). */
  private void recheck(int i) {
    pushed |= 1L << (i - 1);
    if (!fixing) {
      checkPushed();
    }
  }

  /** With no round in flight: a round over the fingers pushes moved, when there are any. */
  private void checkPushed() {
    if (pushed != 0 && running()) {
      fixing = true;
      fixFrom(firstPushed(), ctx.table().fingerChanges());
    }
  }

  /** The lowest finger a push moved and no check has reached since. */
  private int firstPushed() {
    return Long.numberOfTrailingZeros(pushed) + 1;
  }

  /** Whether rounds may run: the peer is on the ring and maintenance is not paused. */
  private boolean running() {
    return ctx.state() == PeerState.ACTIVE && !paused.getAsBoolean();
  }

  /** Repairs finger {@code i} after its peer was suspected. */
  void repair(int i) {
    if (!paused.getAsBoolean() && ctx.state() == PeerState.ACTIVE) {
      lookupFinger(i);
    }
  }

  /**
   * A joiner's first fingers: the fingers of its successor and of its predecessor as hints
   * ({@link RoutingTable#seedFingers}), two requests at once instead of a lookup per finger;
   * fix-fingers checks them afterwards. The predecessor's finger k is the first peer at or after
   * pred + 2^(k-1), so when it lies at or after the joiner's own start it is the joiner's finger k
   * exactly (no peer can lie between), where the successor's lies after it by the gap between
   * joiner and successor, often with a peer or more in that gap: each such peer is one more step
   * of the check (Stoica et al., SIGCOMM 2001, section 4: a new node asks its
   * neighbours for their fingers).
   *
   * @param predecessor the joiner's predecessor, or null when it has none
   */
  void seed(PeerRef successor, PeerRef predecessor) {
    fixing = true;
    Future<Message> fromSuccessor = ctx.request(successor, new GetFingers());
    Future<Message> fromPredecessor = predecessor == null || predecessor.equals(ctx.self())
        || predecessor.equals(successor) ? Future.succeededFuture() : ctx.request(predecessor, new GetFingers());
    Future.join(fromSuccessor, fromPredecessor).onComplete(both -> {
      if (ctx.state() == PeerState.ACTIVE) {
        List<PeerRef> hints = new ArrayList<>();
        addFingers(fromSuccessor, hints);
        addFingers(fromPredecessor, hints);
        if (!hints.isEmpty()) {
          ctx.table().seedFingers(hints, ctx.now());
        }
      }
      checkAllFingers(2);
    });
  }

  private static void addFingers(Future<Message> answer, List<PeerRef> hints) {
    if (answer.succeeded() && answer.result() instanceof Fingers f) {
      hints.addAll(f.fingers());
    }
  }

  /**
   * Checks every finger from i on at once, one after the other, then hands over to the periodic
   * rounds: a joiner's seeded fingers may name peers that left, and with long fix-fingers periods
   * a round per finger would leave them unchecked for minutes.
   */
  private void checkAllFingers(int i) {
    if (ctx.state() != PeerState.ACTIVE || i <= 1) {
      endSeeding();
      return;
    }
    checkFinger(i).onComplete(ar -> {
      int next = ar.succeeded() ? ar.result() : following(i);
      if (next > i) {
        checkAllFingers(next);
      } else {
        endSeeding();
      }
    });
  }

  /** The joiner's check of its seeded fingers ended; the fingers pushes moved meanwhile are checked now. */
  private void endSeeding() {
    fixing = false;
    checkPushed();
  }

  /** Answers GetFingers: the distinct fingers, at most as many as a message may carry. */
  Message onGetFingers() {
    List<PeerRef> all = ctx.table().fingers().distinct();
    int max = ctx.config().maxPeersPerMessage();
    return new Fingers(all.size() > max ? all.subList(0, max) : all);
  }

  /**
   * Checks finger i with one request instead of a lookup: the finger f is still successor(start)
   * exactly when no peer lies in [start, f), i.e. when f's predecessor lies before the start (f's
   * predecessor being kept right by stabilize). When a peer p joined in [start, f), p is asked in
   * turn, walking back up to r steps (after a burst of joins a gap holds one or two new peers).
   * Only when that fails (no finger, no answer, no predecessor, too many steps) is the start
   * looked up. On a stable ring a round thus costs one round trip, and after joins a few, instead
   * of a lookup of about ½·log2 N hops each.
   */
  private Future<Integer> checkFinger(int i) {
    if (proximity != null) {
      return proximity.check(i);
    }
    RoutingTable table = ctx.table();
    PeerRef f = table.fingers().get(i);
    if (f == null || !table.usable(f, ctx.now())) {
      return lookupFinger(i);
    }
    return walkFinger(i, f, 0);
  }

  private Future<Integer> walkFinger(int i, PeerRef f, int step) {
    RoutingTable table = ctx.table();
    long start = table.fingers().start(i);
    if (f.id() == start) {
      return Future.succeededFuture(table.fillFinger(i, f, ctx.now()));
    }
    return ctx.request(f, new GetPredecessor(true, start)).compose(reply -> {
      if (ctx.state() != PeerState.ACTIVE) {
        return Future.succeededFuture(following(i));
      }
      Predecessor answer = reply instanceof Predecessor pr ? pr : null;
      if (answer != null && answer.holds()) {
        // f's predecessor lies before the start, as f judged it: f is still the finger
        return Future.succeededFuture(table.fillFinger(i, f, ctx.now()));
      }
      PeerRef p = answer == null ? null : answer.predecessor();
      if (p == null) {
        return lookupFinger(i);
      }
      if (!ctx.ring().inClosedOpen(p.id(), start, f.id())) {
        return Future.succeededFuture(table.fillFinger(i, f, ctx.now()));
      }
      ctx.metrics().increment(ChordCounter.FINGER_STALE, 1);
      if (step + 1 >= ctx.config().successors() || !table.usable(p, ctx.now())) {
        return lookupFinger(i);
      }
      PeerRef beyond = answer.beyond();
      if (beyond == null || p.id() == start) {
        return walkFinger(i, p, step + 1);
      }
      if (!ctx.ring().inClosedOpen(beyond.id(), start, p.id())) {
        // the finger's predecessor said its own predecessor lies before the start: p is the finger,
        // which with finger pushes is asked itself, so that it learns us as its checker
        return ctx.config().fingerPush() ? walkFinger(i, p, step + 1)
            : Future.succeededFuture(table.fillFinger(i, p, ctx.now()));
      }
      // one more peer joined before p: ask it straight away
      if (step + 2 >= ctx.config().successors() || !table.usable(beyond, ctx.now())) {
        return walkFinger(i, p, step + 1);
      }
      return walkFinger(i, beyond, step + 2);
    }, failure -> {
      ctx.suspect(f);
      return lookupFinger(i);
    });
  }

  /** Looks up the start of finger i and fills it; the future gives the next finger to refresh. */
  private Future<Integer> lookupFinger(int i) {
    long start = ctx.table().fingers().start(i);
    return lookups.lookup(start, LookupMode.RECURSIVE).compose(r -> {
      if (!r.found() || ctx.state() != PeerState.ACTIVE) {
        return Future.succeededFuture(following(i));
      }
      if (proximity != null) {
        return proximity.choose(i, r.successor(), r.successors());
      }
      PeerRef f = r.successor();
      if (ctx.config().fingerPush() && !f.equals(ctx.self())) {
        // the lookup did not ask f as a finger: one check, not awaited, makes f remember us for
        // the next peer that joins before it; should a peer have joined before f meanwhile, the
        // finger is checked again as a pushed one
        ctx.request(f, new GetPredecessor(true, start)).onSuccess(reply -> {
          if (reply instanceof Predecessor p && !p.holds()) {
            recheck(i);
          }
        });
      }
      return Future.succeededFuture(ctx.table().fillFinger(i, f, ctx.now()));
    });
  }

  private int following(int i) {
    return i == ctx.ring().bits() ? 1 : i + 1;
  }
}
