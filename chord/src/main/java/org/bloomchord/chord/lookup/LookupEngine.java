package org.bloomchord.chord.lookup;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor.FinalStep;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Lookups of one peer: as origin (recursive here, iterative in {@link IterativeLookups}) and as a
 * hop of others' lookups; every decision is {@link Router}'s.
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
 * {@code lookupTimeoutMs}. Once a peer has met a peer behind a backlog, its steps routed around such
 * a peer and its second attempts are limited by a {@link RerouteBudget}.
 *
 * <p>Invariants: a hop routes each recursive lookup (lookup id, origin) at most once among its last
 * {@value #SEEN}; the origin accepts the first answer of a lookup and counts later ones
 * ({@link ChordCounter#LATE_LOOKUP_ANSWER}).
 */
public final class LookupEngine {

  /** Recent recursive lookups remembered per peer, to drop duplicate forwards (512 bytes). */
  private static final int SEEN = 64;
  /**
   * The lookups remembered before the first growth: the memory grows by doubling up to
   * {@link #SEEN} as the peer routes lookups, so that the many peers of a large ring that route
   * only a few hold 80 bytes for them, not 528 (at a million peers, part of the live heap the
   * collector works against).
   */
  private static final int SEEN_FIRST = 8;

  private final ChordContext ctx;
  private final Router router;
  private final IterativeLookups iterative;
  /** Lookups this peer started, by the id of each of their attempts. */
  private final Map<Long, Pending> pending = new HashMap<>();
  /** The lookups routed here last, in the order routed until {@link #SEEN} and then round; null before the first. */
  private long[] seen;
  /** Entries of {@link #seen} written, at most {@link #SEEN}. */
  private int seenCount;
  private int seenNext;
  /** Lookups started here and not finished; at most {@code limits.maxPendingLookups}. */
  private int inProgress;
  /**
   * Lookups waiting out the back-off before their next attempt: in no attempt, so not in
   * {@link #pending}; made at the first retry, null until then.
   */
  private Set<Pending> backingOff;
  /** Retries after a peer behind, made at the first such peer; null until then (always on the simulator). */
  private RerouteBudget reroutes;

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
    boolean finished;

    Pending(long key, PeerRef first, long started) {
      this.key = key;
      this.first = first;
      this.started = started;
    }

    void finish(LookupResult r) {
      deadline.cancel();
      hedge.cancel();
      ids.forEach(pending::remove);
      if (backingOff != null) {
        backingOff.remove(this);
      }
      if (!finished) {
        finished = true;
        inProgress--;
      }
      promise.tryComplete(r);
    }
  }

  /** The lookups of the peer whose context is {@code ctx}. */
  public LookupEngine(ChordContext ctx) {
    this.ctx = ctx;
    this.router = new Router(ctx);
    this.iterative = new IterativeLookups(ctx, router);
  }

  /** Looks up the successor of {@code key} from this peer. */
  public Future<LookupResult> lookup(long key, LookupMode mode) {
    return mode == LookupMode.ITERATIVE ? iterative.lookup(key) : recursive(key, null, ctx.config().lookupTimeoutMs());
  }

  /**
   * A recursive lookup whose first hop is {@code first} (the join's bootstrap peer), or this peer's
   * own routing when {@code first} is null, giving up after {@code timeoutMs}.
   */
  public Future<LookupResult> recursive(long key, PeerRef first, long timeoutMs) {
    if (inProgress >= ctx.config().limits().maxPendingLookups()) {
      ctx.metrics().increment(ChordCounter.REFUSED_LOOKUPS, 1);
      return Future.succeededFuture(LookupResult.failed(key, LookupOutcome.FAILED, 0, 0, 0));
    }
    inProgress++;
    Pending p = new Pending(key, first, ctx.now());
    p.deadline = ctx.runtime().after(timeoutMs, () -> {
      ctx.metrics().increment(ChordCounter.LOOKUP_TIMED_OUT, 1);
      p.finish(LookupResult.failed(key, LookupOutcome.TIMED_OUT, 0, 0, ctx.now() - p.started));
    });
    // a hop that acknowledged and then crashed loses the query: a second attempt goes out when the
    // first has been silent for half the time, and the first answer of either wins
    p.hedge = ctx.runtime().after(timeoutMs / 2, () -> hedge(p));
    attempt(p);
    return p.promise.future();
  }

  /** The second attempt, unless this peer has met peers behind and its retries are spent. */
  private void hedge(Pending p) {
    if (reroutes != null && !p.promise.future().isComplete() && !reroutes.spend()) {
      ctx.metrics().increment(ChordCounter.RETRY_REFUSED, 1);
      return;
    }
    attempt(p);
  }

  private void attempt(Pending p) {
    if (p.promise.future().isComplete()) {
      return;
    }
    long id = ctx.runtime().random().nextLong();
    while (pending.containsKey(id)) {
      id++;
    }
    p.attempts++;
    p.ids.add(id);
    pending.put(id, p);
    FindSuccessor q = FindSuccessor.first(id, p.key, ctx.self());
    if (p.first == null) {
      route(q, Set.of());
    } else {
      forward(q, p.first, Router.Kind.NEXT, Set.of());
    }
  }

  /**
   * Handles a {@link FindSuccessor}: routes it on and acknowledges; a query this peer has already
   * routed (a second copy, sent on by a hop that timed out while the first still travelled) is
   * acknowledged and dropped, so that a late Ack does not multiply one lookup into several.
   */
  public Message onFindSuccessor(FindSuccessor q) {
    if (firstSeen(q.lookupId() ^ q.origin().id())) {
      route(q, Set.of());
    } else {
      ctx.metrics().increment(ChordCounter.DUPLICATE_LOOKUP, 1);
    }
    return new Ack();
  }

  /**
   * Whether {@code tag} is not among the last {@link #SEEN} routed here, remembering it if so. It
   * answers as a ring of {@link #SEEN} zeros written in turn would: a tag of 0 counts as seen
   * until every entry has been written once.
   */
  private boolean firstSeen(long tag) {
    long[] s = seen;
    int n = seenCount;
    for (int i = 0; i < n; i++) {
      if (s[i] == tag) {
        return false;
      }
    }
    if (n < SEEN) {
      if (tag == 0) {
        return false;
      }
      if (s == null) {
        s = new long[SEEN_FIRST];
        seen = s;
      } else if (n == s.length) {
        s = Arrays.copyOf(s, Math.min(SEEN, 2 * n));
        seen = s;
      }
      seenCount = n + 1;
    }
    s[seenNext] = tag;
    seenNext = (seenNext + 1) % SEEN;
    return true;
  }

  /**
   * Handles the answer of a lookup this peer started. A successful answer counts only when it comes
   * from the peer it names (the owner answers for itself); a failure from a hop that gave up is
   * retried with back-off while the deadline allows.
   */
  public void onLookupDone(PeerRef from, LookupDone done) {
    Pending p = pending.get(done.lookupId());
    if (p == null) {
      ctx.metrics().increment(ChordCounter.LATE_LOOKUP_ANSWER, 1);
      return;
    }
    if (done.successor() != null && !done.successor().equals(from)) {
      ctx.metrics().increment(ChordCounter.LOOKUP_ANSWER_REJECTED, 1);
      return;
    }
    long latency = ctx.now() - p.started;
    if (done.successor() != null) {
      p.finish(LookupResult.found(p.key, done.successor(), done.successors(), done.hops(), done.ownerHops(),
          done.timeouts(), latency));
      return;
    }
    pending.remove(done.lookupId());
    if (p.attempts < ctx.config().operationAttempts() && ctx.state() != PeerState.STOPPED) {
      ctx.metrics().increment(ChordCounter.LOOKUP_RETRIED, 1);
      if (backingOff == null) {
        backingOff = new LinkedHashSet<>();
      }
      backingOff.add(p);
      ctx.runtime().after(ctx.config().requestTimeoutMs() << (p.attempts - 1), () -> {
        backingOff.remove(p);
        attempt(p);
      });
    } else if (p.ids.stream().noneMatch(pending::containsKey)) {
      p.finish(LookupResult.failed(p.key, LookupOutcome.FAILED, done.hops(), done.timeouts(), latency));
    }
  }

  /** Handles an iterative step asked by another peer. */
  public Message onNextHopQuery(NextHopQuery q) {
    return iterative.answer(q);
  }

  /**
   * The peer a recursive lookup of {@code key} goes to next from here, by the router's decision
   * with nothing excluded: null when this peer answers (it owns the key, or knows no usable peer
   * to go on with), else the final step's candidate, the predecessor a final step is handed back
   * to, or the closest preceding peer. For drawing paths; a real lookup also routes around peers
   * it finds silent.
   */
  public PeerRef nextHop(long key) {
    Router.Step s = router.decide(key, false, 0, java.util.Set.of());
    return s.kind() == Router.Kind.OWNER || s.kind() == Router.Kind.NONE ? null : s.peer();
  }

  /** Lookups started here that have not finished. */
  public int inProgress() {
    return inProgress;
  }

  /**
   * Fails every lookup still waiting (the peer stops), those between two attempts too: a stopped
   * peer's timers do not fire, so a lookup left in its back-off would never complete.
   */
  public void cancelAll() {
    // completing a promise may start another lookup (a join's finger refresh), so iterate a copy
    Set<Pending> all = new LinkedHashSet<>(pending.values());
    if (backingOff != null) {
      all.addAll(backingOff);
    }
    for (Pending p : all) {
      p.finish(LookupResult.failed(p.key, LookupOutcome.ORIGIN_STOPPED, 0, 0, ctx.now() - p.started));
    }
    pending.clear();
  }

  private void route(FindSuccessor q, Set<Long> avoid) {
    Router.Step s = router.decide(q.key(), q.isFinal(), q.finalStep().map(FinalStep::bound).orElse(0L), avoid);
    if (s.kind() == Router.Kind.OWNER) {
      answer(q, LookupDone.answered(q, ctx.self(), router.ownerList()));
    } else if (s.kind() == Router.Kind.NONE || q.hops() + q.timeouts() >= ctx.config().maxHops()) {
      ctx.metrics().increment(ChordCounter.LOOKUP_ABANDONED, 1);
      answer(q, LookupDone.gaveUp(q));
    } else {
      forward(q, s.peer(), s.kind(), avoid);
    }
  }

  private void forward(FindSuccessor q, PeerRef next, Router.Kind kind, Set<Long> avoid) {
    FindSuccessor fwd = switch (kind) {
      case CANDIDATE -> q.toCandidate(ctx.self().id());
      case HAND_BACK -> q.handedBack();
      default -> q.forwarded();
    };
    if (reroutes != null && q.timeouts() == 0) {
      reroutes.earn();
    }
    ctx.request(next, fwd).onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof Ack) {
        return;
      }
      boolean behind = ctx.suspect(next);
      if (behind && reroutes == null) {
        reroutes = new RerouteBudget();
      }
      FindSuccessor retry = q.timedOut();
      if (ctx.state() == PeerState.JOINING || ctx.state() == PeerState.STOPPED) {
        answer(retry, LookupDone.gaveUp(retry));
      } else if (behind && !reroutes.spend()) {
        // the peer is slow, not gone: sending the step elsewhere adds to the load that made it slow
        ctx.metrics().increment(ChordCounter.RETRY_REFUSED, 1);
        answer(retry, LookupDone.gaveUp(retry));
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
    if (q.origin().equals(ctx.self())) {
      onLookupDone(ctx.self(), done);
    } else {
      ctx.runtime().send(q.origin(), done);
    }
  }

}
