package org.bloomchord.routing.reconcile;

import io.vertx.core.Future;
import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerProtocol;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
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
  private PeerRuntime runtime;
  private ReconcileResponder responder;
  private long servedNanos;
  private long malformed;
  private long nextSession;

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
    this.responder = new ReconcileResponder(set, options, runtime);
    return Future.succeededFuture();
  }

  @Override
  public void stop() {
    if (responder != null) {
      responder.close();
    }
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
    return responder == null ? 0 : responder.openSessions();
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
    return new ReconcileRun(set, (m, timeoutMs) -> runtime.request(peer, m, timeoutMs), options, direction, method,
        nextSession).start();
  }

  @Override
  public Future<Message> onRequest(PeerRef from, Message message) {
    long t0 = System.nanoTime();
    try {
      return Future.succeededFuture(responder.answer(from, message));
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

}
