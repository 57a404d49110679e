package org.bloomchord.routing.cache;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.cache.CacheMessages.CacheAnswer;
import org.bloomchord.routing.cache.CacheMessages.CacheFetch;
import org.bloomchord.routing.cache.CacheMessages.CacheObject;
import org.bloomchord.routing.cache.CacheMessages.CacheQuery;
import org.bloomchord.routing.cache.CacheMessages.HolderList;
import org.bloomchord.routing.cache.CacheMessages.HolderQuery;
import org.bloomchord.routing.cache.CacheMessages.HolderUpdate;
import org.bloomchord.routing.cache.CacheMessages.SummaryPull;
import org.bloomchord.routing.cache.CacheMessages.SummaryUpdate;
import org.bloomchord.routing.cache.CacheMessages.Verdict;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocationService;

/**
 * A peer of a cooperative cache group: an LRU cache of objects, and one of five ways to find an
 * object in the group after a local miss ({@link CacheProtocol}). One instance per peer, plugged in
 * as a {@link ChordExtension}.
 *
 * <pre>
 *   request(o)  cached?                                   -> LOCAL_HIT
 *               candidates := none        : {}
 *                             icp         : every other member            (CacheQuery to each)
 *                             summary     : members whose summary matches (CacheQuery to each)
 *                             directory   : holders at the Chord owner of o (lookup, HolderQuery)
 *                             attenuated  : the holder the location layer finds (locate)
 *               fetch from the first candidate that holds it   -> REMOTE_HIT
 *               else from the origin                            -> ORIGIN
 *               insert o (LRU evicts one); summary: after updateEvery insertions push the new
 *               summary to every member; directory: HolderUpdate to the owners; attenuated:
 *               publish o, unpublish the evicted one
 * </pre>
 *
 * <p>A summary's false hit is told apart at the member that was asked: it answers
 * {@link Verdict#MISS_STALE} when the object was in the directory its last summary was built
 * from (the asker's copy is stale), {@link Verdict#MISS} otherwise (a Bloom false positive).
 *
 * <p>Invariants: the cache changes only through this peer's own requests; the summaries held are of
 * group members only, one per member ({@link SummaryBook}); every cache message is checked by
 * {@link CacheWire#check} before use, and a malformed one is rejected and counted
 * ({@link #rejectedMessages()}). A member that does not answer a query in time counts as a miss.
 * All methods run on the peer's thread.
 *
 * <p>About 400 lines and kept whole because the five protocols share one request path (local hit,
 * then the protocol's own way to a remote hit, then the origin) and one set of counters; each
 * protocol's part is a method of a few dozen lines, and its state lives in {@link SummaryBook} and
 * the LRU cache.
 */
public final class CacheService implements ChordExtension {


  /** Prefix of the keys under which objects are hashed onto the ring and published. */
  public static final String KEY_PREFIX = "cache:";

  private final CacheConfig config;
  private final CacheWire wire;
  private final LocationService location;
  private final ObjectCache cache;
  private final OwnSummary own;
  private final SummaryBook book;
  private final HolderDirectory directory;
  private ChordHost host;
  private long rejected;
  private long updatesSent;

  /**
   * A cache peer; {@code location} is the same peer's location layer for
   * {@link CacheProtocol#ATTENUATED} (null otherwise).
   */
  public CacheService(CacheConfig config, CacheWire wire, LocationService location) {
    this.config = config;
    this.wire = wire;
    if (config.protocol() == CacheProtocol.ATTENUATED && location == null) {
      throw new IllegalArgumentException("the attenuated protocol needs the peer's location service");
    }
    this.location = location;
    this.cache = new ObjectCache(config.capacity());
    this.own = new OwnSummary(config);
    this.book = new SummaryBook(config);
    this.directory = new HolderDirectory(config);
  }

