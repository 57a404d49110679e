package org.bloomchord.chord.maintenance;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.store.Storage;
import org.bloomchord.chord.wire.ChordMessages;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Stabilize and notify, and the recovery of a peer that lost its successors.
 *
 * <p>Stabilize asks the successor for its predecessor and successor list, adopts a closer successor
 * if one appeared (walking back up to r steps in one round), rebuilds the successor list from the
 * successor's, and notifies the successor unless it already names this peer as its predecessor.
 * At most one round is in flight at a time.
 *
 * <p>Recovery: a peer whose successor list ran empty through suspicion (not through graceful
 * leaves) does not settle as a ring of one: it asks the suspected peers it remembers, nearest
 * first, and the bootstrap for their neighbours, with back-off between rounds, until one answers
 * (see {@link #recover()}). A remembered peer whose suspicion expired is asked again before the
 * successor ({@link #probeFormerSuccessor()}).
 */
final class Stabilizer {

  private final ChordContext ctx;
  private final Storage storage;
  private final MaintenanceSchedule schedule;
  private final BooleanSupplier paused;
  private boolean stabilizing;
  private boolean recovering;
  private boolean probing;
  private int recoveryFailures;
  private int recoveryWait;
  /** The successor list as last told to the predecessor (or as it was when we last looked). */
  private List<PeerRef> told = List.of();
  /** The successor last told our predecessor ({@link #predecessorFor}), and the predecessor told. */
  private PeerRef predecessorToldTo;
  private PeerRef predecessorTold;
  /** The successor list last heard in full in a stabilize answer, from whom, and its tag. */
  private PeerRef heardFrom;
  private List<PeerRef> heard = List.of();
  private long heardTag;
  /** Our successor list as last tagged for an answer (the table's list is immutable until it changes), and its tag. */
  private List<PeerRef> taggedList;
  private long ownTag;

  Stabilizer(ChordContext ctx, Storage storage, MaintenanceSchedule schedule, BooleanSupplier paused) {
    this.ctx = ctx;
    this.storage = storage;
    this.schedule = schedule;
    this.paused = paused;
  }

  private void stabilizeEnded(long changesBefore) {
    stabilizing = false;
    schedule.stabilized(ctx.table().neighbourChanges() == changesBefore);
  }

  /** One stabilize round. */
  void stabilize() {
    if (paused.getAsBoolean() || stabilizing || ctx.state() != PeerState.ACTIVE) {
      return;
    }
    RoutingTable table = ctx.table();
    probeFormerSuccessor();
    PeerRef succ = table.successor();
    if (succ.equals(ctx.self())) {
      PeerRef pred = table.predecessor();
      if (pred != null && table.offerSuccessor(pred, ctx.now()).taken()) {
        ctx.runtime().send(pred, new Notify());
      } else {
        recover();
      }
      return;
    }
    stabilizing = true;
    stabilizeWith(succ, 1, true, table.neighbourChanges());
  }

  /**
   * Asks {@code succ} for its neighbours. When its predecessor lies between us and it, that peer
   * becomes the successor and is asked in turn, up to r steps in one round: after a burst of joins
   * into one gap, every joiner first names the same old successor, and walking back within the
   * round settles the gap in one round instead of one round per joiner. A first failure of the
   * successor is retried at once, once.
   */
  private void stabilizeWith(PeerRef succ, int step, boolean mayRetry, long changesBefore) {
    RoutingTable table = ctx.table();
    long tag = succ.equals(heardFrom) ? heardTag : 0;
    ctx.request(succ, new GetNeighbors(predecessorFor(succ), tag)).onComplete(ar -> {
      if (ctx.state() != PeerState.ACTIVE) {
        stabilizeEnded(changesBefore);
        return;
      }
      if (!(ar.succeeded() && ar.result() instanceof Neighbors n)) {
        ctx.suspect(succ);
        if (mayRetry && table.usable(succ, ctx.now())) {
          // a first failure is only a strike: ask again at once (with the backed-off timeout)
          // rather than a period later, so that a crashed successor is suspected sooner
          stabilizeWith(succ, step, false, changesBefore);
        } else {
          stabilizeEnded(changesBefore);
        }
        return;
      }
      PeerRef x = n.predecessor();
      long now = ctx.now();
      if (x != null && ctx.ring().inOpen(x.id(), ctx.self().id(), succ.id()) && table.usable(x, now)) {
        table.offerSuccessor(x, now);
        if (step < ctx.config().successors() && table.successor().equals(x)) {
          stabilizeWith(x, step + 1, true, changesBefore);
          return;
        }
      } else {
        table.adoptSuccessors(succ, heard(succ, n, tag), now);
      }
      stabilizeEnded(changesBefore);
      PeerRef target = table.successor();
      // a successor that already names us as its predecessor needs no Notify
      if (!target.equals(ctx.self()) && !(target.equals(succ) && ctx.self().equals(x))) {
        ctx.runtime().send(target, new Notify(predecessorFor(target)));
      }
    });
  }

  /**
   * The successor list {@code n} gives: the list it holds, or, when it says the list is unchanged,
   * the list heard before, whose tag the request sent ({@code tag}; one round at a time, so
   * nothing was heard in between); a list sent in full is kept for the next request to
   * {@code from}. An answer that calls unchanged a list the request did not name gives no peer.
   */
  private List<PeerRef> heard(PeerRef from, Neighbors n, long tag) {
    if (n.unchanged()) {
      return tag != 0 ? heard : List.of();
    }
    heardFrom = from;
    heard = n.successors();
    heardTag = ChordMessages.listTag(heard);
    return heard;
  }

  /** Records that {@code succ} knows {@code pred} as our predecessor (a join told it). */
  void toldSuccessor(PeerRef succ, PeerRef pred) {
    predecessorToldTo = succ;
    predecessorTold = pred;
  }

  /**
   * Our predecessor, when {@code succ} was not told it yet, for {@link GetNeighbors#predecessor}
   * and {@link Notify#predecessor}: a successor keeps what its predecessor told until its
   * predecessor changes, so telling it once is enough and every other request carries no peer. A
   * successor that lost it (its predecessor changed and came back) answers without it, which
   * costs fix-fingers a step.
   */
  private PeerRef predecessorFor(PeerRef succ) {
    PeerRef pred = ctx.table().predecessor();
    if (pred == null || succ.equals(predecessorToldTo) && pred.equals(predecessorTold)) {
      return null;
    }
    predecessorToldTo = succ;
    predecessorTold = pred;
    return pred;
  }

  /**
   * One recovery round of a peer that knows no successor: asks the recovery candidates (the
   * suspected peers it remembers, nearest first, then the bootstrap) one after the other for their
   * neighbours and takes the first that answers as successor; stabilize then walks on to the true
   * successor. Nearest first matters: after a stall of every peer the nearest candidate is the
   * former successor, while a farther one could close a loop that stabilize never opens. After a
   * round in which nobody answered, the next rounds are skipped with back-off (1, 3, 7, then 15
   * rounds). A peer with no candidate at all is truly alone and does nothing.
   */
  private void recover() {
    if (recovering) {
      return;
    }
    if (recoveryWait > 0) {
      recoveryWait--;
      return;
    }
    List<PeerRef> candidates = new ArrayList<>(ctx.table().recoveryCandidates());
    PeerRef bootstrap = ctx.bootstrap();
    if (bootstrap != null && !bootstrap.equals(ctx.self()) && !candidates.contains(bootstrap)) {
      candidates.add(bootstrap);
    }
    if (!candidates.isEmpty()) {
      recovering = true;
      tryCandidate(candidates, 0);
    }
  }

  private void tryCandidate(List<PeerRef> candidates, int k) {
    RoutingTable table = ctx.table();
    if (ctx.state() != PeerState.ACTIVE || !table.successor().equals(ctx.self())) {
      recovering = false;
      return;
    }
    if (k == candidates.size()) {
      recovering = false;
      recoveryFailures++;
      recoveryWait = (1 << Math.min(recoveryFailures, 4)) - 1;
      return;
    }
    PeerRef c = candidates.get(k);
    ctx.request(c, new GetNeighbors()).onComplete(ar -> {
      if (ctx.state() == PeerState.ACTIVE && ar.succeeded() && ar.result() instanceof Neighbors n) {
        recovering = false;
        recoveryFailures = 0;
        table.answered(c);
        if (table.successor().equals(ctx.self()) && table.adoptSuccessors(c, n.successors(), ctx.now())) {
          ctx.metrics().increment(ChordCounter.RECOVERED, 1);
          ctx.runtime().send(c, new Notify());
        }
      } else {
        tryCandidate(candidates, k + 1);
      }
    });
  }

  /**
   * Asks again the nearest remembered suspected peer that lies before the successor, once its
   * suspicion has expired; when it answers it becomes the successor again. This undoes false
   * suspicions, and the wrong successors a stall leaves behind, which stabilize alone never would.
   */
  private void probeFormerSuccessor() {
    RoutingTable table = ctx.table();
    // a peer without successor asks its candidates in recover() instead
    boolean alone = table.successor().equals(ctx.self());
    PeerRef c = probing || alone ? null : table.probeCandidate(ctx.now());
    if (c == null) {
      return;
    }
    probing = true;
    ctx.request(c, new GetNeighbors()).onComplete(ar -> {
      probing = false;
      if (ctx.state() != PeerState.ACTIVE) {
        return;
      }
      if (ar.succeeded() && ar.result() instanceof Neighbors n) {
        table.answered(c);
        boolean nowAlone = table.successor().equals(ctx.self());
        if (nowAlone ? table.adoptSuccessors(c, n.successors(), ctx.now())
            : table.offerSuccessor(c, ctx.now()).taken()) {
          ctx.metrics().increment(ChordCounter.RECOVERED, 1);
          ctx.runtime().send(c, new Notify());
        }
      } else {
        ctx.drop(c, true);
      }
    });
  }

  /**
   * Tells the successor our predecessor when it was not told it yet ({@link Notify#predecessor}):
   * called once the tables settled after a change, so a new predecessor, or a new successor,
   * costs one message, and a ring that does not change sends none.
   */
  void tellSuccessor() {
    PeerRef succ = ctx.table().successor();
    if (succ.equals(ctx.self())) {
      return;
    }
    PeerRef pred = predecessorFor(succ);
    if (pred != null) {
      ctx.runtime().send(succ, new Notify(pred));
    }
  }

  /**
   * Handles Notify from {@code from}: adopts it as predecessor if it is closer, and keeps what it
   * told of its own predecessor ({@code itsPredecessor}, null for nothing new) when it is ours.
   */
  void onNotify(PeerRef from, PeerRef itsPredecessor) {
    RoutingTable table = ctx.table();
    PeerRef pred = table.predecessor();
    long now = ctx.now();
    if (from.equals(ctx.self()) || !table.usable(from, now)) {
      return;
    }
    if (pred == null || ctx.ring().inOpen(from.id(), pred.id(), ctx.self().id())) {
      table.setPredecessor(from);
      storage.handOff(pred, from);
    }
    if (table.successor().equals(ctx.self())) {
      table.offerSuccessor(from, now);
    }
    table.predecessorTold(from, itsPredecessor);
  }

  /**
   * Tells the predecessor our successor list when the part it copies (all but the last entry)
   * changed since we last told it, so the r lists that name a joiner or a departed peer learn of
   * it at once rather than one stabilize round per peer. One-way and best effort: stabilize still
   * rebuilds every list each round, so a lost or late push costs only time. Called on an active
   * peer, once its tables settled after a change.
   */
  void tellPredecessor() {
    if (!ctx.config().successorPush()) {
      return;
    }
    RoutingTable table = ctx.table();
    List<PeerRef> list = table.successors();
    List<PeerRef> copied = list.subList(0, Math.min(list.size(), ctx.config().successors() - 1));
    if (copied.equals(told)) {
      return;
    }
    told = List.copyOf(copied);
    PeerRef pred = table.predecessor();
    if (pred != null && !pred.equals(table.successor()) && table.usable(pred, ctx.now())) {
      ctx.runtime().send(pred, new SuccessorsChanged(list));
    }
  }

  /**
   * Handles our successor's {@link SuccessorsChanged}: adds the peers it names to our successor
   * list, each in its place, but removes none ({@link RoutingTable#extendSuccessors}). A joiner
   * thus reaches the r lists before it at once, while a peer the successor dropped stays with us
   * until our own stabilize round, which checks the successor's list and our entries' liveness:
   * a successor, rogue or wrong, cannot empty the lists before it faster than stabilize would.
   * From anyone but our successor the push is ignored.
   */
  void onSuccessorsChanged(PeerRef from, SuccessorsChanged m) {
    RoutingTable table = ctx.table();
    if (from.equals(table.successor())) {
      table.extendSuccessors(from, m.successors(), ctx.now());
    }
  }

  /**
   * Answers GetNeighbors: our predecessor and successor list, the list left out when it is the one
   * the asker holds ({@code listTag}, 0 for none). Most stabilize rounds of a ring that does not
   * change find the list unchanged, and a list names up to r peers, each of which the asker would
   * decode again.
   */
  Message onGetNeighbors(long listTag) {
    RoutingTable table = ctx.table();
    List<PeerRef> list = table.successors();
    if (listTag != 0) {
      if (list != taggedList) {
        taggedList = list;
        ownTag = ChordMessages.listTag(list);
      }
      if (listTag == ownTag) {
        return new Neighbors(table.predecessor(), List.of(), true);
      }
    }
    return new Neighbors(table.predecessor(), list);
  }
}
