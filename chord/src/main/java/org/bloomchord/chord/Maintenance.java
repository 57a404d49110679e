package org.bloomchord.chord;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.Fingers;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Ring maintenance of one peer: join, stabilize/notify, fix-fingers, check-predecessor, finger
 * repair after a suspicion, and the handling of neighbours' graceful leaves.
 *
 * <p>Stabilize asks the successor for its predecessor and successor list, adopts a closer successor
 * if one appeared, rebuilds the successor list from the successor's, and notifies the successor.
 * Fix-fingers checks one finger per round by asking it for its predecessor, and looks up the
 * finger's start only when a peer joined before the finger (or the finger is gone); every later
 * finger the answer covers is filled too. A joiner seeds its fingers from its successor's and
 * checks them all at once. Check-predecessor pings the predecessor and forgets it when it does not answer.
 * Neither sends what the other side already knows: no Notify to a successor that names us as its
 * predecessor, no Ping to a predecessor heard from within the last check period.
 * At most one round of each task is in flight at a time.
 *
 * <p>Recovery: a peer whose successor list ran empty through suspicion (not through graceful leaves)
 * does not settle as a ring of one: it asks the suspected peers it remembers, nearest first, and the
 * bootstrap for their neighbours, with back-off between rounds, until one answers (see {@link #recover()}).
 */
final class Maintenance {

  private final ChordPeer peer;
  private int nextFinger = 1;
  private boolean stabilizing;
  private boolean fixing;
  private boolean checking;
  private boolean recovering;
  private boolean probing;
  private PeerRef heardPredecessor;
  private long heardAt;
  private int recoveryFailures;
  private int recoveryWait;
  private boolean paused;
  private final MaintenanceSchedule schedule;

  Maintenance(ChordPeer peer) {
    this.peer = peer;
    this.schedule = new MaintenanceSchedule(peer.runtime(), peer.config(), this::stabilize, this::fixNextFinger,
        this::checkPredecessor);
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
    if (peer.state() != PeerState.JOINING) {
      joined.tryFail("join abandoned: peer is " + peer.state());
      return;
    }
    long timeout = peer.config().joinLookupTimeoutMs(attempt);
    peer.lookups().recursive(peer.self().id(), bootstrap, timeout).onComplete(ar -> {
      LookupResult r = ar.succeeded() ? ar.result() : null;
      if (peer.state() != PeerState.JOINING) {
        joined.tryFail("join abandoned: peer is " + peer.state());
      } else if (r != null && r.found() && !r.successor().equals(peer.self())
          && r.successor().id() != peer.self().id()) {
        announce(bootstrap, attempt, joined, r.successor(), 0, timeout);
      } else if (r != null && r.found()) {
        joined.tryFail("id " + Long.toUnsignedString(peer.self().id(), 16) + " is already on the ring");
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
    peer.runtime().request(succ, new JoinNotify(), timeout).onComplete(ar -> {
      if (peer.state() != PeerState.JOINING) {
        joined.tryFail("join abandoned: peer is " + peer.state());
      } else if (ar.succeeded() && ar.result() instanceof Neighbors n) {
        RoutingTable table = peer.table();
        table.adoptSuccessors(succ, n.successors(), peer.now());
        PeerRef former = n.predecessor();
        if (former != null && !former.equals(peer.self())) {
          table.setPredecessor(former);
          peer.runtime().send(former, new JoinedBefore());
        }
        peer.activate();
        seedFingers(table.successor());
        joined.tryComplete();
      } else if (ar.succeeded() && ar.result() instanceof Predecessor p && p.predecessor() != null
          && peer.ring().inOpen(p.predecessor().id(), peer.self().id(), succ.id())
          && step < peer.config().successors()) {
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
    if (attempt < peer.config().operationAttempts()) {
      peer.runtime().after(peer.config().stabilizeMs(), () -> attemptJoin(bootstrap, attempt + 1, joined));
    } else {
      joined.tryFail("join through " + bootstrap + " failed after " + attempt + " attempts");
    }
  }

  /**
   * Handles a joiner's {@link JoinNotify}: accepts it as predecessor when it lies in (predecessor,
   * self) (or is already the predecessor), hands over its keys, then answers with the former
   * predecessor and our successor list; a joiner that is not the closest answers {@link Predecessor}
   * with the peer that is, and looks up again.
   */
  Future<Message> onJoinNotify(PeerRef from) {
    RoutingTable table = peer.table();
    PeerRef pred = table.predecessor();
    if (from.equals(pred)) {
      return Future.succeededFuture(new Neighbors(null, table.successors()));
    }
    if (from.equals(peer.self()) || !(pred == null || peer.ring().inOpen(from.id(), pred.id(), peer.self().id()))) {
      return Future.succeededFuture(new Predecessor(pred));
    }
    table.answered(from);
    table.setPredecessor(from);
    if (table.successor().equals(peer.self())) {
      table.offerSuccessor(from, peer.now());
    }
    return peer.storage().handOff(pred, from).transform(ignored -> Future.succeededFuture(
        (Message) new Neighbors(pred, table.successors())));
  }

  /** Pauses or resumes the periodic tasks and finger repair ({@link ChordPeer#pauseMaintenance}). */
  void pause(boolean p) {
    paused = p;
  }

  boolean paused() {
    return paused;
  }

  /** Starts the periodic tasks, at fixed or adaptive periods ({@link MaintenanceSchedule}). */
  void startTimers() {
    schedule.start();
  }

  /** Cancels the periodic tasks. */
  void stopTimers() {
    schedule.stop();
  }

  /** The tables changed or a peer was suspected: adaptive periods return to their floors. */
  void tablesChanged() {
    schedule.changed();
  }

  /** The current stabilize interval (the configured period unless maintenance is adaptive). */
  long stabilizePeriodMs() {
    return schedule.stabilizePeriodMs();
  }

  /** The current fix-fingers interval (the configured period unless maintenance is adaptive). */
  long fixFingersPeriodMs() {
    return schedule.fixFingersPeriodMs();
  }

  private void stabilizeEnded(long version) {
    stabilizing = false;
    schedule.stabilized(peer.table().version() == version);
  }

  /** One stabilize round. */
  void stabilize() {
    if (paused || stabilizing || peer.state() != PeerState.ACTIVE) {
      return;
    }
    RoutingTable table = peer.table();
    probeFormerSuccessor();
    PeerRef succ = table.successor();
    if (succ.equals(peer.self())) {
      PeerRef pred = table.predecessor();
      if (pred != null && table.offerSuccessor(pred, peer.now())) {
        peer.runtime().send(pred, new Notify());
      } else {
        recover();
      }
      return;
    }
    stabilizing = true;
    stabilizeWith(succ, 1, true, table.version());
  }

  /**
   * Asks {@code succ} for its neighbours. When its predecessor lies between us and it, that peer
   * becomes the successor and is asked in turn, up to r steps in one round: after a burst of joins
   * into one gap, every joiner first names the same old successor, and walking back within the
   * round settles the gap in one round instead of one round per joiner. A first failure of the
   * successor is retried at once, once.
   */
  private void stabilizeWith(PeerRef succ, int step, boolean mayRetry, long version) {
    RoutingTable table = peer.table();
    peer.request(succ, new GetNeighbors()).onComplete(ar -> {
      if (peer.state() != PeerState.ACTIVE) {
        stabilizeEnded(version);
        return;
      }
      if (!(ar.succeeded() && ar.result() instanceof Neighbors n)) {
        peer.suspect(succ);
        if (mayRetry && table.usable(succ, peer.now())) {
          // a first failure is only a strike: ask again at once (with the backed-off timeout)
          // rather than a period later, so that a crashed successor is suspected sooner
          stabilizeWith(succ, step, false, version);
        } else {
          stabilizeEnded(version);
        }
        return;
      }
      PeerRef x = n.predecessor();
      long now = peer.now();
      if (x != null && peer.ring().inOpen(x.id(), peer.self().id(), succ.id()) && table.usable(x, now)) {
        table.offerSuccessor(x, now);
        if (step < peer.config().successors() && table.successor().equals(x)) {
          stabilizeWith(x, step + 1, true, version);
          return;
        }
      } else {
        table.adoptSuccessors(succ, n.successors(), now);
      }
      stabilizeEnded(version);
      PeerRef target = table.successor();
      // a successor that already names us as its predecessor needs no Notify
      if (!target.equals(peer.self()) && !(target.equals(succ) && peer.self().equals(x))) {
        peer.runtime().send(target, new Notify());
      }
    });
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
    List<PeerRef> candidates = new ArrayList<>(peer.table().recoveryCandidates());
    PeerRef bootstrap = peer.bootstrap();
    if (bootstrap != null && !bootstrap.equals(peer.self()) && !candidates.contains(bootstrap)) {
      candidates.add(bootstrap);
    }
    if (!candidates.isEmpty()) {
      recovering = true;
      tryCandidate(candidates, 0);
    }
  }

  private void tryCandidate(List<PeerRef> candidates, int k) {
    RoutingTable table = peer.table();
    if (peer.state() != PeerState.ACTIVE || !table.successor().equals(peer.self())) {
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
    peer.request(c, new GetNeighbors()).onComplete(ar -> {
      if (peer.state() == PeerState.ACTIVE && ar.succeeded() && ar.result() instanceof Neighbors n) {
        recovering = false;
        recoveryFailures = 0;
        table.answered(c);
        if (table.successor().equals(peer.self()) && table.adoptSuccessors(c, n.successors(), peer.now())) {
          peer.metrics().increment("chord.recovered", 1);
          peer.runtime().send(c, new Notify());
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
    RoutingTable table = peer.table();
    // a peer without successor asks its candidates in recover() instead
    boolean alone = table.successor().equals(peer.self());
    PeerRef c = probing || alone ? null : table.probeCandidate(peer.now());
    if (c == null) {
      return;
    }
    probing = true;
    peer.request(c, new GetNeighbors()).onComplete(ar -> {
      probing = false;
      if (peer.state() != PeerState.ACTIVE) {
        return;
      }
      if (ar.succeeded() && ar.result() instanceof Neighbors n) {
        table.answered(c);
        boolean nowAlone = table.successor().equals(peer.self());
        if (nowAlone ? table.adoptSuccessors(c, n.successors(), peer.now()) : table.offerSuccessor(c, peer.now())) {
          peer.metrics().increment("chord.recovered", 1);
          peer.runtime().send(c, new Notify());
        }
      } else {
        peer.drop(c, true);
      }
    });
  }

  /** Handles Notify from {@code from}: adopts it as predecessor if it is closer. */
  void onNotify(PeerRef from) {
    RoutingTable table = peer.table();
    PeerRef pred = table.predecessor();
    long now = peer.now();
    if (from.equals(peer.self()) || !table.usable(from, now)) {
      return;
    }
    if (pred == null || peer.ring().inOpen(from.id(), pred.id(), peer.self().id())) {
      table.setPredecessor(from);
      peer.storage().handOff(pred, from);
    }
    if (table.successor().equals(peer.self())) {
      table.offerSuccessor(from, now);
    }
  }

  /** Handles a joiner's {@link JoinedBefore}: takes it as successor if it lies in (self, successor). */
  void onJoinedBefore(PeerRef from) {
    RoutingTable table = peer.table();
    PeerRef succ = table.successor();
    if (!from.equals(peer.self()) && table.usable(from, peer.now())
        && (succ.equals(peer.self()) || peer.ring().inOpen(from.id(), peer.self().id(), succ.id()))) {
      table.offerSuccessor(from, peer.now());
    }
  }

  /** Notes that {@code from} was heard from (any accepted message), for check-predecessor. */
  void heardFrom(PeerRef from) {
    if (from.equals(peer.table().predecessor())) {
      heardPredecessor = from;
      heardAt = peer.now();
    }
  }

  /** Answers GetNeighbors. */
  Message onGetNeighbors() {
    return new Neighbors(peer.table().predecessor(), peer.table().successors());
  }

  /**
   * One fix-fingers round: checks the next finger and fills those the answer covers. Finger 1 is
   * the successor and needs no message, so a round starts at the first finger beyond it.
   */
  void fixNextFinger() {
    if (paused || fixing || peer.state() != PeerState.ACTIVE) {
      return;
    }
    int i = nextFinger;
    if (i == 1) {
      i = peer.table().fillFinger(1, peer.table().successor(), peer.now());
      if (i == 1) {
        return;
      }
    }
    fixing = true;
    int round = i;
    long version = peer.table().version();
    checkFinger(round).onComplete(ar -> {
      fixing = false;
      nextFinger = ar.succeeded() ? ar.result() : following(round);
      schedule.fingersChecked(ar.succeeded() && peer.table().version() == version);
    });
  }

  /** Repairs finger {@code i} after its peer was suspected. */
  void repairFinger(int i) {
    if (!paused && peer.state() == PeerState.ACTIVE) {
      lookupFinger(i);
    }
  }

  /**
   * A joiner's first fingers: the successor's fingers as hints ({@link RoutingTable#seedFingers}),
   * one request instead of a lookup per finger; fix-fingers checks them afterwards.
   */
  private void seedFingers(PeerRef successor) {
    fixing = true;
    peer.request(successor, new GetFingers()).onComplete(ar -> {
      if (peer.state() == PeerState.ACTIVE && ar.succeeded() && ar.result() instanceof Fingers f) {
        peer.table().seedFingers(f.fingers(), peer.now());
      }
      checkAllFingers(2);
    });
  }

  /**
   * Checks every finger from i on at once, one after the other, then hands over to the periodic
   * rounds: a joiner's seeded fingers may name peers that left, and with long fix-fingers periods
   * a round per finger would leave them unchecked for minutes.
   */
  private void checkAllFingers(int i) {
    if (peer.state() != PeerState.ACTIVE || i <= 1) {
      fixing = false;
      return;
    }
    checkFinger(i).onComplete(ar -> {
      int next = ar.succeeded() ? ar.result() : following(i);
      if (next > i) {
        checkAllFingers(next);
      } else {
        fixing = false;
      }
    });
  }

  /** Answers GetFingers: the distinct fingers, at most as many as a message may carry. */
  Message onGetFingers() {
    List<PeerRef> all = peer.table().fingers().distinct();
    int max = peer.config().maxPeersPerMessage();
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
    RoutingTable table = peer.table();
    PeerRef f = table.fingers().get(i);
    if (f == null || !table.usable(f, peer.now())) {
      return lookupFinger(i);
    }
    return walkFinger(i, f, 0);
  }

  private Future<Integer> walkFinger(int i, PeerRef f, int step) {
    RoutingTable table = peer.table();
    long start = table.fingers().start(i);
    if (f.id() == start) {
      return Future.succeededFuture(table.fillFinger(i, f, peer.now()));
    }
    return peer.request(f, new GetPredecessor()).compose(reply -> {
      if (peer.state() != PeerState.ACTIVE) {
        return Future.succeededFuture(following(i));
      }
      PeerRef p = reply instanceof Predecessor pr ? pr.predecessor() : null;
      if (p == null) {
        return lookupFinger(i);
      }
      if (p.id() != start && !peer.ring().inOpen(p.id(), start, f.id())) {
        return Future.succeededFuture(table.fillFinger(i, f, peer.now()));
      }
      peer.metrics().increment("chord.fingerStale", 1);
      if (step + 1 >= peer.config().successors() || !table.usable(p, peer.now())) {
        return lookupFinger(i);
      }
      return walkFinger(i, p, step + 1);
    }, failure -> {
      peer.suspect(f);
      return lookupFinger(i);
    });
  }

  /** Looks up the start of finger i and fills it; the future gives the next finger to refresh. */
  private Future<Integer> lookupFinger(int i) {
    long start = peer.table().fingers().start(i);
    return peer.lookups().lookup(start, LookupMode.RECURSIVE).map(r -> {
      if (!r.found() || peer.state() != PeerState.ACTIVE) {
        return following(i);
      }
      return peer.table().fillFinger(i, r.successor(), peer.now());
    });
  }

  private int following(int i) {
    return i == peer.ring().bits() ? 1 : i + 1;
  }

  /**
   * One check-predecessor round: pings the predecessor unless it was heard from within the last
   * period (a live predecessor stabilizes with us every stabilize period, so on a stable ring the
   * ping is redundant and skipped).
   */
  void checkPredecessor() {
    PeerRef pred = peer.table().predecessor();
    if (paused || checking || pred == null || peer.state() != PeerState.ACTIVE
        || (pred.equals(heardPredecessor) && peer.now() - heardAt < quietWindowMs())) {
      return;
    }
    checking = true;
    peer.request(pred, new Ping()).onComplete(ar -> {
      checking = false;
      if (!(ar.succeeded() && ar.result() instanceof Ack)) {
        peer.suspect(pred);
      }
    });
  }

  /**
   * How long a predecessor heard from needs no ping: the check period, or, while stabilize backs
   * off, two of our own stabilize intervals (a live predecessor stabilizes with us about as often).
   */
  private long quietWindowMs() {
    return Math.max(peer.config().checkPredecessorMs(), 2 * stabilizePeriodMs());
  }

  /** Handles the leave of our successor {@code from}, which passes its successor list. */
  void onSuccessorLeaving(PeerRef from, SuccessorLeaving m) {
    RoutingTable table = peer.table();
    boolean wasSuccessor = table.successor().equals(from);
    peer.drop(from, false);
    if (wasSuccessor && !m.successors().isEmpty()) {
      List<PeerRef> rest = m.successors().subList(1, m.successors().size());
      table.adoptSuccessors(m.successors().get(0), rest, peer.now());
    }
  }

  /** Handles the leave of our predecessor {@code from}, which passes its own predecessor. */
  void onPredecessorLeaving(PeerRef from, PredecessorLeaving m) {
    RoutingTable table = peer.table();
    boolean wasPredecessor = from.equals(table.predecessor());
    peer.drop(from, false);
    PeerRef p = m.predecessor();
    if (wasPredecessor && p != null && !p.equals(peer.self()) && table.usable(p, peer.now())) {
      table.setPredecessor(p);
    }
  }
}