  @Override
  public void attach(ChordHost h) {
    this.host = h;
    h.handleRequests(CacheQuery.class, (from, m) -> Future.succeededFuture(answer(checked(m).object().key())));
    h.handleRequests(CacheFetch.class, (from, m) -> {
      long o = checked(m).object().key();
      int size = cache.sizeOf(o);
      return Future.succeededFuture(new CacheObject(o, size >= 0, Math.max(0, size)));
    });
    h.handleMessages(SummaryUpdate.class, (from, m) -> onSummary(from, checked(m)));
    h.handleRequests(SummaryPull.class, (from, m) -> {
      checked(m);
      SummaryUpdate whole = own.whole();
      if (whole == null) {
        return Future.failedFuture(new MalformedMessageException("no summary sent yet"));
      }
      return Future.succeededFuture(whole);
    });
    h.handleMessages(HolderUpdate.class, (from, m) -> directory.update(checked(m).object().key(), from, m.add()));
    h.handleRequests(HolderQuery.class, (from, m) -> {
      long key = checked(m).object().key();
      return Future.succeededFuture(new HolderList(key, directory.holders(key)));
    });
  }

  /** Sets the other members of the group (ICP and summary ask them; self is left out). */
  public void group(List<PeerRef> members) {
    List<PeerRef> others = new ArrayList<>(members);
    others.remove(host.self());
    book.group(others);
  }

  // ---- the request path

  /**
   * Serves one request for {@code object} of {@code size} bytes from this peer's cache, the group
   * or the origin, and caches it. Never fails: an unreachable member is a miss. The result names
   * the object by its key.
   */
  public Future<CacheResult> request(ObjectName object, int size) {
    if (object == null || object.naming() != config.naming() || size < 0 || size > CacheWire.MAX_OBJECT_BYTES) {
      return Future.failedFuture(new IllegalArgumentException("bad object " + object + " of " + size + " bytes"
          + " in a group naming by " + config.naming().wireName()));
    }
    if (cache.touch(object.key())) {
      return Future.succeededFuture(CacheResult.local(object.key()));
    }
    CacheResult.Builder b = CacheResult.miss(object.key());
    Future<Boolean> found = switch (config.protocol()) {
      case NONE -> Future.succeededFuture(false);
      case ICP -> askAll(object, book.members(), b);
      case SUMMARY -> fromSummaries(object, b);
      case DIRECTORY -> fromDirectory(object, b);
      case ATTENUATED -> fromLocation(object, b);
    };
    return found.map(remote -> {
      OptionalLong evicted = insert(object, size);
      return b.done(remote ? CacheOutcome.REMOTE_HIT : CacheOutcome.ORIGIN, evicted);
    });
  }

  /** ICP: queries every other member at once, then fetches from the first (in group order) that holds it. */
  private Future<Boolean> askAll(ObjectName object, List<PeerRef> members, CacheResult.Builder b) {
    if (members.isEmpty()) {
      return Future.succeededFuture(false);
    }
    b.queried(members.size());
    Verdict[] verdicts = new Verdict[members.size()];
    Promise<Boolean> done = Promise.promise();
    int[] pending = {members.size()};
    for (int i = 0; i < members.size(); i++) {
      int at = i;
      host.runtime().request(members.get(i), new CacheQuery(object), host.config().requestTimeoutMs())
          .onComplete(ar -> {
            verdicts[at] = ar.succeeded() && ar.result() instanceof CacheAnswer a ? checked(a).verdict() : Verdict.MISS;
            if (--pending[0] == 0) {
              List<PeerRef> holders = new ArrayList<>();
              for (int j = 0; j < verdicts.length; j++) {
                if (verdicts[j] == Verdict.HIT) {
                  holders.add(members.get(j));
                }
              }
              b.matches(holders.size());
              fetchFirst(object, holders, 0, b, false).onComplete(done);
            }
          });
    }
    return done.future();
  }

