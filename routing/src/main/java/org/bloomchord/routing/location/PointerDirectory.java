package org.bloomchord.routing.location;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.store.ReplicaPlacement;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.location.LocationMessages.HolderAnswer;
import org.bloomchord.routing.location.LocationMessages.HolderProbe;
import org.bloomchord.routing.location.LocationMessages.PointerAck;
import org.bloomchord.routing.location.LocationMessages.PointerHolders;
import org.bloomchord.routing.location.LocationMessages.PointerQuery;
import org.bloomchord.routing.location.LocationMessages.PointerUpdate;

/**
 * The deterministic side of location: pointer leases in the Chord store and the path a query
 * falls back to.
 *
 * <p>Holder side: {@code publish} and {@code unpublish} look up the pointer key
 * {@code "loc:" + key} and send a {@link PointerUpdate} to its successor (the primary); every
 * {@code leaseMs / 3} the holder renews the lease of every key it holds. Primary side: the primary
 * checks it is responsible (the key id in (predecessor, self]), merges the sender's lease into the
 * {@link PointerRecord} on its own thread (dropping expired leases), stores the result under a new
 * version and copies it to the next replicas-1 successors; the Chord replica sync does the rest
 * (hand-off to joiners, re-replication after crashes). A holder that is gone stops renewing, and
 * its lease ends after at most {@code leaseMs}.
 *
 * <p>Resolution from any peer: a Chord lookup of the pointer key, a {@link PointerQuery} to the
 * replicas in order until one knows the record, then a {@link HolderProbe} to each live holder
 * until one confirms it holds the object. NOT_FOUND when the record names no live holder that
 * confirms; FAILED when the lookup failed or no replica answered.
 */
final class PointerDirectory {

  /** What the deterministic path found, and its hops (see {@link LocateResult}). */
  record Resolution(LocateOutcome outcome, PeerRef holder, int fallbackHops, int finalHops) {
    /** The resolution of a deterministic path that failed before any hop. */
    static final Resolution FAILED = new Resolution(LocateOutcome.FAILED, null, 0, 0);
  }

  private final LocationService service;
  /**
   * The leases this peer granted as primary, by holder address (the holder tracked longest first),
   * each by object key with its expiry: what bounds the pointers one holder may place here.
   */
  private final LinkedHashMap<String, Map<String, Long>> granted = new LinkedHashMap<>();
  private Cancellable leaseTimer;

  PointerDirectory(LocationService service) {
    this.service = service;
  }

  void start() {
    long period = Math.max(1, service.config().leaseMs() / 3);
    leaseTimer = service.runtime().every(period, chord().jitter(), this::renewLeases);
  }

  void stop() {
    if (leaseTimer != null) {
      leaseTimer.cancel();
    }
  }

  private ChordHost peer() {
    return service.peer();
  }

  private ChordConfig chord() {
    return peer().config();
  }

  private void renewLeases() {
    purgeGranted(service.runtime().now());
    if (!service.active()) {
      return;
    }
    for (String key : service.held()) {
      update(key, false).onFailure(t -> service.runtime().metrics().increment(RoutingCounter.LEASE_RENEW_FAILED, 1));
    }
  }

  // ---- holder side

  /** Sets ({@code remove} false) or withdraws this peer's lease on the pointer of {@code key}. */
  Future<Void> update(String key, boolean remove) {
    Promise<Void> done = Promise.promise();
    attemptUpdate(key, remove, 1, done);
    return done.future();
  }

