package org.bloomchord.routing.repair;

import java.util.Objects;
import org.bloomchord.routing.reconcile.ReconcileMethod;
import org.bloomchord.routing.reconcile.ReconcileOptions;

/**
 * Settings of reconciling replica repair, validated on construction; {@link #defaults()} holds the
 * default of every setting. The repair period is the Chord peer's {@code replicaSyncMs} (the peer
 * calls its replica sync every period and whenever its predecessor or replica targets change).
 *
 * @param method how the (key, version) digests are reconciled: {@code riblt} (default),
 *     {@code iblt}, {@code auto} or {@code set}; {@code bloom} is refused because an approximate
 *     method can miss keys and repair must be exact
 * @param maxConversations repair conversations a responder keeps open at once, each holding the
 *     digests of one range (default 16); more are refused
 * @param maxConversationsPerPeer of those, how many one initiator may hold (default 4); more are
 *     refused, so one greedy peer cannot take every conversation
 * @param conversationIdleMs a responder drops a conversation idle this long (default 10 000 ms)
 * @param reconcile settings of the reconciliation itself (default {@link ReconcileOptions#defaults()}
 *     with a first rateless flight of {@value #FIRST_FLIGHT} symbol and no counts: replicas are
 *     mostly in sync, so a repair that finds nothing to move costs one short message each way; a
 *     difference of a few digests is sized from the responder's counts in the second round trip.
 *     Seven counts with the first flight cost 13% more bytes in a round with nothing lost and 10%
 *     more in one repairing 100 lost entries, in two round trips either way ({@code
 *     RepairRoundBench}, seed 1; docs/experiments/reconcile-streaming.md))
 */
public record RepairConfig(ReconcileMethod method, int maxConversations, int maxConversationsPerPeer,
    long conversationIdleMs, ReconcileOptions reconcile) {

  public RepairConfig {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(reconcile, "reconcile");
    if (method == ReconcileMethod.BLOOM) {
      throw new IllegalArgumentException("replica repair needs an exact method (riblt, iblt, auto or set), not bloom");
    }
    if (maxConversations < 1 || maxConversations > 4096) {
      throw new IllegalArgumentException("maxConversations must be in 1..4096, got " + maxConversations);
    }
    if (maxConversationsPerPeer < 1 || maxConversationsPerPeer > maxConversations) {
      throw new IllegalArgumentException("maxConversationsPerPeer must be in 1..maxConversations, got "
          + maxConversationsPerPeer);
    }
    if (conversationIdleMs < 1) {
      throw new IllegalArgumentException("conversationIdleMs must be positive, got " + conversationIdleMs);
    }
  }

  /** Symbols of the first rateless flight of a repair. */
  public static final int FIRST_FLIGHT = 1;
  /** Counts sent with the first rateless flight of a repair (none: most repairs find nothing). */
  public static final int PROBE = 0;

  /** The documented defaults. */
  public static RepairConfig defaults() {
    ReconcileOptions r = ReconcileOptions.defaults();
    return new RepairConfig(ReconcileMethod.RIBLT, 16, 4, 10_000,
        r.withStream(r.stream().withFirstFlight(FIRST_FLIGHT).withProbe(PROBE)));
  }

  /** A copy with other reconciliation settings. */
  public RepairConfig withReconcile(ReconcileOptions r) {
    return new RepairConfig(method, maxConversations, maxConversationsPerPeer, conversationIdleMs, r);
  }

  /** A copy with another method. */
  public RepairConfig withMethod(ReconcileMethod m) {
    return new RepairConfig(m, maxConversations, maxConversationsPerPeer, conversationIdleMs, reconcile);
  }
}