  /**
   * Summary cache: walks the members in a random order (the peer's seeded generator) and queries,
   * one at a time, those whose summary matches, until one holds the object. The walk also adds up
   * the formula's false positives: f of every member passed before the holder whose summarised
   * directory lacked the object (every non-matching one, and every matching one that answered a
   * plain miss).
   */
  private Future<Boolean> fromSummaries(ObjectName object, CacheResult.Builder b) {
    List<PeerRef> order = new ArrayList<>(book.members());
    for (int i = order.size() - 1; i > 0; i--) {
      int j = host.runtime().random().nextInt(i + 1);
      PeerRef t = order.get(i);
      order.set(i, order.get(j));
      order.set(j, t);
    }
    return askInTurn(object, order, 0, b);
  }

  private Future<Boolean> askInTurn(ObjectName object, List<PeerRef> order, int i, CacheResult.Builder b) {
    while (i < order.size() && !book.matches(order.get(i), object.key())) {
      b.expectedFalsePositives(book.falsePositiveRate(order.get(i)));
      i++;
    }
    if (i >= order.size()) {
      return Future.succeededFuture(false);
    }
    PeerRef member = order.get(i);
    double rate = book.falsePositiveRate(member);
    int next = i + 1;
    b.queried(1).matches(1);
    return host.runtime().request(member, new CacheQuery(object), host.config().requestTimeoutMs()).transform(ar -> {
      Verdict v = ar.succeeded() && ar.result() instanceof CacheAnswer a ? checked(a).verdict() : Verdict.MISS;
      if (v == Verdict.HIT) {
        return fetchFirst(object, List.of(member), 0, b, true).transform(f -> f.succeeded() && f.result()
            ? Future.succeededFuture(true) : askInTurn(object, order, next, b));
      }
      if (v == Verdict.MISS_STALE) {
        b.stale();
      } else {
        b.falsePositive().expectedFalsePositives(rate);
      }
      return askInTurn(object, order, next, b);
    });
  }

  /** Fetches from {@code holders[i..]} in order; a holder without the object is a stale hit when {@code countStale}. */
  private Future<Boolean> fetchFirst(ObjectName object, List<PeerRef> holders, int i, CacheResult.Builder b,
      boolean countStale) {
    if (i >= holders.size()) {
      return Future.succeededFuture(false);
    }
    return host.runtime().request(holders.get(i), new CacheFetch(object), host.config().requestTimeoutMs())
        .transform(ar -> {
          if (ar.succeeded() && ar.result() instanceof CacheObject o && checked(o).present() && o.object() == object.key()) {
            return Future.succeededFuture(true);
          }
          if (countStale) {
            b.stale();
          }
          return fetchFirst(object, holders, i + 1, b, countStale);
        });
  }

  private Future<Boolean> fromDirectory(ObjectName object, CacheResult.Builder b) {
    return host.lookup(keyId(object)).transform(ar -> {
      if (ar.failed() || !ar.result().found()) {
        return Future.succeededFuture(false);
      }
      b.queried(1);
      return host.runtime().request(ar.result().successor(), new HolderQuery(object), host.config().requestTimeoutMs())
          .transform(q -> {
            if (q.failed() || !(q.result() instanceof HolderList list)) {
              return Future.succeededFuture(false);
            }
            List<PeerRef> holders = new ArrayList<>(checked(list).holders());
            holders.remove(host.self());
            b.matches(holders.size());
            return fetchFirst(object, holders, 0, b, true);
          });
    });
  }

  private Future<Boolean> fromLocation(ObjectName object, CacheResult.Builder b) {
    return location.locate(object.ringKey()).transform(ar -> {
      if (ar.failed()) {
        return Future.succeededFuture(false);
      }
      for (int i = 0; i < ar.result().falsePositives(); i++) {
        b.falsePositive();
      }
      PeerRef holder = ar.result().holder();
      if (ar.result().outcome() == LocateOutcome.NOT_FOUND || holder == null || holder.equals(host.self())) {
        return Future.succeededFuture(false);
      }
      b.queried(1).matches(1);
      return fetchFirst(object, List.of(holder), 0, b, true);
    });
  }