  private void attemptUpdate(String key, boolean remove, int attempt, Promise<Void> done) {
    if (!service.active()) {
      done.tryFail(new IllegalStateException("peer is " + peer().state()));
      return;
    }
    PointerUpdate m = new PointerUpdate(key, service.config().leaseMs(), remove);
    peer().lookup(pointerId(key)).compose(r -> {
      if (!r.found()) {
        return Future.failedFuture("lookup " + r.outcome());
      }
      PeerRef primary = r.successor();
      return primary.equals(service.self()) ? onUpdate(primary, m) : request(primary, m);
    }).onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof PointerAck a && a.responsible()) {
        done.tryComplete();
      } else if (attempt < chord().operationAttempts() && service.active()) {
        service.runtime().after(chord().stabilizeMs(), () -> attemptUpdate(key, remove, attempt + 1, done));
      } else {
        done.tryFail(ar.failed() ? ar.cause() : new IllegalStateException("pointer primary not responsible"));
      }
    });
  }

  // ---- primary side

  /** Merges {@code holder}'s lease into the record, if this peer is the pointer's primary. */
  Future<Message> onUpdate(PeerRef holder, PointerUpdate m) {
    if (!service.active()) {
      return Future.succeededFuture(new PointerAck(false));
    }
    String storeKey = PointerRecord.storeKey(m.key());
    long id = pointerId(m.key());
    PeerRef pred = peer().links().predecessor();
    PeerRef self = service.self();
    if (pred != null && !peer().ring().inHalfOpen(id, pred.id(), self.id())) {
      return Future.succeededFuture(new PointerAck(false));
    }
    long now = service.runtime().now();
    if (m.remove()) {
      Map<String, Long> leases = granted.get(holder.address());
      if (leases != null) {
        leases.remove(m.key());
      }
    } else if (!grant(holder.address(), m.key(), now + m.leaseMs(), now)) {
      service.runtime().metrics().increment(RoutingCounter.REFUSED_POINTERS, 1);
      throw new MalformedMessageException(holder.address() + " holds " + service.config().maxPointersPerHolder()
          + " pointer leases here");
    }
    StoredEntry prev = peer().store().get(storeKey);
    PointerRecord record = read(prev).merge(holder, now + m.leaseMs(), m.remove(), now,
        service.config().maxHoldersPerPointer());
    StoredEntry entry = new StoredEntry(storeKey, Version.next(prev == null ? null : prev.version(), now, self.id()),
        record.encode());
    peer().store().merge(entry);
    for (PeerRef t : ReplicaPlacement.targets(self, peer().links().successors(), chord().replicas())) {
      if (!t.equals(self)) {
        request(t, new StoreTransfer(List.of(entry)))
            .onFailure(x -> service.runtime().metrics().increment(RoutingCounter.POINTER_COPY_FAILED, 1));
      }
    }
    return Future.succeededFuture(new PointerAck(true));
  }

  /** Records a lease of {@code holder} on {@code key}; false when the holder is at its cap. */
  private boolean grant(String holder, String key, long expiresAt, long now) {
    Map<String, Long> leases = granted.get(holder);
    if (leases == null) {
      leases = new HashMap<>();
      granted.put(holder, leases);
      Iterator<String> oldest = granted.keySet().iterator();
      while (granted.size() > service.config().maxTrackedHolders()) {
        oldest.next();
        oldest.remove();
        service.runtime().metrics().increment(RoutingCounter.EVICTED_POINTER_HOLDERS, 1);
      }
    }
    if (leases.containsKey(key)) {
      leases.put(key, expiresAt);
      return true;
    }
    if (leases.size() >= service.config().maxPointersPerHolder()) {
      leases.values().removeIf(t -> t <= now);
      if (leases.size() >= service.config().maxPointersPerHolder()) {
        return false;
      }
    }
    leases.put(key, expiresAt);
    return true;
  }

  /** Drops expired leases from the tally, and holders left with none. */
  private void purgeGranted(long now) {
    for (Iterator<Map<String, Long>> it = granted.values().iterator(); it.hasNext(); ) {
      Map<String, Long> leases = it.next();
      leases.values().removeIf(t -> t <= now);
      if (leases.isEmpty()) {
        it.remove();
      }
    }
  }

  /** Holders whose leases are tallied, and the most leases one of them has. */
  int[] grantedShape() {
    int most = 0;
    for (Map<String, Long> l : granted.values()) {
      most = Math.max(most, l.size());
    }
    return new int[] {granted.size(), most};
  }

  /** Answers a pointer query from the local copy (primary or replica). */
  PointerHolders onQuery(PointerQuery q) {
    StoredEntry e = peer().store().get(PointerRecord.storeKey(q.key()));
    if (e == null || e.tombstone()) {
      return new PointerHolders(false, List.of());
    }
    return new PointerHolders(true, read(e).liveHolders(service.runtime().now()));
  }

  private PointerRecord read(StoredEntry e) {
    if (e == null || e.tombstone()) {
      return PointerRecord.EMPTY;
    }
    try {
      return PointerRecord.decode(e.value(), peer().ring(), service.config().maxHoldersPerPointer());
    } catch (MalformedMessageException x) {
      service.countRejection();
      return PointerRecord.EMPTY;
    }
  }

  // ---- resolution

  /** The live holders the pointer's first answering replica names (empty when none answered). */
  Future<List<PeerRef>> liveHolders(String key) {
    return pointer(key).map(p -> p.holders);
  }

  /** The deterministic path from this peer. */
  Future<Resolution> resolve(String key) {
    return pointer(key).compose(p -> {
      if (p.outcome != null) {
        return Future.succeededFuture(new Resolution(p.outcome, null, p.hops, 0));
      }
      Promise<Resolution> done = Promise.promise();
      probe(key, p.holders, 0, p.hops, 0, done);
      return done.future();
    });
  }

  private record Pointer(LocateOutcome outcome, List<PeerRef> holders, int hops) {
  }

  private Future<Pointer> pointer(String key) {
    if (!service.active()) {
      return Future.succeededFuture(new Pointer(LocateOutcome.FAILED, List.of(), 0));
    }
    return peer().lookup(pointerId(key)).transform(ar -> {
      LookupResult r = ar.succeeded() ? ar.result() : null;
      if (r == null || !r.found()) {
        return Future.succeededFuture(new Pointer(LocateOutcome.FAILED, List.of(), r == null ? 0 : r.hops()));
      }
      List<PeerRef> replicas = ReplicaPlacement.replicas(r.successor(), r.successors(), chord().replicas());
      Promise<Pointer> done = Promise.promise();
      ask(key, replicas, 0, r.hops(), false, done);
      return done.future();
    });
  }

  private void ask(String key, List<PeerRef> replicas, int i, int hops, boolean anyAnswered, Promise<Pointer> done) {
    if (i == replicas.size()) {
      done.complete(new Pointer(anyAnswered ? LocateOutcome.NOT_FOUND : LocateOutcome.FAILED, List.of(), hops));
      return;
    }
    PeerRef target = replicas.get(i);
    boolean remote = !target.equals(service.self());
    PointerQuery q = new PointerQuery(key);
    Future<Message> reply = remote ? request(target, q) : Future.succeededFuture(onQuery(q));
    int sent = hops + (remote ? 1 : 0);
    reply.onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof PointerHolders h && checkedHolders(h)) {
        if (h.known()) {
          done.complete(new Pointer(h.holders().isEmpty() ? LocateOutcome.NOT_FOUND : null, h.holders(), sent));
        } else {
          ask(key, replicas, i + 1, sent, true, done);
        }
      } else {
        ask(key, replicas, i + 1, hops, anyAnswered, done);
      }
    });
  }

  private boolean checkedHolders(PointerHolders h) {
    try {
      service.checked(h);
      return true;
    } catch (MalformedMessageException e) {
      return false;
    }
  }

  private void probe(String key, List<PeerRef> holders, int j, int hops, int probes, Promise<Resolution> done) {
    if (j == holders.size()) {
      done.complete(new Resolution(LocateOutcome.NOT_FOUND, null, hops, probes));
      return;
    }
    PeerRef h = holders.get(j);
    if (h.equals(service.self())) {
      if (service.holds(key)) {
        done.complete(new Resolution(LocateOutcome.FALLBACK, h, hops, probes));
      } else {
        probe(key, holders, j + 1, hops, probes, done);
      }
      return;
    }
    request(h, new HolderProbe(key)).onComplete(ar -> {
      if (ar.succeeded() && ar.result() instanceof HolderAnswer a) {
        if (a.holds()) {
          done.complete(new Resolution(LocateOutcome.FALLBACK, h, hops, probes + 1));
        } else {
          probe(key, holders, j + 1, hops, probes + 1, done);
        }
      } else {
        probe(key, holders, j + 1, hops, probes, done);
      }
    });
  }

  private long pointerId(String key) {
    return peer().ring().hash(PointerRecord.storeKey(key));
  }

  private Future<Message> request(PeerRef to, Message m) {
    return service.runtime().request(to, m, chord().requestTimeoutMs());
  }
}
