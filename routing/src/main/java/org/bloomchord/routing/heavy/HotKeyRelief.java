package org.bloomchord.routing.heavy;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.Links;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.heavy.HotKeyMessages.HotGet;
import org.bloomchord.routing.heavy.HotKeyMessages.HotGetReply;
import org.bloomchord.routing.heavy.HotKeyMessages.HotUpdate;
import org.bloomchord.routing.heavy.HotKeyMessages.HotUpdated;
import org.bloomchord.routing.heavy.HotKeyMessages.ReplicaGet;

/**
 * Hot-key relief by leased copies on lookup paths (CFS-style path caching). A read travels
 * recursively towards the key's owner as a {@link HotGet}, each hop to the closest preceding link
 * of the key id; the first peer on the path that holds a fresh leased copy answers; otherwise the
 * owner answers from its store and, when its {@link LeaseTable} counts the key as hot, attaches a
 * lease. Every peer the answer passes through on the way back keeps the copy for the lease, counted
 * from when it forwarded the get ({@link LeaseCache}).
 *
 * <p>Serving budget ({@link HotKeyOptions#budgetPerSecond}): a peer that answered its budget of
 * other peers' gets in the current second hands a further get to one of the peers it leased the key
 * to (a delegated get, passed back with a lease no longer than its own copy's), or, holding a copy
 * but no such holder, passes it on towards the owner; an owner hands it to a lease holder or to one
 * of its replicas ({@link HotKeyMessages.ReplicaGet}: answered only with the owner's version or a
 * newer one). Path copies alone spread reads in proportion to the peers' arcs of the ring; the
 * budget caps any one peer's share (docs/architecture/hot-keys.md).
 *
 * <p>Correctness (the writes checker's rule, with "before" meaning "acknowledged before the read
 * started"): a read returns the newest write acknowledged before it started, or a newer one. Every
 * peer records whom it handed a copy to and at which version ({@link LeaseHolders}); before a put
 * is acknowledged (the store's {@link org.bloomchord.chord.store.WriteGate}) the owner pushes the
 * new entry down that tree of holders ({@link HotUpdate}): each holder takes it in place of an
 * older copy, keeping its lease, and answers once its own holders did; where a holder does not
 * answer, the peer above it waits until that holder's lease has run out. Versions only move
 * forward at a holder, and an answer still in flight with an older entry is refused by the marker
 * the push left ({@link LeaseCache}). A peer hands on a lease only with an entry no older than its
 * own copy (or, as owner, its store), so every copy older than a put is recorded by a peer that
 * has not yet passed that put on. So once a put is acknowledged no older copy is served. It assumes
 * the key's owner does not change while a lease runs (a new owner does not know the old one's
 * holders) and clocks that run at the same rate.
 *
 * <p>Counts per peer: gets answered as owner ({@link #servedAsOwner}), as replica
 * ({@link #servedAsReplica}) and from a copy ({@link #servedFromCache}); their sum is the peer's
 * served load. The class is about 450 lines because the read path, the budget's hand-offs and the
 * update tree share the same three tables and their invariants.
 */
public final class HotKeyRelief implements ChordExtension {

  private final HotKeyOptions options;
  private ChordHost host;
  private LeaseHolders holders;
  private LeaseTable leases;
  private LeaseCache cache;
  private long servedAsOwner;
  private long servedFromCache;
  private long forwarded;
  private long failed;
  private long updates;
  private long updatesWaitedOut;
  private long delegated;
  private long toReplicas;
  private long servedAsReplica;
  private int replicaTurn;
  private long windowStart = Long.MIN_VALUE / 2;
  private long servedInWindow;

  /** Relief with {@code options}. */
  public HotKeyRelief(HotKeyOptions options) {
    this.options = options;
  }

  @Override
  public void attach(ChordHost h) {
    this.host = h;
    this.holders = new LeaseHolders(options.maxLeasedKeys(), options.maxHoldersPerKey());
    this.leases = new LeaseTable(options, holders, h.runtime().now());
    // an answer to a get is in flight at most a request timeout per hop of the path
    this.cache = new LeaseCache(options, h.config().requestTimeoutMs() * (h.ring().bits() + 1L));
    h.handleRequests(HotGet.class, this::onHotGet);
    h.handleRequests(HotUpdate.class, (from, m) -> onUpdate(m));
    h.handleRequests(ReplicaGet.class, this::onReplicaGet);
    // the store holds the put (or a newer one) when the gate is asked: push the newest entry
    h.writeGate(key -> {
      StoredEntry e = h.store().get(key);
      if (e == null) {
        return Future.succeededFuture();
      }
      cache.update(e, h.runtime().now());
      return pushToHolders(e);
    });
  }