  /** Caches {@code object} and tells the group as the protocol requires. */
  private OptionalLong insert(ObjectName object, int size) {
    Optional<ObjectName> evicted = cache.insert(object, size);
    switch (config.protocol()) {
      case SUMMARY -> {
        SummaryUpdate u = own.onInsert(object.key(), evicted.map(ObjectName::key).orElse(-1L), cache.size());
        if (u != null) {
          for (PeerRef m : book.members()) {
            host.runtime().send(m, u);
          }
          updatesSent++;
        }
      }
      case DIRECTORY -> {
        tellOwner(object, true);
        evicted.ifPresent(e -> tellOwner(e, false));
      }
      case ATTENUATED -> {
        location.publish(object.ringKey());
        evicted.ifPresent(e -> location.unpublish(e.ringKey()));
      }
      default -> {
      }
    }
    return evicted.isPresent() ? OptionalLong.of(evicted.get().key()) : OptionalLong.empty();
  }

  private void tellOwner(ObjectName object, boolean add) {
    host.lookup(keyId(object)).onSuccess(r -> {
      if (r.found()) {
        host.runtime().send(r.successor(), new HolderUpdate(object, add));
      }
    });
  }

  // ---- the member side

  private CacheAnswer answer(long object) {
    boolean held = cache.contains(object);
    if (held) {
      return new CacheAnswer(Verdict.HIT);
    }
    boolean stale = config.protocol() == CacheProtocol.SUMMARY && own.inLastSummary(object, false);
    return new CacheAnswer(stale ? Verdict.MISS_STALE : Verdict.MISS);
  }

  private void onSummary(PeerRef from, SummaryUpdate u) {
    SummaryBook.Applied a;
    try {
      a = book.apply(from, u);
    } catch (MalformedMessageException | IllegalArgumentException e) {
      countRejection();
      throw e instanceof MalformedMessageException me ? me : new MalformedMessageException(e.getMessage());
    }
    if (a == SummaryBook.Applied.NEEDS_WHOLE) {
      host.runtime().request(from, new SummaryPull(book.version(from)), host.config().requestTimeoutMs())
          .onSuccess(r -> {
            if (r instanceof SummaryUpdate whole && whole.coding() != CacheMessages.Coding.DELTA) {
              onSummary(from, checked(whole));
            }
          });
    }
  }

  private <M extends Message> M checked(M m) {
    return wire.checked(m, this::countRejection);
  }

  private void countRejection() {
    rejected++;
    host.runtime().metrics().increment(RoutingCounter.CACHE_REJECTED, 1);
  }

  // ---- state (peer's thread)

  /** The Chord key id of {@code object} (its directory owner is the key's successor). */
  long keyId(ObjectName object) {
    return host.ring().hash(object.ringKey());
  }

  /** The settings. */
  public CacheConfig config() {
    return config;
  }

  /** Whether the object of key {@code object} is cached here (no LRU effect). */
  public boolean holds(long object) {
    return cache.contains(object);
  }

  /** Objects cached here. */
  public int cached() {
    return cache.size();
  }

  /** Summary updates this peer pushed (each went to every other member). */
  public long updatesSent() {
    return updatesSent;
  }

  /** Summaries of other members held here. */
  public int summariesHeld() {
    return book.size();
  }

  /**
   * Bytes this peer spends on locating objects in the group: for summary, the summaries held plus
   * its own counting filter and last sent bits; for directory, the (object, holder) pairs it owns;
   * for attenuated, the location layer's link filters; 0 for none and ICP.
   */
  public long locatorMemoryBytes() {
    return switch (config.protocol()) {
      case SUMMARY -> book.memoryBytes() + own.memoryBytes();
      case DIRECTORY -> directory.memoryBytes();
      case ATTENUATED -> location.filterMemoryBytes();
      default -> 0;
    };
  }

  /** Directory pairs refused by the bound. */
  public long directoryRefused() {
    return directory.refused();
  }

  /** Cache messages rejected as malformed. */
  public long rejectedMessages() {
    return rejected;
  }

  @Override
  public String toString() {
    return "CacheService[" + config.protocol().wireName() + ", " + cache.size() + "/" + cache.capacity() + "]";
  }
}
