package org.bloomchord.chord.store;

import io.vertx.core.Future;

/**
 * What the primary does before it acknowledges a write that a write quorum holds: the
 * acknowledgement waits for {@link #beforeAck}. The default acknowledges at once; hot-key relief
 * first invalidates the leased copies of the key on other peers, so that a read that starts after
 * the acknowledgement cannot be answered from an older copy.
 */
@FunctionalInterface
public interface WriteGate {

  /** Acknowledges every write at once. */
  WriteGate IMMEDIATE = key -> Future.succeededFuture();

  /** Completes when a write of {@code key}, applied locally and held by a quorum, may be acknowledged. */
  Future<Void> beforeAck(String key);
}
