package org.bloomchord.chord.lookup;

import java.util.List;
import org.bloomchord.overlay.PeerRef;

/**
 * The result of one lookup.
 *
 * <p>Hop count convention: {@code hops} is the number of peer-to-peer forwarding messages from the
 * origin to the peer that answered (the key's predecessor, which names the successor); 0 when the
 * origin answered itself. Attempts that timed out are not hops; they are counted in
 * {@code timeouts}.
 *
 * @param key the key id looked up
 * @param successor the successor found, or null unless {@code outcome} is FOUND
 * @param successors the answering peer's successor list (the successor first): the candidate
 *     replicas of the key; empty unless FOUND
 * @param hops forwarding messages on the path that reached the answering peer
 * @param timeouts next hops that timed out along the way
 * @param outcome how the lookup ended
 * @param latencyMs runtime time from start to end
 */
public record LookupResult(long key, PeerRef successor, List<PeerRef> successors, int hops, int timeouts,
    LookupOutcome outcome, long latencyMs) {

  public LookupResult {
    successors = List.copyOf(successors);
  }

  /** Whether a successor was found. */
  public boolean found() {
    return outcome == LookupOutcome.FOUND;
  }

  /** A failed result of the given kind. */
  public static LookupResult failed(long key, LookupOutcome outcome, int hops, int timeouts, long latencyMs) {
    return new LookupResult(key, null, List.of(), hops, timeouts, outcome, latencyMs);
  }
}