  /**
   * Reads {@code key} through the relief path: from this peer's own copy, a copy on the way, or the
   * owner. Fails when a hop on the way does not answer (the caller may retry or read the store).
   */
  public Future<ReadResult> read(String key) {
    return onHotGet(null, new HotGet(key, Math.min(HotKeyMessages.MAX_HOPS, host.ring().bits()))).map(m -> {
      HotGetReply r = (HotGetReply) m;
      StoredEntry e = r.entry();
      if (e == null || e.tombstone()) {
        return new ReadResult(key, null, e == null ? null : e.version(), ReadOutcome.NOT_FOUND, 1);
      }
      return new ReadResult(key, e.value(), e.version(), ReadOutcome.FOUND, 1);
    }).onFailure(t -> failed++);
  }

  private Future<Message> onHotGet(PeerRef from, HotGet m) {
    long now = host.runtime().now();
    LeaseCache.Leased copy = cache.lookup(m.key(), now);
    long keyId = host.ring().hash(m.key());
    Links links = host.links();
    boolean owner = owns(keyId, links);
    // over budget with no holder to hand the get to, a path peer passes it on towards the owner,
    // who has replicas to share with, rather than answer it
    if (copy != null && !owner && !m.delegated() && overBudget(m, from, now) && holders.pick(m.key(), now + host.config()
        .requestTimeoutMs(), from) == null) {
      copy = null;
    }
    if (copy != null) {
      PeerRef delegate = delegateFor(m, from, now);
      if (delegate != null) {
        return delegate(m, from, delegate, now);
      }
      servedFromCache++;
      countServed(from, now);
      long remaining = copy.remainingMs(now);
      // a delegated get's answer is handed on by the delegating peer, which records the reader
      long lease = m.delegated() ? remaining : handOut(from, copy.entry(), remaining, now);
      return Future.succeededFuture(new HotGetReply(copy.entry(), lease, true));
    }
    if (owner) {
      StoredEntry e = host.store().get(m.key());
      PeerRef delegate = e == null ? null : delegateFor(m, from, now);
      if (delegate != null) {
        leases.observe(keyId, now);
        return delegate(m, from, delegate, now);
      }
      PeerRef replica = e == null || !overBudget(m, from, now) ? null : replicaFor(from, links);
      if (replica != null) {
        return fromReplica(m, from, keyId, e, replica);
      }
      return Future.succeededFuture(answerAsOwner(m, keyId, e, from, now));
    }
    if (m.hopsLeft() == 0) {
      return Future.failedFuture("hot get of " + m.key() + " ran out of hops");
    }
    PeerRef next = nextHop(keyId, links);
    forwarded++;
    // asked as an ordinary get even when this one was delegated: this peer keeps the copy, so the
    // peer that answers must record it as a holder, or a later put would not reach it
    return host.runtime().request(next, new HotGet(m.key(), m.hopsLeft() - 1, false), host.config().requestTimeoutMs())
        .map(reply -> {
          HotGetReply r = checked(m.key(), reply);
          long at = host.runtime().now();
          // counted from when this peer forwarded: no later than when the granter started the lease;
          // a copy this peer may not keep (older than a version pushed meanwhile) is not handed on
          boolean kept = r.entry() != null && cache.offer(r.entry(), r.leaseMs(), now, at);
          long onward = !kept ? 0 : m.delegated() ? r.leaseMs() : handOut(from, r.entry(), r.leaseMs(), at);
          return new HotGetReply(r.entry(), onward, r.fromCache());
        });
  }

  private HotGetReply answerAsOwner(HotGet m, long keyId, StoredEntry e, PeerRef from, long now) {
    servedAsOwner++;
    countServed(from, now);
    long lease = e == null ? 0 : leases.onGet(m.key(), keyId, from, !m.delegated(), e.version(), now);
    return new HotGetReply(e, lease, false);
  }

  /**
   * Whether {@code m} may be handed on rather than answered here: a get of another peer (a
   * delegated one too: it walks on to a holder's holder, each step a hop of its budget) arriving
   * when this peer answered its budget of other peers' gets in the current second.
   */
  private boolean overBudget(HotGet m, PeerRef from, long now) {
    if (from == null || m.hopsLeft() == 0 || options.budgetPerSecond() == 0) {
      return false;
    }
    rollWindow(now);
    return servedInWindow >= options.budgetPerSecond();
  }

  /** The lease holder to hand {@code m} to when over budget (one whose copy outlasts a request timeout), or null. */
  private PeerRef delegateFor(HotGet m, PeerRef from, long now) {
    return overBudget(m, from, now) ? holders.pick(m.key(), now + host.config().requestTimeoutMs(), from) : null;
  }

