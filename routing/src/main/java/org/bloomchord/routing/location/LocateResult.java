package org.bloomchord.routing.location;

import org.bloomchord.overlay.PeerRef;

/**
 * The answer of one {@code locate}.
 *
 * <p>Hops follow the project convention: peer-to-peer forwarding messages on the path from the
 * origin to the peer that answers. {@code probabilisticHops} counts forwards of the query along
 * link filters; {@code fallbackHops} counts, from the peer where the deterministic path started,
 * the Chord lookup's hops to the pointer key's predecessor plus one per pointer replica asked on
 * another peer; {@code finalHops} counts the holders contacted on another peer to verify the
 * object (one when the first is live and holds it). Replies are not hops.
 *
 * @param key the object's key
 * @param outcome how it ended
 * @param holder the live holder found, or null for NOT_FOUND and FAILED
 * @param probabilisticHops forwards in the probabilistic phase
 * @param fallbackHops lookup hops plus pointer requests of the deterministic path (0 if unused)
 * @param finalHops holder probes of the deterministic path (0 if unused)
 * @param falsePositives peers reached by the probabilistic phase that neither held the object nor
 *     had a matching link within their budget
 * @param latencyMs runtime time from start to answer at the origin
 */
public record LocateResult(String key, LocateOutcome outcome, PeerRef holder, int probabilisticHops,
    int fallbackHops, int finalHops, int falsePositives, long latencyMs) {

  /** Total hops of all phases. */
  public int hops() {
    return probabilisticHops + fallbackHops + finalHops;
  }

  /** Whether a live holder was found (locally, probabilistically or on the fallback path). */
  public boolean found() {
    return outcome.found();
  }
}
