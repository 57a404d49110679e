package org.bloomchord.chord.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

class ReplicaPlacementTest {

  private static PeerRef p(String address) {
    return new PeerRef(address, address.hashCode());
  }

  @Test
  void oneDomainGivesTheOwnerAndItsFirstSuccessors() {
    PeerRef owner = p("a");
    List<PeerRef> succ = List.of(p("b"), p("c"), p("d"), p("e"));
    assertEquals(List.of(owner, p("b"), p("c")), ReplicaPlacement.replicas(owner, succ, 3));
    assertEquals(List.of(p("b"), p("c")), ReplicaPlacement.targets(owner, succ, 3));
    assertEquals(List.of(owner), ReplicaPlacement.replicas(owner, succ, 1));
    // a list that starts with the owner (a lookup's answer) gives the same copies
    List<PeerRef> withOwner = new ArrayList<>(List.of(owner));
    withOwner.addAll(succ);
    assertEquals(List.of(owner, p("b"), p("c")), ReplicaPlacement.replicas(owner, withOwner, 3));
    // a short list gives fewer copies
    assertEquals(List.of(owner, p("b")), ReplicaPlacement.replicas(owner, List.of(p("b")), 3));
  }

  @Test
  void copiesSkipPeersOfDomainsAlreadyHoldingOne() {
    PeerRef owner = p("a@j0");
    List<PeerRef> succ = List.of(p("b@j0"), p("c@j1"), p("d@j1"), p("e@j2"), p("f@j0"));
    assertEquals(List.of(owner, p("c@j1"), p("e@j2")), ReplicaPlacement.replicas(owner, succ, 3));
    // two domains only: the third copy is the first peer left in ring order
    List<PeerRef> two = List.of(p("b@j0"), p("c@j1"), p("d@j1"), p("f@j0"));
    assertEquals(List.of(owner, p("b@j0"), p("c@j1")), ReplicaPlacement.replicas(owner, two, 3));
  }

  /**
   * Against the definition by brute force: of all sets of r-1 successors, those spanning the most
   * domains (the owner's counted), and of those the one first in ring order (smallest positions,
   * compared in order).
   */
  @Test
  void greedyRuleEqualsTheBruteForceDefinition() {
    SplittableRandom random = new SplittableRandom(5);
    for (int trial = 0; trial < 2000; trial++) {
      int n = 1 + random.nextInt(9);
      int domains = 1 + random.nextInt(4);
      int r = 1 + random.nextInt(5);
      PeerRef owner = p("o@d" + random.nextInt(domains));
      List<PeerRef> succ = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        succ.add(p("s" + i + "@d" + random.nextInt(domains)));
      }
      assertEquals(bruteForce(owner, succ, r), ReplicaPlacement.replicas(owner, succ, r),
          () -> "owner " + owner + ", successors " + succ + ", r " + r);
    }
  }

  private static List<PeerRef> bruteForce(PeerRef owner, List<PeerRef> succ, int r) {
    int n = succ.size();
    int k = Math.min(r - 1, n);
    int[] best = null;
    int bestDomains = -1;
    for (int mask = 0; mask < (1 << n); mask++) {
      if (Integer.bitCount(mask) != k) {
        continue;
      }
      int[] idx = new int[k];
      Set<String> d = new HashSet<>(List.of(owner.node()));
      for (int i = 0, j = 0; i < n; i++) {
        if ((mask & (1 << i)) != 0) {
          idx[j++] = i;
          d.add(succ.get(i).node());
        }
      }
      if (d.size() > bestDomains || (d.size() == bestDomains && Arrays.compare(idx, best) < 0)) {
        best = idx;
        bestDomains = d.size();
      }
    }
    List<PeerRef> out = new ArrayList<>(List.of(owner));
    for (int i : best) {
      out.add(succ.get(i));
    }
    return out;
  }
}
