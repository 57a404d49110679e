package org.bloomchord.chord.store;

import java.util.List;
import java.util.Objects;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * The neighbourhood a primary last knew as stable, by which it refuses writes on the minority side
 * of a split (the store's optional minority refusal, {@link Storage#refuseMinorityWrites}).
 *
 * <p>The rule: a primary acknowledges a write of key k only when k lies in the primary range of its
 * stable view, (stable predecessor, self], and a write quorum of the stable replica set (itself and
 * the stable replica targets) holds it; copies on peers outside that set do not count. A split puts
 * every key's stable replica set on the sides it falls on: only the side of the stable primary can
 * acknowledge, and only with a majority of the set beside it, so two sides never both acknowledge
 * a write of one key and no acknowledged write is superseded. The price: the keys whose stable
 * primary, or the majority of whose stable replicas, are on the other side cannot be written.
 *
 * <p>The view follows the neighbourhood once it stayed the same for {@code quietMs}, as long as
 * nothing was lost: the predecessor stayed or moved forward (a joiner between), and every stable
 * replica target is still in the successor list. A predecessor moved back or a target gone is a
 * crash or a split, which the peer cannot tell apart: the view stays as it was until the old
 * neighbourhood is back (the merge) or {@code expiryMs} passed; then the current one is taken. So
 * a crash keeps the ranges it affects unwritable for {@code expiryMs}, and a split longer than
 * {@code expiryMs} lets a minority write again. The first view is taken as found.
 */
public final class StableView {

  private final IdRing ring;
  private final PeerRef self;
  private final long quietMs;
  private final long expiryMs;
  private PeerRef predecessor;
  private List<PeerRef> targets = List.of();
  private PeerRef candidatePredecessor;
  private List<PeerRef> candidateTargets = List.of();
  private long candidateSince;
  private long blockedSince = -1;
  private long expired;

  /** The view of {@code self}; a changed neighbourhood is taken after {@code quietMs}, a lost one after {@code expiryMs}. */
  public StableView(IdRing ring, PeerRef self, long quietMs, long expiryMs) {
    this.ring = Objects.requireNonNull(ring);
    this.self = Objects.requireNonNull(self);
    if (quietMs < 0 || expiryMs < quietMs) {
      throw new IllegalArgumentException("need 0 <= quietMs <= expiryMs, got " + quietMs + ", " + expiryMs);
    }
    this.quietMs = quietMs;
    this.expiryMs = expiryMs;
  }

  /** Looks at the peer's current predecessor, replica targets and successor list at {@code now}. */
  public void observe(long now, PeerRef currentPredecessor, List<PeerRef> currentTargets, List<PeerRef> successors) {
    if (currentPredecessor == null) {
      return;
    }
    if (predecessor == null) {
      take(currentPredecessor, currentTargets);
      return;
    }
    if (currentPredecessor.equals(predecessor) && currentTargets.equals(targets)) {
      candidatePredecessor = null;
      blockedSince = -1;
      return;
    }
    if (!currentPredecessor.equals(candidatePredecessor) || !currentTargets.equals(candidateTargets)) {
      candidatePredecessor = currentPredecessor;
      candidateTargets = List.copyOf(currentTargets);
      candidateSince = now;
    }
    if (now - candidateSince < quietMs) {
      return;
    }
    boolean predecessorKept = currentPredecessor.equals(predecessor)
        || ring.inOpen(currentPredecessor.id(), predecessor.id(), self.id());
    boolean targetsKept = successors.containsAll(targets);
    if (predecessorKept && targetsKept) {
      take(currentPredecessor, currentTargets);
      return;
    }
    if (blockedSince < 0) {
      blockedSince = now;
    }
    if (now - blockedSince >= expiryMs) {
      expired++;
      take(currentPredecessor, currentTargets);
    }
  }

  private void take(PeerRef pred, List<PeerRef> t) {
    predecessor = pred;
    targets = List.copyOf(t);
    candidatePredecessor = null;
    blockedSince = -1;
  }

  /** Whether {@code keyId} lies in the stable primary range (false before the first view). */
  public boolean owns(long keyId) {
    return predecessor != null && ring.inHalfOpen(keyId, predecessor.id(), self.id());
  }

  /** Whether a copy on {@code peer} counts towards the write quorum. */
  public boolean counts(PeerRef peer) {
    return targets.contains(peer);
  }

  /** The size of the stable replica set, the primary included. */
  public int replicaSet() {
    return 1 + targets.size();
  }

  /** Views taken because the old one expired. */
  public long expired() {
    return expired;
  }
}
