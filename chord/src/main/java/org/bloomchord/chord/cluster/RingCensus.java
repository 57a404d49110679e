package org.bloomchord.chord.cluster;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.PeerState;
import org.bloomchord.overlay.PeerRef;

/**
 * How many rings the live peers form, by their successor pointers: the oracle's answer to "is the
 * overlay split?".
 *
 * <p>Definition: take the graph with one edge from every active peer to its first successor.
 * A <em>ring</em> is a cycle of that graph; each active peer lies on exactly one cycle or on a
 * path into one (or into a peer that is not live, a dangling pointer), so the number of cycles is
 * the number of separate rings the peers route in. One ring is not yet a correct ring (a cycle may
 * skip peers or wind around the id space twice, a loopy ring): the correct ring is the one cycle
 * through every live peer in id order, which {@link RingCheck#successorErrors()} == 0 says.
 */
public final class RingCensus {

  private RingCensus() {
  }

  /** The number of cycles of the successor graph of the active peers among {@code snapshots}. */
  public static int rings(List<PeerSnapshot> snapshots) {
    Map<PeerRef, PeerRef> next = new HashMap<>();
    for (PeerSnapshot s : snapshots) {
      if (s.state() == PeerState.ACTIVE) {
        next.put(s.self(), s.successors().isEmpty() ? s.self() : s.successors().get(0));
      }
    }
    // colour: absent = unvisited, 1 = on the current path, 2 = done
    Map<PeerRef, Integer> colour = new HashMap<>();
    int cycles = 0;
    for (PeerRef start : next.keySet()) {
      PeerRef p = start;
      while (p != null && next.containsKey(p) && !colour.containsKey(p)) {
        colour.put(p, 1);
        p = next.get(p);
      }
      if (p != null && Integer.valueOf(1).equals(colour.get(p))) {
        cycles++;
      }
      for (PeerRef q = start; q != null && Integer.valueOf(1).equals(colour.get(q)); q = next.get(q)) {
        colour.put(q, 2);
      }
    }
    return cycles;
  }
}