  /** The next of this owner's replicas (the first replicas - 1 successors) in turn, other than {@code from}; or null. */
  private PeerRef replicaFor(PeerRef from, Links links) {
    List<PeerRef> succ = links.successors();
    int n = Math.min(host.config().replicas() - 1, succ.size());
    for (int i = 0; i < n; i++) {
      PeerRef r = succ.get(Math.floorMod(replicaTurn++, n));
      if (!r.equals(from) && !r.equals(links.self())) {
        return r;
      }
    }
    return null;
  }

  /**
   * Has {@code replica} answer {@code m} with its entry when it holds the owner's version {@code e}
   * or a newer one; the owner grants the lease as if it had answered, unless its store took a newer
   * put meanwhile (then no lease: the holder would be recorded with a version the put's push may
   * skip). A replica that is behind or does not answer leaves the get to the owner.
   */
  private Future<Message> fromReplica(HotGet m, PeerRef from, long keyId, StoredEntry e, PeerRef replica) {
    toReplicas++;
    return host.runtime().request(replica, new ReplicaGet(m.key(), e.version()), host.config().requestTimeoutMs())
        .map(reply -> {
          HotGetReply r = checked(m.key(), reply);
          long at = host.runtime().now();
          StoredEntry now = host.store().get(m.key());
          if (r.entry() == null || r.entry().version().compareTo(e.version()) < 0) {
            return (Message) answerAsOwner(m, keyId, now, from, at);
          }
          boolean current = now == null || r.entry().version().compareTo(now.version()) >= 0;
          long lease = current ? leases.onGet(m.key(), keyId, from, !m.delegated(), r.entry().version(), at) : 0;
          return new HotGetReply(r.entry(), lease, false);
        })
        .recover(t -> Future.succeededFuture(answerAsOwner(m, keyId, host.store().get(m.key()), from,
            host.runtime().now())));
  }

  private Future<Message> onReplicaGet(PeerRef from, ReplicaGet m) {
    StoredEntry e = host.store().get(m.key());
    if (e == null || e.version().compareTo(m.atLeast()) < 0) {
      return Future.succeededFuture(new HotGetReply(null, 0, false));
    }
    servedAsReplica++;
    countServed(from, host.runtime().now());
    return Future.succeededFuture(new HotGetReply(e, 0, false));
  }

  /**
   * Hands {@code m} to the lease holder {@code to} and passes its answer back to {@code from} with a
   * lease no longer than this peer's own (its copy's, or as owner the full lease), so a put's push
   * that reaches this peer reaches the reader while its copy lives. The lease is handed on only
   * with an entry no older than what this peer holds (its copy, a version pushed to it, or as owner
   * its store): the holder may not have taken a push yet that this peer already passed on, and a
   * reader recorded here with an older entry would then be skipped by the next push. A holder that
   * does not answer leaves the get to this peer.
   */
  private Future<Message> delegate(HotGet m, PeerRef from, PeerRef to, long sentAt) {
    delegated++;
    return host.runtime().request(to, new HotGet(m.key(), m.hopsLeft() - 1, true), host.config().requestTimeoutMs())
        .map(reply -> {
          HotGetReply r = checked(m.key(), reply);
          long at = host.runtime().now();
          long own;
          Version floor;
          if (owns(host.ring().hash(m.key()), host.links())) {
            own = options.leaseMs();
            StoredEntry stored = host.store().get(m.key());
            floor = stored == null ? null : stored.version();
          } else {
            LeaseCache.Leased mine = cache.lookup(m.key(), at);
            own = mine == null ? 0 : mine.remainingMs(at);
            floor = cache.floor(m.key(), at);
          }
          boolean fresh = r.entry() != null && (floor == null || r.entry().version().compareTo(floor) >= 0)
              && !cache.olderThanPushed(r.entry(), sentAt, at);
          long lease = Math.min(r.leaseMs(), own);
          long onward = !fresh ? 0 : m.delegated() ? lease : handOut(from, r.entry(), lease, at);
          return (Message) new HotGetReply(r.entry(), onward, r.fromCache());
        })
        .recover(t -> onHotGet(from, new HotGet(m.key(), m.hopsLeft() - 1, m.delegated())));
  }

  private static HotGetReply checked(String key, Message reply) {
    if (!(reply instanceof HotGetReply r) || r.entry() != null && !r.entry().key().equals(key)) {
      throw new MalformedMessageException("answer to a hot get of " + key + ": " + reply);
    }
    return r;
  }

  private void rollWindow(long now) {
    if (now - windowStart >= HotKeyOptions.WINDOW_MS) {
      windowStart = now;
      servedInWindow = 0;
    }
  }

  private void countServed(PeerRef from, long now) {
    if (from != null) {
      rollWindow(now);
      servedInWindow++;
    }
  }

