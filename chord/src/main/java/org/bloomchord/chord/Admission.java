package org.bloomchord.chord;

import org.bloomchord.chord.wire.MessageBounds;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * Admission of one peer's untrusted input: the sender must lie on the ring and be who it claims
 * ({@link org.bloomchord.chord.wire.PeerIdentity}), and the message must keep its
 * {@link MessageBounds}, before any handler runs; a sender admitted is heard from (its strikes and
 * suspicion are lifted). Every rejection is counted ({@code chord.rejected}).
 *
 * <p>Each sender has a quota of messages and bytes per second ({@link SenderLimit}, the exact
 * {@link SenderQuota} unless {@link ChordLimits#senderLimit} names another): a message beyond it is rejected before its bounds are checked or any
 * handler runs, and counted ({@code trust.quota.requests}, {@code trust.quota.bytes}).
 */
final class Admission {

  private final ChordContext ctx;
  private final MessageBounds bounds;
  private final SenderLimit quota;
  private long rejected;

  /**
   * Admission for the peer whose context is {@code ctx}.
   */
  Admission(ChordContext ctx, MessageBounds bounds) {
    this.ctx = ctx;
    this.bounds = bounds;
    ChordLimits limits = ctx.config().limits();
    this.quota = limits.senderLimit().create(limits, () -> ctx.metrics().increment(ChordCounter.EVICTED_SENDERS, 1));
  }

  /** Checks the sender and the message's bounds; a sender heard from is no longer suspected. */
  void admit(PeerRef from, Message message) {
    if (from == null || !ctx.ring().contains(from.id())) {
      throw new MalformedMessageException("sender id outside the ring: " + from);
    }
    bounds.identity().check(from);
    charge(from, message);
    bounds.check(message);
    ctx.table().heard(from);
  }

  private void charge(PeerRef from, Message message) {
    if (!quota.enabled()) {
      return;
    }
    int size = quota.countsBytes() ? ctx.runtime().sizeOf(message) : 0;
    switch (quota.charge(from, size, ctx.now())) {
      case TOO_MANY -> {
        ctx.metrics().increment(ChordCounter.QUOTA_REQUESTS, 1);
        throw new MalformedMessageException("over the message quota of " + from);
      }
      case TOO_LARGE -> {
        ctx.metrics().increment(ChordCounter.QUOTA_BYTES, 1);
        throw new MalformedMessageException("over the byte quota of " + from);
      }
      default -> { }
    }
  }

  /** Senders whose quota is tracked. */
  int trackedSenders() {
    return quota.senders();
  }

  /** A request that only a peer on the ring may serve: rejected unless this one is. */
  void requireOnRing(String what) {
    if (ctx.state() != PeerState.ACTIVE) {
      throw new MalformedMessageException(what + " sent to a peer that is " + ctx.state());
    }
  }

  /** Counts a rejection and returns the exception to throw. */
  MalformedMessageException reject(String why) {
    countRejection();
    return new MalformedMessageException(why);
  }

  /** Counts a rejection. */
  void countRejection() {
    rejected++;
    ctx.metrics().increment(ChordCounter.REJECTED, 1);
  }

  /** Messages rejected so far. */
  long rejected() {
    return rejected;
  }
}
