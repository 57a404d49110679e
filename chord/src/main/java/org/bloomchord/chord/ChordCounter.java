package org.bloomchord.chord;

import org.bloomchord.overlay.CounterName;

/**
 * Every counter the Chord protocol reports to its runtime's metrics sink, in one place: the
 * protocol increments these constants and readers (the run summary's trust section, tests) match
 * them by reference. The {@code trust.*} counters are the bounds of hostile or excess input
 * (quotas, evictions, refusals); the run summary reports every one of them.
 *
 * <p>Invariant: ids are unique and never change meaning; renaming an id renames it everywhere it is
 * read, since nobody reads it by its string.
 */
public enum ChordCounter implements CounterName {

  // ---- lookups
  /** Lookups whose deadline passed before an answer came. */
  LOOKUP_TIMED_OUT("chord.lookupTimedOut"),
  /** Second copies of a recursive lookup step dropped by a hop that had routed the first. */
  DUPLICATE_LOOKUP("chord.duplicateLookup"),
  /** Lookup answers that came after their lookup had finished (or were never asked for). */
  LATE_LOOKUP_ANSWER("chord.lateLookupAnswer"),
  /** Successful lookup answers refused because they did not come from the peer they named. */
  LOOKUP_ANSWER_REJECTED("chord.lookupAnswerRejected"),
  /** Lookup attempts started again after a hop gave the previous one up. */
  LOOKUP_RETRIED("chord.lookupRetried"),
  /** Lookup steps given up by a hop (no usable next peer, or the hop limit reached). */
  LOOKUP_ABANDONED("chord.lookupAbandoned"),
  /** Lookups refused because {@code maxPendingLookups} were in progress at the origin. */
  REFUSED_LOOKUPS("trust.refused.lookups"),

  // ---- links and failure detection
  /** Joins that failed (the peer stays off the ring). */
  JOIN_FAILED("chord.joinFailed"),
  /** Failed requests counted against a peer (a strike; the second in a row suspects it). */
  STRIKE("chord.strike"),
  /**
   * Failed requests not counted against a peer because its node is heard from and has not reported
   * it gone ({@link org.bloomchord.overlay.PeerRuntime#behind}): a peer behind a backlog.
   */
  BEHIND("chord.behind"),
  /**
   * Peers dropped at their first failed request because their node reported them gone
   * ({@link org.bloomchord.overlay.PeerRuntime#gone}): a crash or departure, no strike or
   * confirmation needed.
   */
  REPORTED_GONE("chord.reportedGone"),
  /**
   * Lookup retries not made because the peer's budget of retries after peers behind was spent
   * (a step routed around a slow peer, or an origin's second attempt; see {@code RerouteBudget}).
   */
  RETRY_REFUSED("chord.retryRefused"),
  /** Peers dropped from the tables as failed. */
  SUSPECTED("chord.suspected"),
  /** Indirect probes asked of other peers before taking a silent peer for failed (confirmed failures). */
  REACH_CHECKS("chord.reachChecks"),
  /** Silent peers another peer reached: kept, alive but out of reach from here (non-transitive connectivity). */
  OUT_OF_REACH("chord.outOfReach"),
  /** Peers dropped from the tables because they said they were leaving. */
  DEPARTED("chord.departed"),
  /** Peers taken back from the remembered candidates when the successor list ran short. */
  RECOVERED("chord.recovered"),
  /** Fingers found pointing at the wrong peer and repaired. */
  FINGER_STALE("chord.fingerStale"),
  /** Fingers moved to a peer that joined before them on a finger push ({@code ChordConfig.fingerPush}). */
  FINGER_PUSHED("chord.fingerPushed"),
  /** Round-trip probes sent by proximity neighbour selection. */
  PROXIMITY_PINGS("chord.proximityPings"),
  /** Replies that arrived after their request had timed out. */
  LATE_REPLY("chord.lateReply"),
  /** Oldest suspicions dropped to make room for a new one ({@code maxSuspects}). */
  EVICTED_SUSPECTS("trust.evicted.suspects"),
  /** Oldest strikes dropped to make room for new ones ({@code maxStrikes}). */
  EVICTED_STRIKES("trust.evicted.strikes"),

  // ---- admission of messages
  /** Malformed or hostile Chord messages rejected. */
  REJECTED("chord.rejected"),
  /** Messages refused by a sender's message-rate quota. */
  QUOTA_REQUESTS("trust.quota.requests"),
  /** Messages refused by a sender's byte-rate quota. */
  QUOTA_BYTES("trust.quota.bytes"),
  /** Quota buckets evicted to make room for a new sender. */
  EVICTED_SENDERS("trust.evicted.senders"),

  // ---- store
  /** Writes acknowledged by fewer replicas than asked for. */
  WRITES_UNCONFIRMED("chord.writesUnconfirmed"),
  /** Received entries refused because their version lay too far ahead of the receiver's clock. */
  VERSIONS_AHEAD("chord.versionsAhead"),
  /** Key hand-offs (join, leave) that failed once. */
  HAND_OFF_FAILED("chord.handOffFailed"),
  /** Key hand-offs given up after every attempt. */
  HAND_OFF_ABANDONED("chord.handOffAbandoned"),
  /** Key hand-offs that succeeded on a later attempt. */
  HAND_OFF_RETRIED("chord.handOffRetried"),
  /** Range pulls sent by a primary whose range grew. */
  RANGE_PULLS("chord.rangePulls"),
  /** Another ring was noticed (by a probe or an offered contact). */
  MERGE_DETECTED("merge.detected"),
  /** An offered or remembered peer was found in our own ring. */
  MERGE_FALSE_ALARMS("merge.falseAlarms"),
  /** This peer took a peer of the other ring as its successor, or was introduced to one. */
  MERGE_JOINED("merge.joined"),
  /** Merge news not forwarded because the peer's window was full. */
  MERGE_SUPPRESSED("merge.suppressed"),
  /** Probes of remembered peers. */
  MERGE_PROBES("merge.probes"),
  /** Suspected peers asked again because this peer took part in a merge. */
  MERGE_RECHECKS("merge.rechecks"),
  /** Entries handed to their new owners after a merge. */
  MERGE_ENTRIES_HANDED("merge.entriesHanded"),
  /** Puts refused by the minority refusal: the key is outside the stable view or its stable replicas are away. */
  WRITES_REFUSED("chord.writesRefused"),
  /** Range pulls that failed. */
  RANGE_PULLS_FAILED("chord.rangePullsFailed"),
  /** Tombstones removed once they outlived their expiry. */
  TOMBSTONES_COLLECTED("chord.tombstonesCollected"),
  /** Replica-sync rounds that failed. */
  REPLICA_SYNC_FAILED("chord.replicaSyncFailed"),
  /** Entries a quorum read pushed to a replica that answered with an older one or none. */
  READ_REPAIRS("chord.readRepairs"),
  /** Read repairs that failed. */
  READ_REPAIRS_FAILED("chord.readRepairsFailed"),
  /** Keys dropped because the peer no longer replicates them. */
  DROPPED_OUT_OF_RANGE("chord.store.droppedOutOfRange");

  private final String id;

  ChordCounter(String id) {
    this.id = id;
  }

  @Override
  public String id() {
    return id;
  }
}
