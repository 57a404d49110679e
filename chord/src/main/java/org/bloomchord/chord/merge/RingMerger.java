package org.bloomchord.chord.merge;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import org.bloomchord.chord.ChordContext;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.merge.MergeMessages.MergeFind;
import org.bloomchord.chord.merge.MergeMessages.MergeFound;
import org.bloomchord.chord.merge.MergeMessages.MergeIntro;
import org.bloomchord.chord.merge.MergeMessages.MergeNews;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Seeds;

/**
 * Ring unification for one peer: notices that a peer it can reach lives in another ring, joins
 * itself into that ring, and spreads the news through its own ring so that every peer does the
 * same in parallel (docs/architecture/ring-merge.md).
 *
 * <pre>
 *  suspected peer --remember--> FormerPeers --probe (Ping, backed off 2 s .. 60 s)--+
 *  offerContact(c) -- c in our tables? done (0 messages) --------------------------+--> check(c)
 *  check(c): lookup(c.id) in our ring == c ? false alarm, done
 *            else detected: join via c, then (unless quiet) start MergeNews(epoch, contacts)
 *  MergeNews: seen epoch? drop; forward by mode (successor | +fanout | finger intervals);
 *             join via a contact
 *  join via b: MergeFind(self.id) to b -> successor s in b's ring; GetNeighbors(s) -> its
 *             predecessor p and list; take s if closer, merge s's list into ours, Notify s,
 *             MergeIntro to p (p may take us as its successor)
 *  first merge step (news, detection, MergeFind served): take part for quietMs: Ping the peers
 *             suspected now, MergeNews to the predecessor; a predecessor replaced meanwhile
 *             is sent MergeNews naming its replacement
 * </pre>
 *
 * <p>Invariants: a peer changes its tables only through the checks they already apply (a closer
 * successor is taken only once it answered; an introduced successor is the transport's sender, and
 * stabilize verifies both); at most one probe is in flight; a merge epoch is forwarded once, and at
 * most {@link MergeOptions#forwardsPerWindow()} epochs per {@link MergeOptions#quietMs()}; every
 * per-peer map is bounded (remembered peers, seen epochs). With {@link MergeMode#OFF} nothing runs
 * and the merge messages are refused.
 *
 * <p>Longer than most classes because detection, the join step and the news in its three modes
 * read and change one state together (the epochs seen, the current merge's quiet period and the
 * peers it still probes), and the invariants above are about that state as a whole. The parts that
 * stand alone are classes of their own: the remembered peers ({@link FormerPeers}), the routes of
 * the news by mode ({@link NewsRoutes}) and the hand-back of key ranges ({@link RangeHandBack}).
 */
public final class RingMerger {

  private static final int SEEN_EPOCHS = 256;
  private static final int MAX_CONTACTS = 8;

  private static final long MERGE_STREAM = 0x6A09E667F3BCC909L;

  private final ChordContext ctx;
  private final SplittableRandom random;
  private final MergeOptions options;
  private final LongFunction<Future<LookupResult>> lookup;
  private final FormerPeers former;
  private final RangeHandBack handBack;
  /** The epochs of merge news taken part in, the last {@link #SEEN_EPOCHS}; null until the first. */
  private Map<Long, Boolean> seen;
  private Cancellable timer;
  private long interval;
  private boolean probing;
  private long quietUntil = Long.MIN_VALUE;
  private long windowStart = Long.MIN_VALUE;
  private int forwardsInWindow;

  private RingMerger(ChordContext ctx, LocalStore store, MergeOptions options,
      LongFunction<Future<LookupResult>> lookup) {
    this.ctx = ctx;
    this.handBack = new RangeHandBack(ctx, store, lookup);
    this.options = options;
    this.lookup = lookup;
    this.former = new FormerPeers(options.maxRemembered());
    this.interval = options.probeFloorMs();
    // a generator of its own, so that a ring that never splits draws the same numbers from the
    // peer's generator as before the merger existed (its runs, and every published figure, repeat)
    this.random = new SplittableRandom(Seeds.mix(ctx.self().id() ^ MERGE_STREAM));
  }

