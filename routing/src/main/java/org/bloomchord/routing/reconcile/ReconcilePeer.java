package org.bloomchord.routing.reconcile;

import io.vertx.core.Future;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.reconcile.ReconcileMessages.ElementsReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.FilterRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.IbltRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushAck;
import org.bloomchord.routing.reconcile.ReconcileMessages.PushRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SetRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SketchRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.StrataRequest;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolRequest;
import org.bloomchord.routing.reconcile.ReconcileResult.Direction;

/**
 * A peer holding a set of fixed-width elements that reconciles it with other such peers. Either
 * side may initiate ({@link #reconcile}); the initiator A drives, the responder B answers:
 *
 * <pre>
 *  bloom:  A --FilterRequest(filter of S_A)--> B --ElementsReply(S_B \ filter, filter of S_B)--> A
 *          A --PushRequest(S_A \ filter of S_B)--> B --PushAck--> A            (both ways only)
 *  set:    A --SetRequest(S_A)--> B --ElementsReply(S_B \ S_A)--> A            (B keeps S_A \ S_B)
 *  iblt:   A --StrataRequest(strata of S_A)--> B --IbltReply(estimate, IBLT of S_B)--> A
 *          [A --IbltRequest(2x cells)--> B --IbltReply--> A]*   while peeling fails, up to the retries
 *          A --PushRequest(S_A \ S_B)--> B --PushAck--> A                      (both ways only)
 *  riblt:  [A --SymbolRequest(session, from, count)--> B --SymbolReply(symbols)--> A]+  until decoded
 *          A --PushRequest(session, S_A \ S_B)--> B --PushAck--> A   (ends the session; empty if pull)
 *  auto:   A --SketchRequest(MinHash of S_A)--> B --SketchReply(MinHash of S_B)--> A, then riblt or set
 * </pre>
 *
 * <p>Invariants: messages are validated before anything is changed, and a malformed one is
 * rejected (the runtime counts it, the requester's future fails) with the set untouched; the set
 * only ever grows, by elements a peer sent or a decoded difference; the responder keeps at most
 * {@link ReconcileOptions#maxSessions} rateless sessions, each dropped after
 * {@link ReconcileOptions#sessionIdleMs} without a request, builds IBLTs of at most
 * 8 (|S_B| + 256) cells and sketches of at most {@link #MAX_SKETCH_HASHES} functions, so no request
 * makes it allocate or compute without bound. All state is touched on the peer's thread only.
 */
public final class ReconcilePeer implements PeerProtocol {

  /** Most MinHash functions a responder computes for a sketch request. */
  public static final int MAX_SKETCH_HASHES = 1024;

  private final ElementSet set;
  private final ReconcileOptions options;
  private final Map<String, Session> sessions = new HashMap<>();
  private PeerRuntime runtime;
  private long servedNanos;
  private long malformed;
  private long nextSession;

  private static final class Session {
    final RatelessEncoder encoder;
    Cancellable expiry;

    Session(RatelessEncoder encoder) {
      this.encoder = encoder;
    }
  }

  /** A peer holding {@code set} (which it owns from now on) with the given options. */
  public ReconcilePeer(ElementSet set, ReconcileOptions options) {
    this.set = Objects.requireNonNull(set, "set");
    this.options = Objects.requireNonNull(options, "options");
  }

  /** A peer holding {@code set} with the default options. */
  public ReconcilePeer(ElementSet set) {
    this(set, ReconcileOptions.defaults());
  }

  @Override
  public Future<Void> start(PeerRuntime runtime) {
    this.runtime = runtime;
    return Future.succeededFuture();
  }

  @Override
  public void stop() {
    sessions.values().forEach(s -> s.expiry.cancel());
    sessions.clear();
  }

  /** The peer's set: read it on the peer's thread only (e.g. through the network's inspect). */
  public ElementSet set() {
    return set;
  }

  /** Nanoseconds this peer spent building replies as a responder. */
  public long servedNanos() {
    return servedNanos;
  }

  /** Requests this peer rejected as malformed. */
  public long malformed() {
    return malformed;
  }

  /** Rateless sessions currently open at this peer as a responder. */
  public int openSessions() {
    return sessions.size();
  }

  /** Reconciles with {@code peer} so that both end with the union of the two sets. */
  public Future<ReconcileResult> reconcile(PeerRef peer, ReconcileMethod method) {
    return reconcile(peer, method, Direction.BOTH);
  }

  /** Reconciles with {@code peer}, both ways or only bringing this peer up to date. */
  public Future<ReconcileResult> reconcile(PeerRef peer, ReconcileMethod method, Direction direction) {
    Objects.requireNonNull(peer, "peer");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(direction, "direction");
    // ids count up per initiator (the responder keys sessions by sender), so they stay 1-byte varints
    nextSession = nextSession % ReconcileMessages.MAX_SESSION + 1;
    return new ReconcileRun(runtime, set, peer, options, direction, method, nextSession).start();
  }

  @Override
  public Future<Message> onRequest(PeerRef from, Message message) {
    long t0 = System.nanoTime();
    try {
      return Future.succeededFuture(answer(from, message));
    } catch (MalformedMessageException e) {
      malformed++;
      throw e;
    } finally {
      servedNanos += System.nanoTime() - t0;
    }
  }

  @Override
  public void onMessage(PeerRef from, Message message) {
    malformed++;
    throw new MalformedMessageException("unexpected one-way " + message.typeName());
  }

  private Message answer(PeerRef from, Message message) {
    if (message instanceof SymbolRequest m) {
      return symbols(from, m);
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
      if (m.sketch().hashes() > MAX_SKETCH_HASHES) {
        throw new MalformedMessageException("sketch of " + m.sketch().hashes() + " functions, at most "
            + MAX_SKETCH_HASHES + " answered");
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
      if (sessions.size() >= options.maxSessions()) {
        throw new MalformedMessageException("too many open symbol sessions (" + sessions.size() + ")");
      }
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
