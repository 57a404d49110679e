package org.bloomchord.chord;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.bloomchord.overlay.PeerRef;

/**
 * A snapshot of a peer's links: its predecessor, successor list and distinct fingers. This is what
 * the routing module builds its per-link filters on.
 *
 * @param self the peer itself
 * @param predecessor its predecessor, or null when unknown
 * @param successors its successor list, nearest first (empty when alone on the ring)
 * @param fingers its distinct non-empty fingers in finger order (may name itself when alone)
 * @param version a counter that grows whenever any link changes; equal versions of one peer mean
 *     equal links
 */
public record Links(PeerRef self, PeerRef predecessor, List<PeerRef> successors, List<PeerRef> fingers,
    long version) {

  public Links {
    successors = List.copyOf(successors);
    fingers = List.copyOf(fingers);
  }

  /**
   * The distinct peers this peer links to, the peer itself excluded: successor-list entries, then
   * fingers, then the predecessor.
   */
  public List<PeerRef> distinct() {
    LinkedHashSet<PeerRef> out = new LinkedHashSet<>(successors);
    out.addAll(fingers);
    if (predecessor != null) {
      out.add(predecessor);
    }
    out.remove(self);
    return new ArrayList<>(out);
  }

  /** The immediate successor; the peer itself when alone. */
  public PeerRef successor() {
    return successors.isEmpty() ? self : successors.get(0);
  }
}
