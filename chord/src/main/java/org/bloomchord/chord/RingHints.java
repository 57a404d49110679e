package org.bloomchord.chord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;

/**
 * The neighbourhood a restarted peer takes its place with ({@link ChordPeer#rejoining}): its
 * predecessor, its successor list and finger hints, as recorded before the stop.
 *
 * @param predecessor the predecessor, or null when unknown
 * @param successors the successor list, nearest first (may be empty)
 * @param fingers peers to fill the fingers from (each finger takes the nearest at or after its start)
 */
public record RingHints(PeerRef predecessor, List<PeerRef> successors, List<PeerRef> fingers) {

  public RingHints {
    successors = List.copyOf(successors);
    fingers = List.copyOf(fingers);
  }

  /**
   * The hints of every peer of {@code peers} on the ring they make, from one sort of the ring: its
   * predecessor, its next {@code successorCount} peers and, for each finger, the successor of the
   * finger's start.
   */
  public static Map<PeerRef, RingHints> ofAll(IdRing ring, List<PeerRef> peers, int successorCount) {
    List<PeerRef> sorted = sorted(peers);
    Map<PeerRef, RingHints> out = new HashMap<>(2 * sorted.size());
    for (int at = 0; at < sorted.size(); at++) {
      out.put(sorted.get(at), at(ring, sorted, at, successorCount));
    }
    return out;
  }

  private static List<PeerRef> sorted(List<PeerRef> peers) {
    List<PeerRef> sorted = new ArrayList<>(peers);
    sorted.sort(Comparator.<PeerRef, Long>comparing(PeerRef::id, Long::compareUnsigned)
        .thenComparing(PeerRef::address));
    return sorted;
  }

  /** The hints of the peer at index {@code at} of the ring sorted by id. */
  private static RingHints at(IdRing ring, List<PeerRef> sorted, int at, int successorCount) {
    int n = sorted.size();
    if (n == 1) {
      return new RingHints(null, List.of(), List.of());
    }
    PeerRef self = sorted.get(at);
    PeerRef pred = sorted.get((at - 1 + n) % n);
    List<PeerRef> succ = new ArrayList<>();
    for (int k = 1; k < n && succ.size() < successorCount; k++) {
      succ.add(sorted.get((at + k) % n));
    }
    List<PeerRef> fingers = new ArrayList<>();
    for (int i = 1; i <= ring.bits(); i++) {
      PeerRef f = successorOf(sorted, ring.fingerStart(self.id(), i));
      if (!f.equals(self) && !fingers.contains(f)) {
        fingers.add(f);
      }
    }
    return new RingHints(pred, succ, fingers);
  }

  /** The first peer at or after {@code id} (unsigned order, wrapping). */
  private static PeerRef successorOf(List<PeerRef> sorted, long id) {
    int lo = 0;
    int hi = sorted.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Long.compareUnsigned(sorted.get(mid).id(), id) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return sorted.get(lo == sorted.size() ? 0 : lo);
  }
}
