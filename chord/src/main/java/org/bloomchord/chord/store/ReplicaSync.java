package org.bloomchord.chord.store;

import io.vertx.core.Future;
import org.bloomchord.overlay.PeerRef;

/**
 * How a peer brings another peer's copy of a key range up to date. The peer calls it for its
 * primary range (predecessor, self] towards each of its next replicas-1 successors whenever its
 * predecessor or those successors change, and periodically; hand-offs on join and leave use it too.
 *
 * <p>The default, {@link PushReplicaSync}, pushes every entry of the range; a reconciling
 * implementation may exchange (key, version) digests first. Whatever it does, after the returned
 * future succeeds the target must hold, for every key of the range, an entry at least as new as
 * this peer's. Implementations run on the peer's thread.
 */
@FunctionalInterface
public interface ReplicaSync {

  /**
   * Brings {@code target} up to date with this peer's entries whose key ids lie in (from, to].
   *
   * @return a future that succeeds once the target confirmed, or fails
   */
  Future<Void> sync(PeerRef target, long from, long to);

  /**
   * Hands the range (from, to] over to a peer that joined in front of this one. A joiner waits
   * for the hand-off before it takes part, so it should be quick: a joiner whose store is empty
   * ({@code targetHoldsEntries} false, a new peer) has nothing to reconcile with, and an
   * implementation may push the range at once; a joiner that restarted on its old store may be
   * brought up to date by exchanging less. The default is {@link #sync}.
   */
  default Future<Void> handOff(PeerRef target, long from, long to, boolean targetHoldsEntries) {
    return sync(target, from, to);
  }
}
