package org.bloomchord.routing;

import org.bloomchord.overlay.CounterName;

/**
 * Every counter the routing layer (location, replica repair, reconciliation) reports to its
 * runtime's metrics sink, in one place: the protocols increment these constants and readers (the
 * run summary's trust section, tests) match them by reference. The {@code trust.*} counters are the
 * bounds of hostile or excess input; the run summary reports every one of them.
 *
 * <p>Invariant: ids are unique, distinct from {@code chord.ChordCounter}'s, and never change
 * meaning.
 */
public enum RoutingCounter implements CounterName {

  // ---- cache
  /** Malformed or hostile cache messages rejected. */
  CACHE_REJECTED("cache.rejected"),
  // ---- location
  /** Malformed or hostile location messages rejected. */
  LOCATION_REJECTED("location.rejected"),
  /** Pointer lease renewals that failed (the next refresh tries again). */
  LEASE_RENEW_FAILED("location.leaseRenewFailed"),
  /** Copies of a pointer to its replicas that failed. */
  POINTER_COPY_FAILED("location.pointerCopyFailed"),
  /** Locates refused because {@code maxPendingLocates} were in progress. */
  REFUSED_LOCATES("trust.refused.locates"),
  /** Leases refused because their holder held {@code maxPointersPerHolder} here. */
  REFUSED_POINTERS("trust.refused.pointers"),
  /** Holders no longer tracked to make room for another ({@code maxTrackedHolders}). */
  EVICTED_POINTER_HOLDERS("trust.evicted.pointerHolders"),
  /** Summaries rejected because a level has more set bits than its declared count allows. */
  REJECTED_SUMMARY_FILL("trust.rejected.summaryFill"),
  /** Summary pulls put off because {@code maxSummaryPulls} were in flight. */
  REFUSED_SUMMARY_PULLS("trust.refused.summaryPulls"),

  // ---- replica repair and reconciliation
  /** Hand-offs to a peer holding no entries, pushed whole instead of reconciled. */
  REPAIR_HAND_OFF_PUSHES("repair.handOffPushes"),
  /** Replica repairs that failed. */
  REPAIR_FAILED("repair.failed"),
  /** Repair conversations refused by {@code maxConversations} or {@code maxConversationsPerPeer}. */
  REFUSED_REPAIR_CONVERSATIONS("trust.refused.repairConversations"),
  /** Symbol sessions refused by {@code maxSessions} or the per-peer session bound. */
  REFUSED_RECONCILE_SESSIONS("trust.refused.reconcileSessions"),
  /** Traceback queries refused: the asker is not a ring peer, or is over its quota. */
  REFUSED_TRACEBACK_QUERIES("trust.refused.traceback");

  private final String id;

  RoutingCounter(String id) {
    this.id = id;
  }

  @Override
  public String id() {
    return id;
  }
}
