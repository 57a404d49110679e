package org.bloomchord.routing.reconcile;

import io.vertx.core.Future;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
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
import org.bloomchord.routing.reconcile.ReconcileResult.Outcome;

/**
 * One reconciliation from the initiator's side: the exchanges of each method (drawn in
 * {@link ReconcilePeer}), the byte and round accounting (every request and reply counted by its
 * encoded frame) and the timings. Requests go through a {@link Channel}, so the same run serves a
 * {@link ReconcilePeer} and protocols that wrap the requests (replica repair names the key range
 * of each). Runs on the initiating peer's thread; one run, one {@link #start()}.
 *
 * <p>Invariant: the local set changes only after a difference has been fully decoded and checked
 * (or, for the approximate methods, with elements the responder sent); a failed or malformed
 * exchange leaves it as it was. After the run, {@link #received()} holds what was added to it and
 * {@link #missingThere()} what the responder lacks, when the method learnt it.
 */
public final class ReconcileRun {

  /** Carries one request of the run to the responder and brings back its reply. */
  @FunctionalInterface
  public interface Channel {
    /** Sends {@code request}; the future fails on timeout, rejection or a transport error. */
    Future<Message> request(Message request, long timeoutMs);
  }

  /** Most symbols an initiator takes in one session, whatever sizes the responder claims. */
  private static final long MAX_SYMBOLS = 1L << 26;
  /** Framing bytes of one rateless round: the request frame plus the reply's header. */
  private static final double ROUND_BYTES = 14;

  private final Channel channel;
  private final ElementSet set;
  private final ReconcileOptions options;
  private final Direction direction;
  private final ReconcileMethod requested;
  private final ElementShape shape;
  private final long session;
  private long bytes;
  private int messages;
  private int rounds;
  private long encodeNanos;
  private long decodeNanos;
  private long estimate = -1;
  private long units;
  private double jaccard = Double.NaN;
  private ElementSet received;
  private ElementSet missingThere;
  /** Whether the caller ends the responder's session itself, so an empty push is not sent. */
  private boolean callerEndsSession;

  /**
   * A run that reconciles {@code set} (changed in place) with the responder behind {@code channel}.
   *
   * @param session the rateless session id, 1..{@link ReconcileMessages#MAX_SESSION}, unique among
   *     this initiator's open runs with the same responder
   */
  public ReconcileRun(ElementSet set, Channel channel, ReconcileOptions options, Direction direction,
      ReconcileMethod requested, long session) {
    if (session < 1 || session > ReconcileMessages.MAX_SESSION) {
      throw new IllegalArgumentException("session id out of range: " + session);
    }
    this.session = session;
    this.channel = channel;
    this.set = set;
    this.options = options;
    this.direction = direction;
    this.requested = requested;
    this.shape = set.shape();
  }

  /** Runs the reconciliation; the future fails when an exchange failed or a reply was malformed. */
  public Future<ReconcileResult> start() {
    return run(requested);
  }

  /** The elements added to the set by the run (empty until it succeeded). */
  public ElementSet received() {
    return received == null ? new ElementSet(shape) : received;
  }

  /**
   * The elements of the set the responder lacks, as an exact method decoded them (also in
   * {@link Direction#PULL}); null when the method does not learn them (set, bloom pull) or the run
   * failed.
   */
  public ElementSet missingThere() {
    return missingThere;
  }

  private Future<ReconcileResult> run(ReconcileMethod method) {
    return switch (method) {
      case BLOOM -> bloom();
      case SET -> wholeSet();
      case IBLT -> iblt();
      case RIBLT -> riblt();
      case AUTO -> auto();
    };
  }

  private Future<ReconcileResult> auto() {
    long t0 = System.nanoTime();
    MinHashSketch mine = MethodPlanner.sketch(set, options.sketchHashes());
    encodeNanos += System.nanoTime() - t0;
    return ask(new SketchRequest(shape.bytes(), set.size(), mine), SketchReply.class).compose(reply -> {
      if (reply.sketch().hashes() != mine.hashes() || reply.sketch().seed() != mine.seed()) {
        throw new MalformedMessageException("sketch of other functions in reply");
      }
      jaccard = mine.jaccard(reply.sketch());
      MethodPlanner.Plan plan = MethodPlanner.choose(jaccard, set.size(), reply.setSize(), shape);
      estimate = plan.estimatedDifference();
      return run(plan.method());
    });
  }

  private Future<ReconcileResult> bloom() {
    long t0 = System.nanoTime();
    double rate = options.bloomFalsePositiveRate();
    BloomSummary mine = BloomSummary.of(set, rate);
    encodeNanos += System.nanoTime() - t0;
    boolean both = direction == Direction.BOTH;
    return ask(new FilterRequest(shape.bytes(), both, rate, mine.filter()), ElementsReply.class).compose(reply -> {
      checkShape(reply.elements().shape());
      ElementSet push = null;
      if (both) {
        if (reply.filter() == null) {
          throw new MalformedMessageException("filter missing from reply");
        }
        long t1 = System.nanoTime();
        push = BloomSummary.wrap(reply.filter(), shape).unmatched(set);
        decodeNanos += System.nanoTime() - t1;
      }
      missingThere = push;
      return finish(ReconcileMethod.BLOOM, Outcome.APPROXIMATE, take(reply.elements()), push, 0);
    });
  }