  /**
   * The merger of the peer whose context is {@code ctx}: registers the merge messages' handlers on
   * {@code host} and listens for suspected peers.
   *
   * @param lookup the peer's own lookup (the successor of a key in our ring)
   */
  public static RingMerger attach(ChordContext ctx, ChordHost host, MergeOptions options,
      LongFunction<Future<LookupResult>> lookup) {
    RingMerger m = new RingMerger(ctx, host.store(), options, lookup);
    host.handleRequests(MergeFind.class, m::onFind);
    host.handleMessages(MergeNews.class, (from, msg) -> m.onNews(msg));
    host.handleMessages(MergeIntro.class, (from, msg) -> m.onIntro(from));
    if (options.mode() != MergeMode.OFF) {
      ctx.onFailed(m::remember);
      ctx.table().onNewPredecessor(m::newPredecessor);
    }
    return m;
  }

  /** The settings. */
  public MergeOptions options() {
    return options;
  }

  /** Remembered failed peers now. */
  public int remembered() {
    return former.size();
  }

  /** Cancels the probe timer (the peer stopped or is leaving). */
  public void stop() {
    handBack.cancel();
    if (timer != null) {
      timer.cancel();
      timer = null;
    }
  }

  // ---- noticing another ring

  /**
   * {@code contact} may be in another ring: unify if so. Free when the contact is in our tables,
   * one lookup when it is in our ring elsewhere; idempotent.
   */
  public void offerContact(PeerRef contact) {
    if (options.mode() == MergeMode.OFF || !ctx.active() || contact == null || contact.equals(ctx.self())
        || !ctx.ring().contains(contact.id())) {
      return;
    }
    if (inTables(contact)) {
      ctx.metrics().increment(ChordCounter.MERGE_FALSE_ALARMS, 1);
      return;
    }
    check(contact, false);
  }

  private void remember(PeerRef p) {
    if (ctx.now() < quietUntil && ctx.active()) {
      recheck(p);
    }
    former.remember(p);
    if (timer == null && ctx.active()) {
      interval = options.probeFloorMs();
      schedule();
    }
  }

  private void schedule() {
    long delay = interval / 2 + random.nextLong(interval / 2 + 1);
    timer = ctx.runtime().after(delay, this::probe);
  }

  /**
   * A peer suspected while a merge is under way is asked again at once: right after a heal,
   * requests sent during the split still time out (their timeouts backed off to seconds) and
   * would keep live peers of the other side out of the tables until their suspicion ends. One
   * that answers is no longer suspected and offered as successor (taken only if closer).
   */
  private void recheck(PeerRef p) {
    ctx.request(p, new Ping()).onSuccess(reply -> {
      if (ctx.active()) {
        ctx.table().answered(p);
        former.forget(p);
        ctx.table().offerSuccessor(p, ctx.now());
      }
    });
  }

  /**
   * This peer takes part in a merge from now on, for {@link MergeOptions#quietMs()}; {@code news}
   * names the other ring. When it was not taking part already:
   *
   * <ul>
   *   <li>it asks again the peers it suspects now. Those suspicions date from the split: a peer
   *       probes its former successor whenever that one's suspicion ends, and every probe sent in
   *       the last seconds of the split timed out and suspected a peer that is live again after the
   *       heal, for up to a suspicion's length (5 s, ten stabilize periods) after it. While
   *       suspected such a peer is neither taken as successor nor walked back to by stabilize.
   *       (Peers suspected later, while it takes part, are asked again at once by
   *       {@link #remember}.)
   *   <li>it passes the news to its predecessor with the arc up to itself. After a long split
   *       every peer's maintenance has backed off to its ceiling (16 s for stabilize), and a peer
   *       that the broadcast missed (a forwarder's window was full, or its tables were stale)
   *       would neither join the other ring nor stabilize again for that long; its successor
   *       does not miss it. The predecessor drops an epoch it has seen, so this costs one message
   *       per peer and a walk back only over peers that no news reached.
   * </ul>
   *
   * <p>These two, not the spreading of the news, set the time of the last seams after the heal
   * (docs/architecture/ring-merge.md, "The last seams").
   */
  private void takePart(MergeNews news) {
    long now = ctx.now();
    boolean already = now < quietUntil;
    quietUntil = now + options.quietMs();
    if (already || !ctx.active()) {
      return;
    }
    RoutingTable table = ctx.table();
    for (PeerRef p : table.suspicion().suspected(now, 2 * ctx.config().successors())) {
      ctx.metrics().increment(ChordCounter.MERGE_RECHECKS, 1);
      recheck(p);
    }
    PeerRef pred = table.predecessor();
    if (pred != null && !pred.equals(ctx.self()) && table.usable(pred, now)
        && news.hops() + 1 < ctx.config().maxHops()) {
      seen().putIfAbsent(news.epoch(), Boolean.TRUE);
      ctx.runtime().send(pred, new MergeNews(news.epoch(), news.contacts(), ctx.self().id(), news.hops() + 1));
    }
  }

