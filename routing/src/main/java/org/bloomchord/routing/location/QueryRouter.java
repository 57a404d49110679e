package org.bloomchord.routing.location;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.location.LinkFilters.Candidate;
import org.bloomchord.routing.location.LocationMessages.LocateDone;
import org.bloomchord.routing.location.LocationMessages.LocateQuery;

/**
 * The probabilistic phase of {@code locate} and the hand-over to the deterministic path.
 *
 * <p>A query is a one-way {@link LocateQuery} forwarded from peer to peer, like Chord's recursive
 * lookup; whichever peer ends it sends a {@link LocateDone} straight to the origin (replies are
 * not hops). At each peer P, with budget b further hops (d at the origin):
 * <ol>
 *   <li>P holds the key: the answer is PROBABILISTIC (LOCAL at the origin), with the forwards so
 *       far as hops;
 *   <li>else among P's links whose filter matches at a level i &lt;= b and that the visited header
 *       does not name, P picks one at the lowest level (uniformly among ties, with the peer's seeded
 *       generator) and forwards with budget i - 1, adding itself to the header;
 *   <li>else P has met a false positive (none at the origin, which merely had no match) and runs
 *       the deterministic path itself, then answers the origin with FALLBACK or NOT_FOUND.
 * </ol>
 * A query that reached {@code maxQueryHops} forwards goes to the deterministic path too. If no
 * answer arrives within {@code queryTimeoutMs} (a forward to a peer that had just left is lost),
 * the origin runs the deterministic path itself.
 *
 * <p>Query ids are random 64-bit numbers from the peer's generator, and an answer counts only for a
 * query still pending at this peer: a peer off the query's path cannot guess an id to answer, and a
 * second answer is ignored. (The generator is seeded for reproducible runs; a deployment that must
 * resist peers who know the seed needs a secret one.)
 */
final class QueryRouter {

  private record Pending(String key, long startedAt, Promise<LocateResult> promise, Cancellable timer) {
  }

  private final LocationService service;
  private final Map<Long, Pending> pending = new HashMap<>();

  QueryRouter(LocationService service) {
    this.service = service;
  }

  Future<LocateResult> locate(String key) {
    long now = service.runtime().now();
    if (service.holds(key)) {
      return Future.succeededFuture(LocateResult.local(key, service.self()));
    }
    if (!service.active()) {
      return Future.failedFuture(new IllegalStateException("peer is " + service.peer().state()));
    }
    if (pending.size() >= service.config().maxPendingLocates()) {
      service.runtime().metrics().increment(RoutingCounter.REFUSED_LOCATES, 1);
      return Future.succeededFuture(LocateResult.failed(key));
    }
    // a random id, not a sequence: a peer off the query's path cannot guess it and answer
    long id = service.runtime().random().nextLong();
    while (id == 0 || pending.containsKey(id)) {
      id = service.runtime().random().nextLong();
    }
    long queryId = id;
    Promise<LocateResult> promise = Promise.promise();
    Cancellable timer = service.runtime().after(service.config().queryTimeoutMs(), () -> onTimeout(queryId));
    pending.put(id, new Pending(key, now, promise, timer));
    step(LocateQuery.first(id, service.self(), key, service.config().depth()));
    return promise.future();
  }

  void onQuery(LocateQuery q) {
    if (service.active()) {
      step(q);
    }
  }

  private void step(LocateQuery q) {
    PeerRef self = service.self();
    if (service.holds(q.key())) {
      answer(q, LocateDone.heldBy(q.queryId(), self, q.hops()));
      return;
    }
    VisitedPeers visited = q.visited().with(self);
    if (q.hops() < service.config().maxQueryHops()) {
      Candidate next = choose(service.filters().candidates(service.probes(q.key()), q.budget()), visited);
      if (next != null) {
        service.runtime().send(next.link(), q.forwarded(next.level() - 1, visited));
        return;
      }
    }
    int falsePositives = q.origin().equals(self) ? 0 : 1;
    service.directory().resolve(q.key()).onComplete(ar -> {
      PointerDirectory.Resolution r = ar.succeeded() ? ar.result() : PointerDirectory.Resolution.FAILED;
      answer(q, LocateDone.resolved(q.queryId(), r, q.hops(), falsePositives));
    });
  }

  private Candidate choose(List<Candidate> candidates, VisitedPeers visited) {
    List<Candidate> lowest = new ArrayList<>();
    for (Candidate c : candidates) {
      if (visited.mightContain(c.link())) {
        continue;
      }
      if (!lowest.isEmpty() && c.level() > lowest.get(0).level()) {
        break;
      }
      lowest.add(c);
    }
    if (lowest.isEmpty()) {
      return null;
    }
    return lowest.size() == 1 ? lowest.get(0) : lowest.get(service.runtime().random().nextInt(lowest.size()));
  }

  private void answer(LocateQuery q, LocateDone done) {
    if (q.origin().equals(service.self())) {
      onDone(done);
    } else {
      service.runtime().send(q.origin(), done);
    }
  }

  void onDone(LocateDone d) {
    Pending p = pending.remove(d.queryId());
    if (p == null) {
      return;
    }
    p.timer.cancel();
    p.promise.complete(LocateResult.answered(p.key, d, service.runtime().now() - p.startedAt));
  }

  private void onTimeout(long id) {
    Pending p = pending.remove(id);
    if (p == null) {
      return;
    }
    service.directory().resolve(p.key).onComplete(ar -> {
      PointerDirectory.Resolution r = ar.succeeded() ? ar.result() : PointerDirectory.Resolution.FAILED;
      p.promise.complete(LocateResult.deterministic(p.key, r, service.runtime().now() - p.startedAt));
    });
  }

  /** Locates started here and not answered. */
  int pendingCount() {
    return pending.size();
  }

  void cancelAll() {
    for (Pending p : pending.values()) {
      p.timer.cancel();
      p.promise.tryFail(new IllegalStateException("peer stopped"));
    }
    pending.clear();
  }
}