  private Future<ReconcileResult> wholeSet() {
    boolean both = direction == Direction.BOTH;
    return ask(new SetRequest(both, set.copy()), ElementsReply.class).map(reply -> {
      checkShape(reply.elements().shape());
      int added = take(reply.elements());
      return result(ReconcileMethod.SET, Outcome.EXACT, added, set.size() - added);
    });
  }

  private Future<ReconcileResult> iblt() {
    long t0 = System.nanoTime();
    StrataEstimator strata = StrataEstimator.of(set, options.strata(), options.strataCells());
    encodeNanos += System.nanoTime() - t0;
    return ask(new StrataRequest(shape.bytes(), strata), IbltReply.class).compose(reply -> {
      estimate = reply.estimate();
      return decodeIblt(reply, options.ibltRetries());
    });
  }

  private Future<ReconcileResult> decodeIblt(IbltReply reply, int retriesLeft) {
    IbltShape ts = reply.table().shape();
    checkShape(ts.element());
    long t0 = System.nanoTime();
    Iblt local = Iblt.of(ts, set);
    long t1 = System.nanoTime();
    Difference diff = Iblt.difference(reply.table(), local);
    decodeNanos += System.nanoTime() - t1;
    encodeNanos += t1 - t0;
    units = ts.cells();
    if (diff.decoded()) {
      return apply(ReconcileMethod.IBLT, diff, 0);
    }
    long next = 2L * ts.cells();
    if (retriesLeft == 0 || next > IbltShape.MAX_CELLS) {
      return Future.succeededFuture(result(ReconcileMethod.IBLT, Outcome.FAILED, 0, 0));
    }
    return ask(new IbltRequest(shape.bytes(), (int) next), IbltReply.class)
        .compose(r -> decodeIblt(r, retriesLeft - 1));
  }

  private Future<ReconcileResult> riblt() {
    return options.stream().mode() == StreamOptions.Mode.STREAM ? streamed() : batched();
  }

  /**
   * The streamed exchange ({@link SymbolStream}): the responder decodes A's symbols, adds what it
   * lacks when both ways, and answers with what A lacks (and, when A must learn it, what it lacked).
   * The answer is checked against A's set: nothing A holds is sent as missing, everything said to
   * be lacking there is A's, and the sizes add up.
   */
  private Future<ReconcileResult> streamed() {
    boolean both = direction == Direction.BOTH;
    // the caller that ends the session itself (repair) moves the entries behind what B lacks
    boolean wantTheirs = callerEndsSession || !both;
    SymbolStream stream = new SymbolStream(set, channel, options.stream(), options.requestTimeoutMs(), session, both,
        wantTheirs);
    long mySize = set.size();
    return stream.run(mySize).map(reply -> {
      bytes += stream.bytes();
      messages += stream.messages();
      rounds += stream.rounds();
      encodeNanos += stream.encodeNanos();
      units = stream.sent();
      estimate = stream.estimate();
      if (reply.status() != ReconcileMessages.OfferStatus.DECODED) {
        return result(ReconcileMethod.RIBLT, Outcome.FAILED, 0, 0);
      }
      checkShape(reply.missing().shape());
      for (int i = 0; i < reply.missing().size(); i++) {
        if (set.contains(reply.missing().element(i), 0)) {
          throw new MalformedMessageException("element sent as missing is held");
        }
      }
      if (reply.theirs() != null) {
        checkShape(reply.theirs().shape());
        for (int i = 0; i < reply.theirs().size(); i++) {
          if (!set.contains(reply.theirs().element(i), 0)) {
            throw new MalformedMessageException("element said to be lacking there is not held here");
          }
        }
        if (mySize - reply.theirs().size() + reply.missing().size() != reply.receiverSize()) {
          throw new MalformedMessageException("decoded difference does not match the responder's set size");
        }
        missingThere = reply.theirs();
      }
      if (reply.added() < 0 || reply.added() > (both ? mySize : 0)) {
        throw new MalformedMessageException("responder added " + reply.added() + " elements");
      }
      int added = take(reply.missing());
      return result(ReconcileMethod.RIBLT, Outcome.EXACT, added, reply.added());
    });
  }

  private Future<ReconcileResult> batched() {
    RatelessDecoder decoder = new RatelessDecoder(set, Integer.MAX_VALUE - 1);
    return nextSymbols(session, decoder, Long.MAX_VALUE);
  }

