package org.bloomchord.routing.reconcile;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.reconcile.ReconcileMessages.ElementsReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.FilterRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.OfferReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolOffer;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushAck;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SetRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.StrataRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolRequest;

/**
 * The responder's half of the reconciliation protocol over one set (the exchanges are drawn in
 * {@link ReconcilePeer}): answers each request of an initiator from the set, keeping the rateless
 * sessions open between requests. {@link ReconcilePeer} serves its whole set through one; replica
 * repair serves the digests of one key range through one per conversation.
 *
 * <p>Invariants: a request is validated before anything changes and a malformed one throws
 * {@link MalformedMessageException} with the set untouched; the set only grows, by pushed
 * elements; at most {@link ReconcileOptions#maxSessions} rateless sessions are open, each dropped
 * after {@link ReconcileOptions#sessionIdleMs} without a request; IBLTs have at most
 * 8 (|S| + 256) cells and sketches at most {@link ReconcilePeer#MAX_SKETCH_HASHES} functions.
 *
 * <p>Quotas per initiator, so one greedy peer cannot take what others need: at most
 * {@value #MAX_SESSIONS_PER_PEER} open rateless sessions each, and filters asked for no lower
 * false-positive rate than
 * {@link ReconcileMessages#MIN_FALSE_POSITIVE_RATE}, which bounds the filter at about 29 bits per
 * element. Use on the owning peer's thread only.
 */
public final class ReconcileResponder {

  /** Rateless sessions one initiator may hold open at once. */
  public static final int MAX_SESSIONS_PER_PEER = 4;