  /**
   * While this peer takes part in a merge, a closer predecessor {@code now} (of the other ring,
   * or one the merge brought) took the place of {@code was}: {@code was} still names this peer as
   * its successor and, if no news reached it, stabilizes only at its backed-off period. It is told
   * the news with {@code now} as contact: it joins the merged ring through {@code now} (which
   * names its true successor) and takes part in turn. One message, only for the predecessors a
   * merge replaces.
   */
  private void newPredecessor(PeerRef was, PeerRef now) {
    long t = ctx.now();
    if (t >= quietUntil || !ctx.active() || !ctx.ring().inOpen(now.id(), was.id(), ctx.self().id())
        || !ctx.table().usable(was, t)) {
      return;
    }
    MergeNews news = newsOf(now);
    seen().put(news.epoch(), Boolean.TRUE);
    ctx.runtime().send(was, new MergeNews(news.epoch(), news.contacts(), now.id(), 1));
  }

  /** News of the ring of {@code contact}, found by this peer, under a new epoch. */
  private MergeNews newsOf(PeerRef contact) {
    return new MergeNews(random.nextLong(), List.of(contact), ctx.self().id(), 0);
  }

  /** Probes one remembered peer: a Ping, and when it answers, {@link #check}. */
  private void probe() {
    timer = null;
    if (!ctx.active()) {
      return;
    }
    PeerRef p = former.next();
    while (p != null && inTables(p)) {
      former.forget(p);
      p = former.next();
    }
    if (p == null) {
      return;
    }
    if (probing) {
      schedule();
      return;
    }
    probing = true;
    ctx.metrics().increment(ChordCounter.MERGE_PROBES, 1);
    PeerRef target = p;
    ctx.request(target, new Ping()).onComplete(ar -> {
      probing = false;
      if (!ctx.active()) {
        return;
      }
      if (ar.succeeded()) {
        former.forget(target);
        interval = options.probeFloorMs();
        check(target, false);
      } else {
        former.failed(target);
        interval = Math.min(options.probeCeilingMs(), interval * 2);
      }
      if (!former.isEmpty()) {
        schedule();
      }
    });
  }

  /**
   * Whether {@code contact} is in our ring: our own lookup of its id must name it. If not, this
   * peer joins the other ring and, when {@code spread} or not quiet, starts the news in its own.
   */
  private void check(PeerRef contact, boolean spread) {
    lookup.apply(contact.id()).onComplete(ar -> {
      if (!ctx.active()) {
        return;
      }
      if (ar.succeeded() && ar.result().found() && contact.equals(ar.result().successor())) {
        ctx.metrics().increment(ChordCounter.MERGE_FALSE_ALARMS, 1);
        return;
      }
      detected(contact, spread);
    });
  }

  private void detected(PeerRef contact, boolean spread) {
    ctx.metrics().increment(ChordCounter.MERGE_DETECTED, 1);
    boolean quiet = !spread && ctx.now() < quietUntil;
    takePart(newsOf(contact));
    joinVia(List.of(contact)).onSuccess(contacts -> {
      if (contacts.isEmpty() || quiet) {
        return;
      }
      long epoch = random.nextLong();
      seen().put(epoch, Boolean.TRUE);
      onNewsAccepted(new MergeNews(epoch, contacts, ctx.self().id(), 0));
    });
  }

