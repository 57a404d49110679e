package org.bloomchord.chord.lookup;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.lookup.Router.Step;
import org.bloomchord.chord.wire.ChordMessages.NextHop;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.PeerRef;

/**
 * Iterative lookups: the origin asks one peer at a time for its decision ({@link NextHopQuery},
 * answered by {@link #answer} with the same {@link Router} a recursive hop uses) and walks the
 * path itself. A silent peer is left out of later answers (the query's exclude list) and the path
 * steps back to the peer before it; a candidate named by a candidate is a hand-back with the same
 * bound.
 */
final class IterativeLookups {

  private final ChordContext ctx;
  private final Router router;

  IterativeLookups(ChordContext ctx, Router router) {
    this.ctx = ctx;
    this.router = router;
  }

  /** Answers an iterative step asked by another peer. */
  NextHop answer(NextHopQuery q) {
    return answer(q.key(), q.candidate(), q.bound(), new HashSet<>(q.exclude()));
  }

  /** This peer's answer to a step for {@code key}, leaving out the peers in {@code exclude}. */
  private NextHop answer(long key, boolean candidate, long bound, Set<Long> exclude) {
    Step s = router.decide(key, candidate, bound, exclude);
    return switch (s.kind()) {
      case OWNER -> new NextHop(true, false, ctx.self(), router.ownerList());
      case CANDIDATE, HAND_BACK -> new NextHop(false, true, s.peer(), List.of());
      case NEXT -> new NextHop(false, false, s.peer(), List.of());
      case NONE -> new NextHop(false, false, null, List.of());
    };
  }

  /** Looks up the successor of {@code key} iteratively from this peer. */
  Future<LookupResult> lookup(long key) {
    Iteration it = new Iteration(key, Promise.promise(), ctx.now());
    it.path.add(new Visit(ctx.self(), false, 0));
    it.deadline = ctx.runtime().after(ctx.config().lookupTimeoutMs(), () -> it.finish(
        LookupResult.failed(key, LookupOutcome.TIMED_OUT, it.hops(), it.timeouts, ctx.now() - it.started)));
    step(it);
    return it.promise.future();
  }

  private void step(Iteration it) {
    if (it.promise.future().isComplete()) {
      return;
    }
    Visit current = it.path.peekLast();
    if (current == null) {
      it.finish(LookupResult.failed(it.key, LookupOutcome.FAILED, 0, it.timeouts, ctx.now() - it.started));
      return;
    }
    if (current.peer().equals(ctx.self())) {
      advance(it, answer(it.key, current.last(), current.bound(), it.exclude));
      return;
    }
    List<Long> exclude = new ArrayList<>(it.exclude);
    int max = ctx.config().maxPeersPerMessage();
    if (exclude.size() > max) {
      exclude = exclude.subList(exclude.size() - max, exclude.size());
    }
    ctx.request(current.peer(), new NextHopQuery(it.key, exclude, current.last(), current.bound()))
        .onComplete(ar -> {
          if (ar.succeeded() && ar.result() instanceof NextHop h) {
            advance(it, h);
          } else {
            ctx.suspect(current.peer());
            it.exclude.add(current.peer().id());
            it.timeouts++;
            it.path.removeLast();
            step(it);
          }
        });
  }

  private void advance(Iteration it, NextHop h) {
    long latency = ctx.now() - it.started;
    Visit current = it.path.peekLast();
    if (h.done() && h.peer() != null && h.peer().equals(current.peer())) {
      List<PeerRef> list = h.successors().isEmpty() ? List.of(h.peer()) : h.successors();
      int toPredecessor = it.predecessorHops >= 0 ? it.predecessorHops : Math.max(0, it.hops() - 1);
      it.finish(LookupResult.found(it.key, h.peer(), list, toPredecessor, it.hops(), it.timeouts, latency));
    } else if (h.done() || h.peer() == null || it.contains(h.peer())
        || it.hops() + it.timeouts + 1 >= ctx.config().maxHops()) {
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