  private final ElementSet set;
  private final ReconcileOptions options;
  private final PeerRuntime runtime;
  private final Map<String, Session> sessions = new HashMap<>();
  /** Streamed sessions this responder decodes (they count against the same limits). */
  private final Map<String, Offered> offered = new HashMap<>();
  /** Streamed sessions decoded lately, so runs still in flight get a short ENDED, not a rejection. */
  private final Map<String, Boolean> ended = new LinkedHashMap<>(16, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
      return size() > MAX_ENDED;
    }
  };
  /** Ended sessions remembered. */
  private static final int MAX_ENDED = 64;

  private static final class Session {
    final RatelessEncoder encoder;
    Cancellable expiry;

    Session(RatelessEncoder encoder) {
      this.encoder = encoder;
    }
  }

  /** A streamed session: the initiator's symbols decoded against a snapshot of the set. */
  private static final class Offered {
    final RatelessDecoder decoder;
    final long senderSize;
    final boolean keep;
    final boolean returnTheirs;
    Cancellable expiry;

    Offered(RatelessDecoder decoder, SymbolOffer first) {
      this.decoder = decoder;
      this.senderSize = first.senderSize();
      this.keep = first.keep();
      this.returnTheirs = first.returnTheirs();
    }
  }

  /**
   * A responder over {@code set}.
   *
   * @param runtime the peer's runtime, for the sessions' idle timers
   */
  public ReconcileResponder(ElementSet set, ReconcileOptions options, PeerRuntime runtime) {
    this.set = Objects.requireNonNull(set, "set");
    this.options = Objects.requireNonNull(options, "options");
    this.runtime = Objects.requireNonNull(runtime, "runtime");
  }

  /** The set served. */
  public ElementSet set() {
    return set;
  }

  /** Rateless sessions currently open (batched and streamed). */
  public int openSessions() {
    return sessions.size() + offered.size();
  }

  /** Closes every session and cancels its timer. */
  public void close() {
    sessions.values().forEach(s -> s.expiry.cancel());
    sessions.clear();
    offered.values().forEach(s -> s.expiry.cancel());
    offered.clear();
  }

  /**
   * The reply to one request of {@code from}.
   *
   * @throws MalformedMessageException for a request of another type, shape or session state
   */
  public Message answer(PeerRef from, Message message) {
    if (message instanceof SymbolRequest m) {
      return symbols(from, m);
    }
    if (message instanceof SymbolOffer m) {
      return offer(from, m);
    }
    if (message instanceof PushRequest m) {
      checkShape(m.elements().shape().bytes());
      closeSession(from, m.session());
      return new PushAck(set.addAll(m.elements()));
    }
    if (message instanceof StrataRequest m) {
      checkShape(m.elementBytes());
      StrataEstimator mine;
      try {
        mine = StrataEstimator.of(set, m.strata().strata(), m.strata().cellsPerStratum());
      } catch (IllegalArgumentException e) {
        throw new MalformedMessageException(e.getMessage());
      }
      long estimate = mine.estimateDifference(m.strata());
      return ibltReply(estimate, options.ibltCellsFor(estimate));
    }
    if (message instanceof IbltRequest m) {
      checkShape(m.elementBytes());
      return ibltReply(-1, m.cells());
    }
    if (message instanceof FilterRequest m) {
      checkShape(m.elementBytes());
      if (!(m.falsePositiveRate() >= ReconcileMessages.MIN_FALSE_POSITIVE_RATE && m.falsePositiveRate() < 1)) {
        throw new MalformedMessageException("false-positive rate " + m.falsePositiveRate() + " outside ["
            + ReconcileMessages.MIN_FALSE_POSITIVE_RATE + ", 1)");
      }
      ElementSet unmatched = BloomSummary.wrap(m.filter(), set.shape()).unmatched(set);
      return new ElementsReply(unmatched, m.wantFilter() ? BloomSummary.of(set, m.falsePositiveRate()).filter() : null);
    }
    if (message instanceof SetRequest m) {
      checkShape(m.elements().shape().bytes());
      ElementSet missing = set.minus(m.elements());
      if (m.keep()) {
        set.addAll(m.elements());
      }
      return new ElementsReply(missing, null);
    }
    if (message instanceof SketchRequest m) {
      checkShape(m.elementBytes());
      if (m.sketch().hashes() > ReconcilePeer.MAX_SKETCH_HASHES) {
        throw new MalformedMessageException("sketch of " + m.sketch().hashes() + " functions, at most "
            + ReconcilePeer.MAX_SKETCH_HASHES + " answered");
      }
      MinHashSketch mine = new MinHashSketch(m.sketch().hashes(), m.sketch().seed());
      for (int i = 0; i < set.size(); i++) {
        mine.add(set.hash(i, ElementHash.MINHASH_SEED));
      }
      return new SketchReply(set.size(), mine);
    }
    throw new MalformedMessageException("unexpected request " + message.typeName());
  }

  private IbltReply ibltReply(long estimate, long cells) {
    // a difference larger than 4 (|S_B| + 256) calls for another method; never allocate beyond it
    long cap = Math.min(IbltShape.MAX_CELLS, 8L * (set.size() + 256));
    IbltShape shape = IbltShape.atLeast(Math.min(cells, cap), options.ibltHashes(), set.shape());
    return new IbltReply(estimate, Iblt.of(shape, set));
  }

  private SymbolReply symbols(PeerRef from, SymbolRequest m) {
    checkShape(m.elementBytes());
    String key = from.address() + "/" + m.session();
    Session s = sessions.get(key);
    if (s == null) {
      if (m.from() != 0) {
        throw new MalformedMessageException("no symbol session " + m.session() + " for symbols from " + m.from());
      }
      admit(from);
      s = new Session(new RatelessEncoder(set));
      sessions.put(key, s);
    } else {
      s.expiry.cancel();
      if (m.from() != s.encoder.produced()) {
        sessions.remove(key);
        throw new MalformedMessageException("symbols asked from " + m.from() + ", session is at " + s.encoder.produced());
      }
    }
    s.expiry = runtime.after(options.sessionIdleMs(), () -> sessions.remove(key));
    long size = m.from() == 0 ? set.size() : -1;
    return new SymbolReply(size, s.encoder.next(m.count()));
  }

  /** Refuses a new session beyond {@code maxSessions} or the initiator's quota. */
  private void admit(PeerRef from) {
    int open = sessions.size() + offered.size();
    if (open >= options.maxSessions()) {
      runtime.metrics().increment(RoutingCounter.REFUSED_RECONCILE_SESSIONS, 1);
      throw new MalformedMessageException("too many open symbol sessions (" + open + ")");
    }
    String prefix = from.address() + "/";
    long mine = sessions.keySet().stream().filter(k -> k.startsWith(prefix)).count()
        + offered.keySet().stream().filter(k -> k.startsWith(prefix)).count();
    if (mine >= MAX_SESSIONS_PER_PEER) {
      runtime.metrics().increment(RoutingCounter.REFUSED_RECONCILE_SESSIONS, 1);
      throw new MalformedMessageException(from.address() + " holds " + MAX_SESSIONS_PER_PEER + " symbol sessions");
    }
  }

  /**
   * Takes one run of a streamed session: decodes it against the snapshot and answers how far it
   * got. The decoder accepts at most 3 (|S_A| + |S_B|) + 64 symbols, more than any difference of
   * the two sets needs, so a session's memory is bounded by the sets' sizes.
   */
  private OfferReply offer(PeerRef from, SymbolOffer m) {
    checkShape(m.symbols().shape().bytes());
    String key = from.address() + "/" + m.session();
    Offered o = offered.get(key);
    if (o == null) {
      if (m.symbols().start() != 0) {
        if (ended.containsKey(key)) {
          return OfferReply.ended();
        }
        throw new MalformedMessageException("no symbol session " + m.session() + " for symbols from "
            + m.symbols().start());
      }
      admit(from);
      ended.remove(key);
      long bound = symbolBound(set.size(), m.senderSize());
      o = new Offered(new RatelessDecoder(set, (int) bound), m);
      offered.put(key, o);
    } else {
      o.expiry.cancel();
    }
    Offered session = o;
    try {
      boolean decoded = session.decoder.add(m.symbols());
      if (!decoded && m.probe().length > 0) {
        session.decoder.addProbe(m.symbols().size(), m.probe());
      }
      if (decoded) {
        offered.remove(key);
        ended.put(key, Boolean.TRUE);
        Difference diff = session.decoder.difference();
        long before = set.size();
        int added = session.keep ? set.addAll(diff.missingHere()) : 0;
        return OfferReply.decoded(before, diff.missingThere(), session.returnTheirs ? diff.missingHere() : null, added);
      }
    } catch (MalformedMessageException e) {
      offered.remove(key);
      throw e;
    }
    if (session.decoder.exhausted()) {
      offered.remove(key);
      ended.put(key, Boolean.TRUE);
      return OfferReply.failed();
    }
    session.expiry = runtime.after(options.sessionIdleMs(), () -> offered.remove(key));
    double rough = session.decoder.estimateDifference(session.senderSize - set.size());
    long estimate = Math.min(Integer.MAX_VALUE, Math.round(rough));
    long[] counts = new long[0];
    if (m.symbols().start() == 0) {
      // the first flight did not decode: return counts of this set's symbols 1, 2, ..., as many as
      // the rough estimate (over A's run and counts) calls for, so that A sizes its second flight
      // from a sharper estimate; from index 1, as the low indexes weigh most for a small difference
      long sampled = session.decoder.received() + m.probe().length;
      int n = StreamPlan.replyProbe(rough, sampled, options.stream().replyProbe(), session.decoder.maxSymbols() - 1L,
          set.shape());
      counts = IndexCounts.of(set, 1, n);
    }
    return OfferReply.more(session.decoder.received(), estimate, set.size(), counts);
  }

  /** Most symbols a streamed session takes: more than any difference of the two sets needs. */
  static long symbolBound(long responderSize, long initiatorSize) {
    return Math.min(Integer.MAX_VALUE - 1, 3L * (responderSize + initiatorSize) + 64);
  }

  private void closeSession(PeerRef from, long session) {
    Session s = sessions.remove(from.address() + "/" + session);
    if (s != null) {
      s.expiry.cancel();
    }
  }

  private void checkShape(int elementBytes) {
    if (elementBytes != set.shape().bytes()) {
      throw new MalformedMessageException("elements of " + elementBytes + " bytes, this peer holds "
          + set.shape().bytes());
    }
  }
}