  /** The epochs seen, made at the first news: a ring that never splits keeps none. */
  private Map<Long, Boolean> seen() {
    if (seen == null) {
      seen = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
          return size() > SEEN_EPOCHS;
        }
      };
    }
    return seen;
  }

  // ---- spreading the news

  private void onNews(MergeNews m) {
    if (options.mode() == MergeMode.OFF || !ctx.active()) {
      return;
    }
    if (seen().putIfAbsent(m.epoch(), Boolean.TRUE) != null || m.hops() >= ctx.config().maxHops()) {
      return;
    }
    takePart(m);
    onNewsAccepted(m);
    joinVia(m.contacts());
  }

  private void onNewsAccepted(MergeNews m) {
    long now = ctx.now();
    if (now - windowStart >= options.quietMs()) {
      windowStart = now;
      forwardsInWindow = 0;
    }
    if (forwardsInWindow >= options.forwardsPerWindow()) {
      ctx.metrics().increment(ChordCounter.MERGE_SUPPRESSED, 1);
      return;
    }
    forwardsInWindow++;
    handBack.soon();
    // the ring is about to change: maintenance back to its fastest periods
    ctx.tablesChanged();
    for (Map.Entry<PeerRef, Long> t : NewsRoutes.targets(ctx, options, m.limit()).entrySet()) {
      ctx.runtime().send(t.getKey(), new MergeNews(m.epoch(), m.contacts(), t.getValue(), m.hops() + 1));
    }
  }

  // ---- joining the other ring

  /**
   * Joins this peer into the ring of {@code contacts}: asks one of them for our successor there,
   * takes it if closer, merges its successor list into ours, notifies it and introduces us to its
   * predecessor. Completes with peers of the other ring to hand on as contacts (empty on failure).
   */
  private Future<List<PeerRef>> joinVia(List<PeerRef> contacts) {
    PeerRef via = contacts.get(random.nextInt(contacts.size()));
    if (via.equals(ctx.self())) {
      return Future.succeededFuture(List.of());
    }
    PeerRef self = ctx.self();
    return ctx.request(via, new MergeFind(self.id())).compose(found -> {
      PeerRef s = found instanceof MergeFound f ? f.successor() : null;
      if (s == null || s.equals(self) || !ctx.active()) {
        return Future.succeededFuture(List.<PeerRef>of());
      }
      return ctx.request(s, new GetNeighbors()).map(reply -> {
        if (!(reply instanceof Neighbors n) || !ctx.active()) {
          return List.<PeerRef>of();
        }
        adopt(s, n);
        List<PeerRef> handOn = new ArrayList<>();
        handOn.add(s);
        for (PeerRef p : n.successors()) {
          if (handOn.size() < MAX_CONTACTS && !p.equals(self) && !handOn.contains(p)) {
            handOn.add(p);
          }
        }
        return handOn;
      });
    }).recover(e -> Future.succeededFuture(List.of()));
  }

  private void adopt(PeerRef s, Neighbors n) {
    RoutingTable table = ctx.table();
    long now = ctx.now();
    boolean taken = table.offerSuccessor(s, now).taken();
    List<PeerRef> theirs = new ArrayList<>();
    theirs.add(s);
    theirs.addAll(n.successors());
    table.extendSuccessors(table.successor(), theirs, now);
    if (taken) {
      ctx.metrics().increment(ChordCounter.MERGE_JOINED, 1);
    }
    handBack.soon();
    if (table.successor().equals(s)) {
      ctx.runtime().send(s, new Notify());
    }
    PeerRef p = n.predecessor();
    if (p != null && !p.equals(ctx.self()) && ctx.ring().inOpen(ctx.self().id(), p.id(), s.id())) {
      ctx.runtime().send(p, new MergeIntro());
    }
  }

  private Future<Message> onFind(PeerRef from, MergeFind m) {
    if (options.mode() == MergeMode.OFF || !ctx.active()) {
      throw new MalformedMessageException("MergeFind sent to a peer that does not merge or is " + ctx.state());
    }
    // the asker is of another ring: unless this peer took part in a merge lately, it spreads the
    // news in its own ring too (both sides join in parallel, and a third ring is found sooner)
    if (ctx.now() >= quietUntil) {
      takePart(newsOf(from));
      check(from, true);
    }
    return lookup.apply(m.key()).<Message>map(r -> r.found()
        ? new MergeFound(r.successor(), r.successors())
        : new MergeFound(null, List.of()))
        .recover(e -> Future.succeededFuture(new MergeFound(null, List.of())));
  }

  private void onIntro(PeerRef from) {
    if (options.mode() == MergeMode.OFF || !ctx.active()) {
      return;
    }
    RoutingTable table = ctx.table();
    if (ctx.ring().inOpen(from.id(), ctx.self().id(), table.successor().id())
        && table.offerSuccessor(from, ctx.now()).taken()) {
      ctx.metrics().increment(ChordCounter.MERGE_JOINED, 1);
      ctx.runtime().send(from, new Notify());
      handBack.soon();
    }
  }

  private boolean inTables(PeerRef p) {
    RoutingTable t = ctx.table();
    return p.equals(t.predecessor()) || t.successors().contains(p) || t.fingers().distinct().contains(p);
  }
}
