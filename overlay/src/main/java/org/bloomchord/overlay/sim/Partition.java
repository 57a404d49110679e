package org.bloomchord.overlay.sim;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;

/**
 * The groups of a partition in force, by peer address: what a peer launched during the split
 * is told, and what {@link SimNetwork#partition} wrote into each running {@link SimPeer#group}.
 * Group 0 is also the group of every address named nowhere.
 */
final class Partition {

  private final Map<String, Integer> groupOf = new HashMap<>();
  private final int groups;

  Partition(List<? extends Collection<PeerRef>> groups) {
    if (groups.size() < 2) {
      throw new IllegalArgumentException("a partition needs at least two groups: " + groups.size());
    }
    this.groups = groups.size();
    for (int g = 0; g < groups.size(); g++) {
      for (PeerRef ref : groups.get(g)) {
        Integer before = groupOf.put(ref.address(), g);
        if (before != null) {
          throw new IllegalArgumentException("peer " + ref.address() + " is in groups " + before + " and " + g);
        }
      }
    }
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
