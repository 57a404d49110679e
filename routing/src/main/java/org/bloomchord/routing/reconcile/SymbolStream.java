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
 *  flight 1: A --SymbolOffer(0..F, p counts of its next symbols)-->  B  decodes, or estimates d roughly
 *            A <--OfferReply(DECODED | MORE: estimate, n counts)---- B  n sized from the rough estimate
 *  flight 2: A --SymbolOffer(F..), ...-->                            B  sized from A's estimate over the
 *            A <--OfferReply(MORE), ..., (DECODED)------------------ B  n counts; the run that decodes is
 *                                                                       answered with what A lacks, runs
 *                                                                       after it with ENDED
 * </pre>
 *
 * A difference up to about 0.7 F decodes in the first flight (F = 1: a difference of 0 or 1). For a
 * larger one the responder returns its own counts of symbols 1, 2, ..., as many as its rough
 * estimate (over the first run and A's counts) calls for ({@link StreamPlan#replyProbe}); A compares them with its own counts
 * ({@link DifferenceSamples}) and sends what {@link StreamPlan#target} expects the difference to
 * need, so the exchange is two round trips unless the estimate fell short (then a further flight,
 * sized from the responder's estimate over every symbol it has).
 *
 * <p>Back pressure: at most {@link StreamOptions#window} symbols are in flight (sent and not yet
 * answered); beyond it the initiator waits for replies. Each message holds at most
 * {@link StreamOptions#batchBytes} of symbols, within the wire's frame bound, so a flight is one
 * message up to that size. The stream ends once every run sent has been answered, so that the
 * ENDED answers to runs after the decoding one are counted with the rest.
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
  /** Indexes below this were sampled (symbols of the first run, then counts of either side). */
  private long probed;
  /** Symbols of the first run. */
  private long firstRun;
  /** Whether the responder's counts were taken (they come once). */
  private boolean countsTaken;
  /** Samples the current estimate is worth (effective samples for A's own estimate). */
  private long estimateSamples;
  private final int batchCap;
  private final Promise<OfferReply> done = Promise.promise();
  /** The responder's final answer (decoded or failed), kept until every run sent is answered. */
  private OfferReply finished;
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

  /**
   * Estimates the difference from the responder's counts of its symbols 1, 2, ... against this
   * set's counts there ({@link DifferenceSamples}). Its precision is that of the effective samples
   * (samples at indexes well beyond 2d weigh less), so the second flight's margin is as wide as the
   * estimate is loose. Counts come once, with the reply to the first run; any other is malformed.
   */
  private void takeCounts(OfferReply reply, long setSize) {
    if (countsTaken || reply.received() != firstRun) {
      throw new MalformedMessageException("counts in a reply after " + reply.received() + " symbols, first run "
          + firstRun);
    }
    countsTaken = true;
    long t0 = System.nanoTime();
    long[] mine = IndexCounts.of(set, 1, reply.counts().length);
    encodeNanos += System.nanoTime() - t0;
    DifferenceSamples samples = new DifferenceSamples();
    samples.sampleCounts(1, mine, reply.counts());
    double estimate = samples.estimate(setSize - reply.receiverSize());
    bestEstimate = Math.round(estimate);
    estimateSamples = Math.max(2, Math.round(samples.effectiveSamples(estimate)));
    probed = Math.max(probed, 1 + reply.counts().length);
  }

  /** Sends runs up to the target and the window, as round {@code round}. */
  private void pump(int round, long setSize) {
    while (!done.future().isComplete() && finished == null && encoder.produced() < target
        && inFlight < options.window()) {
      long sent = encoder.produced();
      long room = Math.min(target - sent, options.window() - inFlight);
      int n = (int) Math.min(room, Math.min(batchCap, sent == 0 ? options.firstFlight() : room));
      long t0 = System.nanoTime();
      CodedSymbols run = encoder.next(n);
      encodeNanos += System.nanoTime() - t0;
      if (sent == 0) {
        firstRun = n;
        probed = n;
      }
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
        if (ar.succeeded()) {
          bytes += ReconcileWire.frameBytes(ar.result());
          messages++;
        }
        inFlight -= n;
        if (finished != null) {
          // a run sent before the decoding one was answered: counted, then the stream may end
          endWhenAnswered();
          return;
        }
        if (ar.failed()) {
          done.tryFail(ar.cause());
          return;
        }
        if (!(ar.result() instanceof OfferReply reply)) {
          done.tryFail(new MalformedMessageException("expected OfferReply, got " + ar.result().typeName()));
          return;
        }
        onReply(reply, round, setSize);
      });
    }
  }

  /** Completes with the final reply once every run sent has been answered (so all traffic is counted). */
  private void endWhenAnswered() {
    if (inFlight == 0) {
      done.tryComplete(finished);
    }
  }

  private void onReply(OfferReply reply, int round, long setSize) {
    switch (reply.status()) {
      case DECODED, FAILED -> {
        finished = reply;
        endWhenAnswered();
      }
      case ENDED -> {
        // the decoding run's answer may still be on its way; with nothing else in flight, it is not
        if (inFlight == 0) {
          done.tryFail(new MalformedMessageException("session ended before it decoded"));
        }
      }
      case MORE -> {
        if (reply.received() > encoder.produced()) {
          done.tryFail(new MalformedMessageException("responder claims " + reply.received() + " symbols of "
              + encoder.produced() + " sent"));
          return;
        }
        if (reply.received() > bestReceived) {
          bestReceived = reply.received();
          bestEstimate = reply.estimate();
          estimateSamples = Math.max(bestReceived, probed);
        }
        if (reply.counts().length > 0) {
          try {
            takeCounts(reply, setSize);
          } catch (MalformedMessageException e) {
            done.tryFail(e);
            return;
          }
        }
        // a flight in progress keeps its target; once all of it is answered without decoding, the
        // next flight is sized from the estimate over every symbol the responder has
        bound = ReconcileResponder.symbolBound(reply.receiverSize(), setSize);
        if (inFlight == 0 && encoder.produced() >= target) {
          target = Math.min(bound, StreamPlan.target(bestEstimate, estimateSamples, encoder.produced(),
              options.margin()));
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