  /** The lease {@code from} may keep a copy of {@code e} for ({@code leaseMs}), once recorded for updates; else 0. */
  private long handOut(PeerRef from, StoredEntry e, long leaseMs, long nowMs) {
    if (from == null || leaseMs <= 0) {
      return 0;
    }
    return holders.record(e.key(), from, nowMs + leaseMs, e.version(), nowMs) ? leaseMs : 0;
  }

  /** Takes a pushed entry in place of an older copy, then passes it to every peer this one handed a copy to. */
  private Future<Message> onUpdate(HotUpdate m) {
    cache.update(m.entry(), host.runtime().now());
    return pushToHolders(m.entry()).map(ignored -> new HotUpdated());
  }

  /**
   * Completes once every live holder of a copy of {@code e}'s key handed out by this peer holds
   * {@code e}'s version or a newer one, or its lease ran out. A holder already handed or pushed
   * that version is not pushed again; its push under way, if any, is waited for.
   */
  private Future<Void> pushToHolders(StoredEntry e) {
    List<LeaseHolders.Holder> live = holders.live(e.key(), host.runtime().now());
    if (live.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Future<Void>> all = new ArrayList<>(live.size());
    for (LeaseHolders.Holder h : live) {
      if (h.version().compareTo(e.version()) < 0) {
        updates++;
        h.pushed(e.version(), push(h, e));
      }
      all.add(h.settled());
    }
    return Future.all(all).mapEmpty();
  }

  /**
   * Pushes {@code e} to holder {@code h}; when it does not answer in time, completes only once its
   * lease (and with it every lease below it, each no longer than the one it came from) ran out, so
   * it cannot serve an older copy after the put is acknowledged.
   */
  private Future<Void> push(LeaseHolders.Holder h, StoredEntry e) {
    return host.runtime().request(h.peer(), new HotUpdate(e), host.config().requestTimeoutMs())
        .compose(reply -> reply instanceof HotUpdated ? Future.<Void>succeededFuture()
            : Future.<Void>failedFuture(new MalformedMessageException("answer to a hot update: " + reply)))
        .recover(t -> {
          updatesWaitedOut++;
          Promise<Void> expired = Promise.promise();
          host.runtime().after(Math.max(0, h.untilMs() - host.runtime().now()), () -> expired.complete());
          return expired.future();
        });
  }

  private boolean owns(long keyId, Links links) {
    PeerRef pred = links.predecessor();
    PeerRef self = links.self();
    if (pred == null) {
      return links.successor() == null || links.successor().equals(self);
    }
    return host.ring().inHalfOpen(keyId, pred.id(), self.id());
  }

  /** The successor when it owns the key, else the link closest before the key (Chord's rule). */
  private PeerRef nextHop(long keyId, Links links) {
    IdRing ring = host.ring();
    long self = links.self().id();
    PeerRef succ = links.successor();
    if (succ != null && ring.inHalfOpen(keyId, self, succ.id())) {
      return succ;
    }
    PeerRef best = succ;
    long bestDistance = succ == null ? -1 : ring.distance(self, succ.id());
    for (PeerRef p : links.distinct()) {
      if (ring.inOpen(p.id(), self, keyId)) {
        long d = ring.distance(self, p.id());
        if (d > bestDistance) {
          best = p;
          bestDistance = d;
        }
      }
    }
    return best;
  }

  /** Gets this peer answered as the key's owner. */
  public long servedAsOwner() {
    return servedAsOwner;
  }

  /** Gets this peer answered from a leased copy. */
  public long servedFromCache() {
    return servedFromCache;
  }

  /** Gets this peer answered as a replica for an owner that had answered its budget. */
  public long servedAsReplica() {
    return servedAsReplica;
  }

  /** Gets this peer, as an owner over its budget, had a replica answer. */
  public long toReplicas() {
    return toReplicas;
  }

  /** Gets this peer answered, as owner, as replica or from a copy. */
  public long served() {
    return servedAsOwner + servedFromCache + servedAsReplica;
  }

  /** Gets this peer passed on towards the owner. */
  public long forwarded() {
    return forwarded;
  }

  /** Gets this peer handed to one of its lease holders because it had answered its budget. */
  public long delegated() {
    return delegated;
  }

  /** This peer's own reads that failed on the way. */
  public long failed() {
    return failed;
  }

  /** Pushes of a new version this peer sent to its lease holders (as owner of a written key or passing one on). */
  public long updates() {
    return updates;
  }

  /** Pushes that were not answered in time, after which this peer waited for the holder's lease to run out. */
  public long updatesWaitedOut() {
    return updatesWaitedOut;
  }

  /** Who this peer handed copies to. */
  public LeaseHolders holders() {
    return holders;
  }

  /** The owner side's lease table. */
  public LeaseTable leases() {
    return leases;
  }

  /** The path side's copies. */
  public LeaseCache cache() {
    return cache;
  }
}
