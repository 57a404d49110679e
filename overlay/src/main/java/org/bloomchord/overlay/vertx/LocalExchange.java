package org.bloomchord.overlay.vertx;

import org.bloomchord.overlay.Message;

/**
 * A request, or the answer to one, between two peers of one JVM, sent one way on the event bus.
 * Requests are matched to their answers by the requester ({@link PeerVerticle#request}) instead of
 * by the event bus' own request-reply: that registers a reply consumer and sets a Vert.x timer per
 * request, and cancelling the timer (a concurrent map and the event loop's scheduled-task heap)
 * was the largest single cost of a 100,000-peer launch (docs/BENCHMARKS.md, "The collector and the
 * runtime's request path"). Here a pending request is an entry in its peer's own table and a timer on the network's
 * {@link TimerWheel}.
 *
 * @param id the requester's number for the request, unique among its pending requests
 * @param answer false for a request, true for an answer
 * @param body the request or reply message; null in a failed answer
 * @param failure why the request failed at the receiver (rejected as malformed, or its handler
 *     failed); null unless a failed answer
 * @param deadlineNanos for a request, the time on the network's timer wheel ({@link
 *     TimerWheel#nowNanos}, which leaves stalls of the JVM out) at which its requester stops
 *     waiting (the receiver drops it unread after that: see {@link PeerVerticle}); 0, unread, in an
 *     answer
 */
record LocalExchange(long id, boolean answer, Message body, String failure, long deadlineNanos) {

  LocalExchange {
    if ((body == null) == (failure == null) || !answer && failure != null) {
      throw new IllegalArgumentException("an exchange carries a message, or an answer a failure");
    }
  }

  static LocalExchange request(long id, Message body, long deadlineNanos) {
    return new LocalExchange(id, false, body, null, deadlineNanos);
  }

  static LocalExchange reply(long id, Message body) {
    return new LocalExchange(id, true, body, null, 0);
  }

  static LocalExchange failed(long id, String failure) {
    return new LocalExchange(id, true, null, failure, 0);
  }
}
