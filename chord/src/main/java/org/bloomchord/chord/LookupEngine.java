package org.bloomchord.chord;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
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
 * <p>Recursive: each hop acknowledges a {@link FindSuccessor} at once, then either answers the origin
 * directly with {@link LookupDone} (when the key lies between it and its successor) or forwards to
 * its closest preceding peer; a next hop that does not acknowledge within the request timeout gets
 * a strike and the query is routed again around it (for this query only: the peer is suspected,
 * and left out of every route, at its second failure in a row). Iterative: the origin asks each peer on the path for its
 * next hop and backs up one step when a peer does not answer. Either way a lookup is abandoned when
 * hops plus timeouts reach {@code maxHops}, and the origin gives up after {@code lookupTimeoutMs}.
 *
 * <p>Invariants: a hop routes each recursive lookup (lookup id, origin) at most once among its last
 * {@value #SEEN}; the origin accepts the first answer of a lookup and counts later ones
 * ({@code chord.lateLookupAnswer}).
 */
final class LookupEngine {

  /** Recent recursive lookups remembered per peer, to drop duplicate forwards (512 bytes). */
  private static final int SEEN = 64;

  private final ChordPeer peer;
  private final Map<Long, Pending> pending = new HashMap<>();
  private final long[] seen = new long[SEEN];
  private int seenNext;

  private record Pending(long key, Promise<LookupResult> promise, Cancellable timer, long started) {
  }

  LookupEngine(ChordPeer peer) {
    this.peer = peer;
  }

  /** Looks up the successor of {@code key} from this peer. */
  Future<LookupResult> lookup(long key, LookupMode mode) {
    return mode == LookupMode.ITERATIVE ? iterative(key) : recursive(key, null);
  }

  /**
   * A recursive lookup whose first hop is {@code first} (the join's bootstrap peer), or this peer's
   * own routing when {@code first} is null.
   */
  Future<LookupResult> recursive(long key, PeerRef first) {
    return recursive(key, first, peer.config().lookupTimeoutMs());
  }

  /** As {@link #recursive(long, PeerRef)}, giving up after {@code timeoutMs}. */
  Future<LookupResult> recursive(long key, PeerRef first, long timeoutMs) {
    long id = peer.runtime().random().nextLong();
    while (pending.containsKey(id)) {
      id++;
    }
    long lookupId = id;
    Promise<LookupResult> promise = Promise.promise();
    long started = peer.now();
    Cancellable timer = peer.runtime().after(timeoutMs, () -> {
      Pending p = pending.remove(lookupId);
      if (p != null) {
        peer.metrics().increment("chord.lookupTimedOut", 1);
        p.promise.tryComplete(LookupResult.failed(key, LookupOutcome.TIMED_OUT, 0, 0, peer.now() - started));
      }
    });
    pending.put(lookupId, new Pending(key, promise, timer, started));
    FindSuccessor q = new FindSuccessor(lookupId, key, peer.self(), 0, 0);
    if (first == null) {
      route(q);
    } else {
      forward(q, first);
    }
    return promise.future();
  }

  /**
   * Handles a {@link FindSuccessor}: routes it on and acknowledges; a query this peer has already
   * routed (a second copy, sent on by a hop that timed out while the first still travelled) is
   * acknowledged and dropped, so that a late Ack does not multiply one lookup into several.
   */
  Message onFindSuccessor(FindSuccessor q) {
    if (firstSeen(q.lookupId() ^ q.origin().id())) {
      route(q);
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

  /** Handles the answer of a lookup this peer started. */
  void onLookupDone(LookupDone done) {
    Pending p = pending.remove(done.lookupId());
    if (p == null) {
      peer.metrics().increment("chord.lateLookupAnswer", 1);
      return;
    }
    p.timer.cancel();
    long latency = peer.now() - p.started;
    if (done.successor() == null) {
      p.promise.tryComplete(LookupResult.failed(p.key, LookupOutcome.FAILED, done.hops(), done.timeouts(), latency));
    } else {
      p.promise.tryComplete(new LookupResult(p.key, done.successor(), done.successors(), done.hops(),
          done.timeouts(), LookupOutcome.FOUND, latency));
    }
  }

  /** Handles an iterative step asked by another peer. */
  Message onNextHopQuery(NextHopQuery q) {
    return decide(q.key(), new LinkedHashSet<>(q.exclude()));
  }

  /** Fails every lookup still waiting (the peer stops). */
  void cancelAll() {
    // completing a promise may start another lookup (a join's finger refresh), so iterate a copy
    for (Pending p : new java.util.ArrayList<>(pending.values())) {
      p.timer.cancel();
      p.promise.tryComplete(LookupResult.failed(p.key, LookupOutcome.FAILED, 0, 0, peer.now() - p.started));
    }
    pending.clear();
  }

  private void route(FindSuccessor q) {
    route(q, Set.of());
  }

  private void route(FindSuccessor q, Set<Long> avoid) {
    RoutingTable table = peer.table();
    PeerRef succ = table.successor();
    if (peer.ring().inHalfOpen(q.key(), peer.self().id(), succ.id())) {
      answer(q, new LookupDone(q.lookupId(), succ, answerList(), q.hops(), q.timeouts()));
      return;
    }
    PeerRef next = table.closestPreceding(q.key(), peer.now(), avoid);
    if (next == null || q.hops() + q.timeouts() >= peer.config().maxHops()) {
      peer.metrics().increment("chord.lookupAbandoned", 1);
      answer(q, new LookupDone(q.lookupId(), null, List.of(), q.hops(), q.timeouts()));
      return;
    }
    forward(q, next);
  }

  private void forward(FindSuccessor q, PeerRef next) {
    FindSuccessor fwd = new FindSuccessor(q.lookupId(), q.key(), q.origin(), q.hops() + 1, q.timeouts());
    peer.request(next, fwd).onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof Ack) {
        return;
      }
      peer.suspect(next);
      FindSuccessor retry = new FindSuccessor(q.lookupId(), q.key(), q.origin(), q.hops(), q.timeouts() + 1);
      if (peer.state() == PeerState.JOINING || peer.state() == PeerState.STOPPED) {
        answer(retry, new LookupDone(q.lookupId(), null, List.of(), q.hops(), q.timeouts() + 1));
      } else {
        // the retry goes around the silent peer at once; the table suspects it only at its
        // second failure in a row, so a peer that is merely slow keeps its place for other lookups
        route(retry, Set.of(next.id()));
      }
    });
  }

  private void answer(FindSuccessor q, LookupDone done) {
    if (q.origin().equals(peer.self())) {
      onLookupDone(done);
    } else {
      peer.runtime().send(q.origin(), done);
    }
  }

  /** The successor list as an answer: the successor first, the peer itself when alone. */
  List<PeerRef> answerList() {
    List<PeerRef> s = peer.table().successors();
    return s.isEmpty() ? List.of(peer.self()) : s;
  }

  private NextHop decide(long key, Set<Long> exclude) {
    RoutingTable table = peer.table();
    PeerRef succ = table.successor();
    if (peer.ring().inHalfOpen(key, peer.self().id(), succ.id())) {
      return new NextHop(true, succ, answerList());
    }
    return new NextHop(false, table.closestPreceding(key, peer.now(), exclude), List.of());
  }

  private Future<LookupResult> iterative(long key) {
    Iteration it = new Iteration(key, Promise.promise(), peer.now());
    it.path.add(peer.self());
    it.deadline = peer.runtime().after(peer.config().lookupTimeoutMs(), () -> it.finish(
        LookupResult.failed(key, LookupOutcome.TIMED_OUT, it.hops(), it.timeouts, peer.now() - it.started)));
    step(it);
    return it.promise.future();
  }

  private void step(Iteration it) {
    if (it.promise.future().isComplete()) {
      return;
    }
    PeerRef current = it.path.peekLast();
    if (current == null) {
      it.finish(LookupResult.failed(it.key, LookupOutcome.FAILED, 0, it.timeouts, peer.now() - it.started));
      return;
    }
    if (current.equals(peer.self())) {
      advance(it, decide(it.key, it.exclude));
      return;
    }
    List<Long> exclude = new ArrayList<>(it.exclude);
    int max = peer.config().maxPeersPerMessage();
    if (exclude.size() > max) {
      exclude = exclude.subList(exclude.size() - max, exclude.size());
    }
    peer.request(current, new NextHopQuery(it.key, exclude)).onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof NextHop h) {
        advance(it, h);
      } else {
        peer.suspect(current);
        it.exclude.add(current.id());
        it.timeouts++;
        it.path.removeLast();
        step(it);
      }
    });
  }

  private void advance(Iteration it, NextHop h) {
    long latency = peer.now() - it.started;
    if (h.done() && h.peer() != null) {
      List<PeerRef> list = h.successors().isEmpty() ? List.of(h.peer()) : h.successors();
      it.finish(new LookupResult(it.key, h.peer(), list, it.hops(), it.timeouts, LookupOutcome.FOUND, latency));
    } else if (h.peer() == null || it.path.contains(h.peer())
        || it.hops() + it.timeouts + 1 >= peer.config().maxHops()) {
      it.finish(LookupResult.failed(it.key, LookupOutcome.FAILED, it.hops(), it.timeouts, latency));
    } else {
      it.path.addLast(h.peer());
      step(it);
    }
  }

  private static final class Iteration {
    final long key;
    final Promise<LookupResult> promise;
    final long started;
    final Deque<PeerRef> path = new ArrayDeque<>();
    final Set<Long> exclude = new LinkedHashSet<>();
    int timeouts;
    Cancellable deadline;

    Iteration(long key, Promise<LookupResult> promise, long started) {
      this.key = key;
      this.promise = promise;
      this.started = started;
    }

    int hops() {
      return path.size() - 1;
    }

    void finish(LookupResult r) {
      if (deadline != null) {
        deadline.cancel();
      }
      promise.tryComplete(r);
    }
  }
}
