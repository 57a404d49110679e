package org.bloomchord.chord.lookup;

import java.util.List;
import org.bloomchord.overlay.PeerRef;

/**
 * The result of one lookup.
 *
 * <p>Hop count convention: {@code hops} is the number of peer-to-peer forwarding messages from the
 * origin to the key's predecessor (the peer that found the key between itself and its successor),
 * the Chord paper's path length; 0 when the origin is that peer or the owner. The answer itself
 * comes from the key's successor, {@code hopsToOwner} forwarding messages from the origin (usually
 * {@code hops + 1}; more when the query was handed back to a peer that had just joined, or went
 * around a silent successor). Attempts that timed out are not hops; they are counted in
 * {@code timeouts}.
 *
 * @param key the key id looked up
 * @param successor the successor found, or null unless {@code outcome} is FOUND
 * @param successors the answering peer's successor list (the successor first): the candidate
 *     replicas of the key; empty unless FOUND
 * @param hops forwarding messages on the path that reached the key's predecessor
 * @param hopsToOwner forwarding messages on the path that reached the successor, which answered
 * @param timeouts next hops that timed out along the way
 * @param outcome how the lookup ended
 * @param latencyMs runtime time from start to end
 */
public record LookupResult(long key, PeerRef successor, List<PeerRef> successors, int hops, int hopsToOwner,
    int timeouts, LookupOutcome outcome, long latencyMs) {

  public LookupResult {
    successors = List.copyOf(successors);
  }

  /** Whether a successor was found. */
  public boolean found() {
    return outcome == LookupOutcome.FOUND;
  }

  /**
   * A found successor: {@code hops} forwarding messages to the key's predecessor (the project's hop
   * count), {@code hopsToOwner} to the peer that answered.
   */
  public static LookupResult found(long key, PeerRef successor, List<PeerRef> successors, int hops, int hopsToOwner,
      int timeouts, long latencyMs) {
    return new LookupResult(key, successor, successors, hops, hopsToOwner, timeouts, LookupOutcome.FOUND, latencyMs);
  }

  /** A failed result of the given kind. */
  public static LookupResult failed(long key, LookupOutcome outcome, int hops, int timeouts, long latencyMs) {
    return new LookupResult(key, null, List.of(), hops, hops, timeouts, outcome, latencyMs);
  }
}
