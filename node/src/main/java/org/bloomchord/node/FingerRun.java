package org.bloomchord.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Consecutive fingers that point at the same peer: on a ring of N peers and 64-bit ids, the first
 * 64 - log2 N or so fingers all name the successor, and a table reads better as {@code 1-52: p115}
 * than as 52 equal lines. What the live view lists and the HTTP API's peer view carries.
 *
 * @param first the first finger of the run, 1-based
 * @param last the last, {@code >= first}
 * @param peer the peer they name, or null where the fingers are unknown
 */
public record FingerRun(int first, int last, String peer) {

  public FingerRun {
    if (first < 1 || last < first) {
      throw new IllegalArgumentException("a run of fingers " + first + ".." + last);
    }
  }

  /**
   * The runs of {@code fingers} (finger i at index i-1, null where unknown), in order: each run as
   * long as the entries stay equal, so the runs cover every finger once and no two neighbouring
   * runs name the same peer.
   */
  public static List<FingerRun> of(List<String> fingers) {
    List<FingerRun> out = new ArrayList<>();
    int start = 0;
    for (int i = 1; i <= fingers.size(); i++) {
      if (i == fingers.size() || !Objects.equals(fingers.get(i), fingers.get(start))) {
        out.add(new FingerRun(start + 1, i, fingers.get(start)));
        start = i;
      }
    }
    return out;
  }

  /** The line the live view shows: {@code 1-52: p115}, {@code 53: p7}, {@code 60-64: -} for unknown ones. */
  public String label() {
    return (first == last ? Integer.toString(first) : first + "-" + last) + ": " + (peer == null ? "-" : peer);
  }
}
