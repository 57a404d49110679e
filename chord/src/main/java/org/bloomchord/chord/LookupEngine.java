package org.bloomchord.chord;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupMode;
import org.bloomchord.chord.lookup.LookupOutcome;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.NextHop;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Lookups of one peer: as origin (recursive and iterative) and as a hop of others' lookups.
 *
 * <p>The answer comes from the owner. A peer that finds the key between itself and its successor
 * does not name that successor (it may have crashed, or a peer may have joined in between): it
 * forwards the query to it as a <em>final</em> step. The receiver answers the origin itself when the
 * key lies in its range (predecessor, self]; when its predecessor lies between the key and it (a
 * peer that joined there) it hands the query back to that predecessor, which decides in turn. A
 * silent candidate is routed around through the successor list, a silent predecessor by answering
 * as owner (everything between the key and this peer is then known to be silent). So the peer a
 * lookup returns was alive, and by its own tables responsible, when it answered; the origin accepts
 * a successful answer only from the peer it names.
 *
 * <pre>
 *  origin -- FindSuccessor --> hop ... --> P: key in (P, S]?  -- final step --> S
 *                                                                              |
 *        S: key in (pred(S), S]? ---- yes ----> LookupDone(S, S's successors) --> origin
 *           pred(S) in [key, S)? ---- yes ----> final step to pred(S), which decides the same way
 *           S silent?            ---- P tries the next entry of its successor list
 * </pre>
 *
 * <p>Each hop acknowledges a {@link FindSuccessor} at once; a next hop that does not acknowledge
 * within the request timeout gets a strike and the query is routed again around it (for this
 * query only; the table suspects the peer at its second failure in a row). Iterative lookups take
 * the same decisions, asked one peer at a time by the origin. The origin starts a second attempt
 * when the first stays silent for half the lookup timeout (a hop that acknowledged and then
 * crashed loses the query), retries an attempt a hop gave up on with back-off, and gives up after
 * {@code lookupTimeoutMs}.
 *
 * <p>Invariants: a hop routes each recursive lookup (lookup id, origin) at most once among its last
 * {@value #SEEN}; the origin accepts the first answer of a lookup and counts later ones
 * ({@code chord.lateLookupAnswer}).
 */
final class LookupEngine {

  /** Recent recursive lookups remembered per peer, to drop duplicate forwards (512 bytes). */
  private static final int SEEN = 64;

  private final ChordPeer peer;
  /** Lookups this peer started, by the id of each of their attempts. */
  private final Map<Long, Pending> pending = new HashMap<>();
  private final long[] seen = new long[SEEN];
  private int seenNext;

  /** What a peer does with a query for a key, by its own tables. */
  private enum Kind {
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

  private record Step(Kind kind, PeerRef peer) {
  }

  /** A lookup this peer started: one or two attempts under one deadline. */
  private final class Pending {
    final long key;
    final Promise<LookupResult> promise = Promise.promise();
    final long started;
    final PeerRef first;
    final List<Long> ids = new ArrayList<>(2);
    Cancellable deadline;
    Cancellable hedge;
    int attempts;

    Pending(long key, PeerRef first, long started) {
      this.key = key;
      this.first = first;
      this.started = started;
    }

    void finish(LookupResult r) {
      deadline.cancel();
      hedge.cancel();
      ids.forEach(pending::remove);
      promise.tryComplete(r);
    }
  }

  LookupEngine(ChordPeer peer) {
    this.peer = peer;
  }

  /** Looks up the successor of {@code key} from this peer. */
  Future<LookupResult> lookup(long key, LookupMode mode) {
    return mode == LookupMode.ITERATIVE ? iterative(key) : recursive(key, null, peer.config().lookupTimeoutMs());
  }

  /**
   * A recursive lookup whose first hop is {@code first} (the join's bootstrap peer), or this peer's
   * own routing when {@code first} is null, giving up after {@code timeoutMs}.
   */
  Future<LookupResult> recursive(long key, PeerRef first, long timeoutMs) {
    Pending p = new Pending(key, first, peer.now());
    p.deadline = peer.runtime().after(timeoutMs, () -> {
      peer.metrics().increment("chord.lookupTimedOut", 1);
      p.finish(LookupResult.failed(key, LookupOutcome.TIMED_OUT, 0, 0, peer.now() - p.started));
    });
    // a hop that acknowledged and then crashed loses the query: a second attempt goes out when the
    // first has been silent for half the time, and the first answer of either wins
    p.hedge = peer.runtime().after(timeoutMs / 2, () -> attempt(p));
    attempt(p);
    return p.promise.future();
  }

  private void attempt(Pending p) {
    if (p.promise.future().isComplete()) {
      return;
    }
    long id = peer.runtime().random().nextLong();
    while (pending.containsKey(id)) {
      id++;
    }
    p.attempts++;
    p.ids.add(id);
    pending.put(id, p);
    FindSuccessor q = new FindSuccessor(id, p.key, peer.self(), 0, 0, -1, 0);
    if (p.first == null) {
      route(q, Set.of());
    } else {
      forward(q, p.first, Kind.NEXT, Set.of());
    }
  }

  /**
   * Handles a {@link FindSuccessor}: routes it on and acknowledges; a query this peer has already
   * routed (a second copy, sent on by a hop that timed out while the first still travelled) is
   * acknowledged and dropped, so that a late Ack does not multiply one lookup into several.
   */
  Message onFindSuccessor(FindSuccessor q) {
    if (firstSeen(q.lookupId() ^ q.origin().id())) {
      route(q, Set.of());
    } else {
      peer.metrics().increment("chord.duplicateLookup", 1);
    }
    return new Ack();
  }

  private boolean firstSeen(long tag) {
    for (long t : seen) {
      if (t == tag) {
        return false;
      }
    }
    seen[seenNext] = tag;
    seenNext = (seenNext + 1) % SEEN;
    return true;
  }

  /**
   * Handles the answer of a lookup this peer started. A successful answer counts only when it comes
   * from the peer it names (the owner answers for itself); a failure from a hop that gave up is
   * retried with back-off while the deadline allows.
   */
  void onLookupDone(PeerRef from, LookupDone done) {
    Pending p = pending.get(done.lookupId());
    if (p == null) {
      peer.metrics().increment("chord.lateLookupAnswer", 1);
      return;
    }
    if (done.successor() != null && !done.successor().equals(from)) {
      peer.metrics().increment("chord.lookupAnswerRejected", 1);
      return;
    }
    long latency = peer.now() - p.started;
    if (done.successor() != null) {
      p.finish(new LookupResult(p.key, done.successor(), done.successors(), done.hops(), done.ownerHops(),
          done.timeouts(), LookupOutcome.FOUND, latency));
      return;
    }
    pending.remove(done.lookupId());
    if (p.attempts < peer.config().operationAttempts() && peer.state() != PeerState.STOPPED) {
      peer.metrics().increment("chord.lookupRetried", 1);
      peer.runtime().after(peer.config().requestTimeoutMs() << (p.attempts - 1), () -> attempt(p));
    } else if (p.ids.stream().noneMatch(pending::containsKey)) {
      p.finish(LookupResult.failed(p.key, LookupOutcome.FAILED, done.hops(), done.timeouts(), latency));
    }
  }

  /** Handles an iterative step asked by another peer. */
  Message onNextHopQuery(NextHopQuery q) {
    Step s = decide(q.key(), q.candidate(), q.bound(), new HashSet<>(q.exclude()));
    return switch (s.kind()) {
      case OWNER -> new NextHop(true, false, peer.self(), ownerList());
      case CANDIDATE, HAND_BACK -> new NextHop(false, true, s.peer(), List.of());
      case NEXT -> new NextHop(false, false, s.peer(), List.of());
      case NONE -> new NextHop(false, false, null, List.of());
    };
  }

  /** Fails every lookup still waiting (the peer stops). */
  void cancelAll() {
    // completing a promise may start another lookup (a join's finger refresh), so iterate a copy
    for (Pending p : new LinkedHashSet<>(pending.values())) {
      p.finish(LookupResult.failed(p.key, LookupOutcome.ORIGIN_STOPPED, 0, 0, peer.now() - p.started));
    }
    pending.clear();
  }

  /**
   * The decision of this peer for {@code key}, leaving out the peers in {@code avoid} (silent for
   * this query). {@code last} says that a previous peer named this one as the key's successor,
   * believing the key to lie in (bound, self].
   */
  private Step decide(long key, boolean last, long bound, Set<Long> avoid) {
    RoutingTable table = peer.table();
    PeerRef self = peer.self();
    long now = peer.now();
    PeerRef pred = table.predecessor();
    if (pred != null && peer.ring().inHalfOpen(key, pred.id(), self.id())) {
      return new Step(Kind.OWNER, self);
    }
    if (last && peer.ring().inHalfOpen(key, bound, self.id())) {
      // our predecessor lies in [key, self): a peer joined there, so it decides; when it is silent
      // everything we know of between the key and us is silent, and the key is ours
      if (pred != null && !avoid.contains(pred.id()) && table.usable(pred, now)) {
        return new Step(Kind.HAND_BACK, pred);
      }
      return new Step(Kind.OWNER, self);
    }
    PeerRef succ = table.successor();
    if (succ.equals(self)) {
      return new Step(Kind.OWNER, self);
    }
    if (peer.ring().inHalfOpen(key, self.id(), succ.id())) {
      for (PeerRef s : table.successors()) {
        if (!avoid.contains(s.id()) && table.usable(s, now)) {
          return new Step(Kind.CANDIDATE, s);
        }
      }
      return new Step(Kind.NONE, null);
    }
    PeerRef next = table.closestPreceding(key, now, avoid);
    return next == null ? new Step(Kind.NONE, null) : new Step(Kind.NEXT, next);
  }

  private void route(FindSuccessor q, Set<Long> avoid) {
    Step s = decide(q.key(), q.isFinal(), q.bound(), avoid);
    if (s.kind() == Kind.OWNER) {
      int toPredecessor = q.isFinal() ? q.predecessorHops() : Math.max(0, q.hops() - 1);
      answer(q, new LookupDone(q.lookupId(), peer.self(), ownerList(), toPredecessor, q.timeouts(), q.hops()));
    } else if (s.kind() == Kind.NONE || q.hops() + q.timeouts() >= peer.config().maxHops()) {
      peer.metrics().increment("chord.lookupAbandoned", 1);
      answer(q, new LookupDone(q.lookupId(), null, List.of(), q.hops(), q.timeouts(), q.hops()));
    } else {
      forward(q, s.peer(), s.kind(), avoid);
    }
  }

  private void forward(FindSuccessor q, PeerRef next, Kind kind, Set<Long> avoid) {
    FindSuccessor fwd = switch (kind) {
      case CANDIDATE -> new FindSuccessor(q.lookupId(), q.key(), q.origin(), q.hops() + 1, q.timeouts(),
          q.isFinal() ? q.predecessorHops() : q.hops(), peer.self().id());
      case HAND_BACK -> new FindSuccessor(q.lookupId(), q.key(), q.origin(), q.hops() + 1, q.timeouts(),
          q.predecessorHops(), q.bound());
      default -> new FindSuccessor(q.lookupId(), q.key(), q.origin(), q.hops() + 1, q.timeouts(), -1, 0);
    };
    peer.request(next, fwd).onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof Ack) {
        return;
      }
      peer.suspect(next);
      FindSuccessor retry = new FindSuccessor(q.lookupId(), q.key(), q.origin(), q.hops(), q.timeouts() + 1,
          q.predecessorHops(), q.bound());
      if (peer.state() == PeerState.JOINING || peer.state() == PeerState.STOPPED) {
        answer(retry, new LookupDone(q.lookupId(), null, List.of(), q.hops(), q.timeouts() + 1, q.hops()));
      } else {
        // the retry goes around the silent peer at once; the table suspects it only at its
        // second failure in a row, so a peer that is merely slow keeps its place for other lookups
        Set<Long> around = new HashSet<>(avoid);
        around.add(next.id());
        route(retry, around);
      }
    });
  }

  private void answer(FindSuccessor q, LookupDone done) {
    if (q.origin().equals(peer.self())) {
      onLookupDone(peer.self(), done);
    } else {
      peer.runtime().send(q.origin(), done);
    }
  }

  /** The answer of an owner: itself, then its successors (the key's replicas), r entries in all. */
  List<PeerRef> ownerList() {
    List<PeerRef> s = peer.table().successors();
    List<PeerRef> out = new ArrayList<>(s.size() + 1);
    out.add(peer.self());
    for (PeerRef p : s) {
      if (out.size() == peer.config().successors()) {
        break;
      }
      if (!p.equals(peer.self())) {
        out.add(p);
      }
    }
    return out;
  }

  // ---- iterative

  private Future<LookupResult> iterative(long key) {
    Iteration it = new Iteration(key, Promise.promise(), peer.now());
    it.path.add(new Visit(peer.self(), false, 0));
    it.deadline = peer.runtime().after(peer.config().lookupTimeoutMs(), () -> it.finish(
        LookupResult.failed(key, LookupOutcome.TIMED_OUT, it.hops(), it.timeouts, peer.now() - it.started)));
    step(it);
    return it.promise.future();
  }

  private void step(Iteration it) {
    if (it.promise.future().isComplete()) {
      return;
    }
    Visit current = it.path.peekLast();
    if (current == null) {
      it.finish(LookupResult.failed(it.key, LookupOutcome.FAILED, 0, it.timeouts, peer.now() - it.started));
      return;
    }
    if (current.peer().equals(peer.self())) {
      advance(it, (NextHop) onNextHopQuery(new NextHopQuery(it.key, List.copyOf(it.exclude), current.last(),
          current.bound())));
      return;
    }
    List<Long> exclude = new ArrayList<>(it.exclude);
    int max = peer.config().maxPeersPerMessage();
    if (exclude.size() > max) {
      exclude = exclude.subList(exclude.size() - max, exclude.size());
    }
    peer.request(current.peer(), new NextHopQuery(it.key, exclude, current.last(), current.bound()))
        .onComplete(ar -> {
          if (ar.succeeded() && ar.result() instanceof NextHop h) {
            advance(it, h);
          } else {
            peer.suspect(current.peer());
            it.exclude.add(current.peer().id());
            it.timeouts++;
            it.path.removeLast();
            step(it);
          }
        });
  }

  private void advance(Iteration it, NextHop h) {
    long latency = peer.now() - it.started;
    Visit current = it.path.peekLast();
    if (h.done() && h.peer() != null && h.peer().equals(current.peer())) {
      List<PeerRef> list = h.successors().isEmpty() ? List.of(h.peer()) : h.successors();
      int toPredecessor = it.predecessorHops >= 0 ? it.predecessorHops : Math.max(0, it.hops() - 1);
      it.finish(new LookupResult(it.key, h.peer(), list, toPredecessor, it.hops(), it.timeouts,
          LookupOutcome.FOUND, latency));
    } else if (h.done() || h.peer() == null || it.contains(h.peer())
        || it.hops() + it.timeouts + 1 >= peer.config().maxHops()) {
      it.finish(LookupResult.failed(it.key, LookupOutcome.FAILED, it.hops(), it.timeouts, latency));
    } else if (h.candidate()) {
      if (it.predecessorHops < 0) {
        it.predecessorHops = it.hops();
      }
      // a candidate named by a peer that was itself a candidate is a hand-back: same bound
      long bound = current.last() ? current.bound() : current.peer().id();
      it.path.addLast(new Visit(h.peer(), true, bound));
      step(it);
    } else {
      it.path.addLast(new Visit(h.peer(), false, 0));
      step(it);
    }
  }

  /** A peer on an iterative path, and whether it was asked as the key's candidate successor. */
  private record Visit(PeerRef peer, boolean last, long bound) {
  }

  private static final class Iteration {
    final long key;
    final Promise<LookupResult> promise;
    final long started;
    final Deque<Visit> path = new ArrayDeque<>();
    final Set<Long> exclude = new LinkedHashSet<>();
    int timeouts;
    int predecessorHops = -1;
    Cancellable deadline;

    Iteration(long key, Promise<LookupResult> promise, long started) {
      this.key = key;
      this.promise = promise;
      this.started = started;
    }

    int hops() {
      return path.size() - 1;
    }

    boolean contains(PeerRef p) {
      return path.stream().anyMatch(v -> v.peer().equals(p));
    }

    void finish(LookupResult r) {
      if (deadline != null) {
        deadline.cancel();
      }
      promise.tryComplete(r);
    }
  }
}
