package org.bloomchord.overlay.sim;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;

/**
 * The groups of a partition in force, by peer address: what a peer launched during the split
 * is told, and what {@link SimNetwork#partition} wrote into each running {@link SimPeer#group}.
 * Group 0 is also the group of every address named nowhere. By default every two groups are cut
 * from each other; a partition made with cut pairs cuts only those pairs (non-transitive
 * connectivity).
 */
final class Partition {

  private final Map<String, Integer> groupOf = new HashMap<>();
  private final int groups;
  /** The cut pairs as {@code a * groups + b} in both orders, or null when every pair is cut. */
  private final boolean[] cut;

  Partition(List<? extends Collection<PeerRef>> groups) {
    this(groups, null);
  }

  /** A partition cutting only {@code cutPairs} (every pair when null). */
  Partition(List<? extends Collection<PeerRef>> groups, List<int[]> cutPairs) {
    if (groups.size() < 2) {
      throw new IllegalArgumentException("a partition needs at least two groups: " + groups.size());
    }
    this.groups = groups.size();
    if (cutPairs == null) {
      this.cut = null;
    } else {
      this.cut = new boolean[this.groups * this.groups];
      for (int[] pair : cutPairs) {
        if (pair.length != 2 || pair[0] == pair[1] || pair[0] < 0 || pair[1] < 0 || pair[0] >= this.groups
            || pair[1] >= this.groups) {
          throw new IllegalArgumentException("a cut pair must be two different group indexes in 0.."
              + (this.groups - 1) + ", got " + java.util.Arrays.toString(pair));
        }
        cut[pair[0] * this.groups + pair[1]] = true;
        cut[pair[1] * this.groups + pair[0]] = true;
      }
    }
    for (int g = 0; g < groups.size(); g++) {
      for (PeerRef ref : groups.get(g)) {
        Integer before = groupOf.put(ref.address(), g);
        if (before != null) {
          throw new IllegalArgumentException("peer " + ref.address() + " is in groups " + before + " and " + g);
        }
      }
    }
  }

  /** Whether messages between groups {@code a} and {@code b} (different) are lost. */
  boolean cuts(int a, int b) {
    return cut == null || cut[a * groups + b];
  }

  int groupOf(String address) {
    return groupOf.getOrDefault(address, 0);
  }

  void place(String address, int group) {
    if (group < 0 || group >= groups) {
      throw new IllegalArgumentException("group " + group + " is not in 0.." + (groups - 1));
    }
    groupOf.put(address, group);
  }
}
