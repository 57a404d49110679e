package org.bloomchord.routing.reconcile;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.routing.reconcile.ReconcileMessages.OfferReply;
import org.bloomchord.routing.reconcile.ReconcileMessages.SymbolOffer;

/**
 * The initiator's side of a streamed rateless exchange: it streams the coded symbols of its own set
 * to the responder, which decodes against its set and answers each run ({@link SymbolOffer},
 * {@link OfferReply}).
 *
 * <pre>
 *  flight 1: A --SymbolOffer(0..F)-->                      B  decodes, or estimates d from them
 *            A <--OfferReply(DECODED | MORE: estimate)----- B
 *  flight 2: A --SymbolOffer(F..), SymbolOffer(..), ...--> B  sized from the estimate, sent without
 *            A <--OfferReply(MORE), ..., (DECODED)--------- B  waiting; the run that decodes is answered
 *                                                             with the elements A lacks; runs after it
 *                                                             with ENDED
 * </pre>
 *
 * A difference up to about 0.7 F decodes in the first flight; a larger one is estimated from the
 * first flight and the second carries what {@link StreamPlan#target} expects it to need, so the
 * exchange is two round trips unless the estimate fell short (then a further flight, sized from
 * the responder's estimate over every symbol it has).
 *
 * <p>Back pressure: at most {@link StreamOptions#window} symbols are in flight (sent and not yet
 * answered); beyond it the initiator waits for replies. Each message holds at most
 * {@link StreamOptions#batchBytes} of symbols, within the wire's frame bound. The runs of a flight
 * grow (each a quarter of what was sent before it, within those bounds), so early replies come
 * back soon and the last runs of a flight are few.
 *
 * <p>Round trips are counted as the longest chain of a reply followed by the run it allowed: the
 * first flight is round 1, runs sent on a reply of round k are round k + 1. Not thread-safe: runs on
 * the initiating peer's thread.
 */
final class SymbolStream {

  private final ReconcileRun.Channel channel;
  private final StreamOptions options;
  private final long timeoutMs;
  private final long session;
  private final boolean keep;
  private final boolean returnTheirs;
  private final RatelessEncoder encoder;
  private final ElementSet set;
  /** Indexes below this were sampled by the responder (symbols of the first run, then counts). */
  private long probed;
  private final int batchCap;
  private final Promise<OfferReply> done = Promise.promise();
  private long target;
  /** The responder's bound on symbols (first only what A's size alone implies). */
  private long bound;
  private long inFlight;
  private long bestReceived;
  private long bestEstimate = -1;
  private int rounds;
  private long bytes;
  private int messages;
  private long encodeNanos;

  SymbolStream(ElementSet set, ReconcileRun.Channel channel, StreamOptions options, long timeoutMs, long session,
      boolean keep, boolean returnTheirs) {
    this.channel = channel;
    this.options = options;
    this.timeoutMs = timeoutMs;
    this.session = session;
    this.keep = keep;
    this.returnTheirs = returnTheirs;
    this.set = set;
    long t0 = System.nanoTime();
    this.encoder = new RatelessEncoder(set);
    this.encodeNanos = System.nanoTime() - t0;
    this.batchCap = StreamPlan.batch(set.shape(), options.batchBytes());
  }

  /** Streams until the responder decoded; the future fails on a transport error or malformed reply. */
  Future<OfferReply> run(long setSize) {
    bound = ReconcileResponder.symbolBound(0, setSize);
    target = Math.min(options.firstFlight(), bound);
    pump(1, setSize);
    return done.future();
  }

  int rounds() {
    return rounds;
  }

  long bytes() {
    return bytes;
  }

  int messages() {
    return messages;
  }

  long encodeNanos() {
    return encodeNanos;
  }

  /** Symbols sent. */
  long sent() {
    return encoder.produced();
  }

  /** The responder's last estimate of the difference, -1 if it decoded from the first flight. */
  long estimate() {
    return bestEstimate;
  }

  /** The counts of the symbols after the first run, within what the responder may take. */
  private long[] probe(int firstRun, long setSize) {
    int n = (int) Math.max(0, Math.min(options.probe(), bound - firstRun));
    long t0 = System.nanoTime();
    long[] counts = IndexCounts.of(set, firstRun, n);
    encodeNanos += System.nanoTime() - t0;
    probed = firstRun + n;
    return counts;
  }

  /** Sends runs up to the target and the window, as round {@code round}. */
  private void pump(int round, long setSize) {
    while (!done.future().isComplete() && encoder.produced() < target && inFlight < options.window()) {
      long sent = encoder.produced();
      long room = Math.min(target - sent, options.window() - inFlight);
      int grow = (int) Math.max(64, sent / 4);
      int n = (int) Math.min(room, Math.min(batchCap, sent == 0 ? options.firstFlight() : grow));
      long t0 = System.nanoTime();
      CodedSymbols run = encoder.next(n);
      encodeNanos += System.nanoTime() - t0;
      SymbolOffer offer = sent == 0 ? SymbolOffer.first(session, setSize, keep, returnTheirs, run, probe(n, setSize))
          : SymbolOffer.next(session, run);
      rounds = Math.max(rounds, round);
      inFlight += n;
      bytes += ReconcileWire.frameBytes(offer);
      messages++;
      channel.request(offer, timeoutMs).onComplete(ar -> {
        if (done.future().isComplete()) {
          return;
        }
        if (ar.failed()) {
          done.tryFail(ar.cause());
          return;
        }
        bytes += ReconcileWire.frameBytes(ar.result());
        messages++;
        if (!(ar.result() instanceof OfferReply reply)) {
          done.tryFail(new MalformedMessageException("expected OfferReply, got " + ar.result().typeName()));
          return;
        }
        inFlight -= n;
        onReply(reply, round, setSize);
      });
    }
  }

  private void onReply(OfferReply reply, int round, long setSize) {
    switch (reply.status()) {
      case DECODED, FAILED -> done.tryComplete(reply);
      case ENDED -> done.tryFail(new MalformedMessageException("session ended before it decoded"));
      case MORE -> {
        if (reply.received() > encoder.produced()) {
          done.tryFail(new MalformedMessageException("responder claims " + reply.received() + " symbols of "
              + encoder.produced() + " sent"));
          return;
        }
        if (reply.received() > bestReceived) {
          bestReceived = reply.received();
          bestEstimate = reply.estimate();
        }
        // a flight in progress keeps its target; once all of it is answered without decoding, the
        // next flight is sized from the estimate over every symbol the responder has
        bound = ReconcileResponder.symbolBound(reply.receiverSize(), setSize);
        if (inFlight == 0 && encoder.produced() >= target) {
          long samples = Math.max(bestReceived, probed);
          target = Math.min(bound, StreamPlan.target(bestEstimate, samples, encoder.produced(), options.margin()));
          if (target <= encoder.produced()) {
            done.tryFail(new MalformedMessageException("responder neither decoded nor failed within its symbol bound"));
            return;
          }
        }
        pump(round + 1, setSize);
      }
    }
  }
}
