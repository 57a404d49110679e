package org.bloomchord.routing.traceback;

import java.util.List;
import org.bloomchord.overlay.PeerRef;

/**
 * The result of one traceback: the peers the message passed as far as the digests tell, the links
 * between them, and the candidate origins.
 *
 * @param digest the message's digest
 * @param peers peers that hold the message (the victim first)
 * @param links hops, each from the sending peer to the receiving one
 * @param origins candidate origins: peers that sent the message without having received it, or
 *     that were named as the sender and did not answer
 * @param queries queries sent (the victim's own look-up not counted)
 * @param falseBranches upstream links named by a filter that the named peer denied (a false positive
 *     of the naming peer's filter, pruned)
 * @param expectedFalseBranches what the filters' false-positive rates predict: the sum over the
 *     peers asked (the victim included) of (candidate links tested - links named) x the chance that
 *     one link tests positive falsely in the filters looked at (1 - the product of (1 - each
 *     filter's rate at its entries); about filters x p when every filter is at capacity)
 */
public record AttackGraph(long digest, List<PeerRef> peers, List<Link> links, List<PeerRef> origins, int queries,
    int falseBranches, double expectedFalseBranches) {

  public AttackGraph {
    peers = List.copyOf(peers);
    links = List.copyOf(links);
    origins = List.copyOf(origins);
  }

  /** One hop of the message: {@code from} sent it to {@code to}. */
  public record Link(PeerRef from, PeerRef to) {
  }

  /** Whether {@code peer} is a candidate origin. */
  public boolean names(PeerRef peer) {
    return origins.stream().anyMatch(o -> o.address().equals(peer.address()));
  }
}
