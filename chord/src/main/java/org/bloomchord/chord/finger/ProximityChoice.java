package org.bloomchord.chord.finger;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.bloomchord.overlay.PeerRef;

/**
 * Proximity neighbour selection (as in MIT Chord and p2psim): which peers may serve as finger i,
 * and which of them to take. The candidates are the first peers of [start(i), start(i+1)): the
 * successor of the start followed by its successor list, as long as they stay in the interval, at
 * most {@code k}. The choice is the candidate with the lowest measured round trip. Every candidate
 * lies in the interval, so a lookup through the finger still halves the remaining distance at
 * least, and paths keep their O(log N) length. Stateless.
 */
public final class ProximityChoice {

  private ProximityChoice() {
  }

  /**
   * The candidates for finger i: {@code successorOfStart} and then {@code itsSuccessors}, in ring
   * order, those in [start(i), start(i+1)) and usable, at most {@code k}; empty when the successor
   * of the start lies beyond the interval (the interval holds no peer, and the finger is that
   * successor, with no choice).
   */
  public static List<PeerRef> candidates(FingerTable fingers, int i, PeerRef successorOfStart,
      List<PeerRef> itsSuccessors, int k, Predicate<PeerRef> usable) {
    List<PeerRef> out = new ArrayList<>();
    if (!fingers.inInterval(i, successorOfStart.id())) {
      return out;
    }
    List<PeerRef> all = new ArrayList<>(itsSuccessors.size() + 1);
    all.add(successorOfStart);
    all.addAll(itsSuccessors);
    for (PeerRef p : all) {
      if (out.size() >= k || !fingers.inInterval(i, p.id())) {
        break;
      }
      if (!out.contains(p) && usable.test(p)) {
        out.add(p);
      }
    }
    return out;
  }

  /**
   * The candidate with the lowest round trip ({@code rttMs} gives -1 for a peer never measured,
   * which is passed over); ties go to the earlier candidate. The first candidate when none was
   * measured; null when there are none.
   */
  public static PeerRef choose(List<PeerRef> candidates, ToLongFunction<PeerRef> rttMs) {
    PeerRef best = null;
    long bestRtt = Long.MAX_VALUE;
    for (PeerRef p : candidates) {
      long r = rttMs.applyAsLong(p);
      if (r >= 0 && r < bestRtt) {
        best = p;
        bestRtt = r;
      }
    }
    return best != null || candidates.isEmpty() ? best : candidates.get(0);
  }
}
