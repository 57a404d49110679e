package org.bloomchord.chord;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import org.bloomchord.chord.finger.RoutingTable;
import org.bloomchord.chord.wire.MessageBounds;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.overlay.ReplyListener;
import org.bloomchord.overlay.RequestTimeoutException;

/**
 * The requests of one peer, with an adaptive timeout ({@link RoundTripEstimate}) and late replies.
 *
 * <p>A request fails with {@link RequestTimeoutException} once the current timeout passes, but the
 * reply is still awaited up to the estimate's ceiling: a late reply is measured (so the timeout
 * grows under load instead of staying below every round trip) and lifts the suspicion its
 * lateness caused; a timeout doubles the next timeouts until the next reply (Karn's back-off), so
 * that the retry that {@link RoutingTable#strike} waits for is given more time. Invariants: the returned future completes once; a reply that breaks the
 * message bounds fails it.
 */
public final class Requests {

  private final PeerRuntime runtime;
  private final RoutingTable table;
  private final MessageBounds bounds;
  private final RoundTripEstimate rtt;
  /** Per-peer round trips, measured only with proximity neighbour selection on (else null). */
  private final PeerRoundTrips roundTrips;

  Requests(PeerRuntime runtime, ChordConfig config, RoutingTable table, MessageBounds bounds) {
    this.runtime = runtime;
    this.table = table;
    this.bounds = bounds;
    this.rtt = RoundTripEstimate.of(config);
    this.roundTrips = config.proximity() ? new PeerRoundTrips(PeerRoundTrips.DEFAULT_CAPACITY) : null;
  }

  /** The round trips measured per peer; null unless proximity neighbour selection is on. */
  public PeerRoundTrips roundTrips() {
    return roundTrips;
  }

  /** The current timeout, in milliseconds. */
  public long timeoutMs() {
    return rtt.timeoutMs();
  }

  /** Sends {@code m} to {@code to}; fails at the current timeout, a late reply still measured. */
  public Future<Message> request(PeerRef to, Message m) {
    Exchange x = new Exchange(to, rtt.timeoutMs(), runtime.now());
    runtime.request(to, m, x.timeout, rtt.ceilingMs(), x);
    return x.result.future();
  }

  /**
   * One request: what its soft timeout does ({@link #overdue}: it fails the request, whose reply is
   * still awaited up to the estimate's ceiling) and what its reply or the transport's failure does.
   * One object for both, so a request costs no lambda of its own, and the runtime keeps both
   * deadlines (the simulator in one queue entry).
   */
  private final class Exchange implements ReplyListener {
    final PeerRef to;
    final long timeout;
    final long sent;
    final Promise<Message> result = Promise.promise();

    Exchange(PeerRef to, long timeout, long sent) {
      this.to = to;
      this.timeout = timeout;
      this.sent = sent;
    }

    @Override
    public void overdue() {
      rtt.backOff();
      result.tryFail(new RequestTimeoutException(to, timeout));
    }

    @Override
    public void complete(Message reply, Throwable failure) {
      if (failure != null) {
        result.tryFail(failure);
        return;
      }
      long took = runtime.now() - sent;
      rtt.sample(took);
      if (roundTrips != null) {
        roundTrips.sample(to, took);
      }
      table.heard(to);
      if (result.future().isComplete()) {
        runtime.metrics().increment(ChordCounter.LATE_REPLY, 1);
        table.answered(to);
        return;
      }
      try {
        bounds.check(reply);
        result.complete(reply);
      } catch (MalformedMessageException e) {
        result.fail(e);
      }
    }
  }
}