  private Future<ReconcileResult> nextSymbols(long session, RatelessDecoder decoder, long limit) {
    int have = decoder.received();
    int wanted = have == 0 ? options.ratelessFirstBatch() : nextBatch(have);
    int count = (int) Math.min(wanted, Math.max(1, limit - have));
    return ask(new SymbolRequest(session, shape.bytes(), have, count), SymbolReply.class).compose(reply -> {
      // at most about 3 symbols per difference are ever needed; the sets' sizes bound the difference
      long bound = have == 0 ? Math.min(MAX_SYMBOLS, 3L * (set.size() + reply.senderSize()) + 64) : limit;
      if (reply.symbols().size() > count) {
        throw new MalformedMessageException(reply.symbols().size() + " symbols in reply, " + count + " asked for");
      }
      decoder.add(reply.symbols());
      encodeNanos = decoder.encodeNanos();
      decodeNanos = decoder.peelNanos() + decoder.checkNanos();
      units = decoder.received();
      if (decoder.decoded()) {
        Difference diff = decoder.difference();
        decodeNanos = decoder.peelNanos() + decoder.checkNanos();
        return apply(ReconcileMethod.RIBLT, diff, session);
      }
      if (decoder.received() >= bound) {
        return finish(ReconcileMethod.RIBLT, Outcome.FAILED, 0, new ElementSet(shape), session);
      }
      return nextSymbols(session, decoder, bound);
    });
  }

  /**
   * The next batch after {@code have} symbols: a share g of them, where g minimises the expected
   * surplus plus the per-round cost. With c bytes of framing per round and s bytes per symbol,
   * asking for g·have more costs about c ln(have) / g rounds' framing and g·have·s / 2 surplus
   * bytes, least at g = sqrt(2 c ln(have) / (s have)). It is never below the configured growth (so
   * the rounds stay logarithmic) nor above 1.
   */
  private int nextBatch(int have) {
    double symbolBytes = shape.bytes() + 8 + 2;
    double best = Math.sqrt(2 * ROUND_BYTES * Math.log(have + 1.0) / (symbolBytes * have));
    double g = Math.min(1, Math.max(options.ratelessGrowth(), best));
    return (int) Math.min(CodedSymbols.MAX_RUN, Math.max(1, Math.ceil(have * g)));
  }

  /** Applies a decoded difference after checking it against the set, then pushes the other half. */
  private Future<ReconcileResult> apply(ReconcileMethod method, Difference diff, long session) {
    ElementSet here = diff.missingHere();
    ElementSet there = diff.missingThere();
    for (int i = 0; i < here.size(); i++) {
      if (set.contains(here.element(i), 0)) {
        throw new MalformedMessageException("decoded element already held");
      }
    }
    for (int i = 0; i < there.size(); i++) {
      if (!set.contains(there.element(i), 0)) {
        throw new MalformedMessageException("decoded element not held");
      }
    }
    missingThere = there;
    return finish(method, Outcome.EXACT, take(here), direction == Direction.BOTH ? there : new ElementSet(shape), session);
  }

  /** Adds the responder's elements to the set and records those that were new. */
  private int take(ElementSet elements) {
    received = elements.minus(set);
    set.addAll(received);
    return received.size();
  }

  /**
   * Tells this run that its caller ends the responder's session by its own message (a repair
   * conversation's end), so a run with nothing to push sends no empty push to close it: a
   * reconciliation that finds nothing to move then costs one round trip less.
   */
  public ReconcileRun callerEndsSession() {
    this.callerEndsSession = true;
    return this;
  }

  /** Pushes {@code push} (null: nothing, no session) to the peer, then builds the result. */
  private Future<ReconcileResult> finish(ReconcileMethod method, Outcome outcome, int received, ElementSet push,
      long session) {
    if (push == null || (push.isEmpty() && (session == 0 || callerEndsSession))) {
      return Future.succeededFuture(result(method, outcome, received, 0));
    }
    return ask(new PushRequest(session, push), PushAck.class)
        .map(ack -> result(method, outcome, received, push.size()));
  }

  private ReconcileResult result(ReconcileMethod method, Outcome outcome, int received, int sent) {
    return ReconcileResult.builder().requested(requested).method(method).direction(direction).outcome(outcome)
        .received(received).sent(sent).bytes(bytes).messages(messages).rounds(rounds).encodeNanos(encodeNanos)
        .decodeNanos(decodeNanos).estimate(estimate).units(units).jaccard(jaccard).build();
  }

  private <R extends Message> Future<R> ask(Message request, Class<R> replyType) {
    bytes += ReconcileWire.frameBytes(request);
    messages++;
    rounds++;
    return channel.request(request, options.requestTimeoutMs()).map(reply -> {
      bytes += ReconcileWire.frameBytes(reply);
      messages++;
      if (!replyType.isInstance(reply)) {
        throw new MalformedMessageException("expected " + replyType.getSimpleName() + ", got " + reply.typeName());
      }
      return replyType.cast(reply);
    });
  }

  private void checkShape(ElementShape other) {
    if (!shape.equals(other)) {
      throw new MalformedMessageException("elements of " + other.bytes() + " bytes, expected " + shape.bytes());
    }
  }
}
