package org.bloomchord.chord.finger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Proximity neighbour selection never takes a finger outside [start(i), start(i+1)): a property
 * checked over random rings (ring widths 8, 16 and 64 bits, 2 to 3,000 peers, random round trips)
 * against a sorted-set oracle of the ring.
 */
class ProximityChoiceTest {

  @Test
  void theChosenFingerAlwaysLiesInItsIntervalAndIsTheFastestOfTheFirstKPeersThere() {
    SplittableRandom random = new SplittableRandom(20261123);
    int checked = 0;
    for (int trial = 0; trial < 300; trial++) {
      int bits = new int[] {8, 16, 64}[trial % 3];
      IdRing ring = new IdRing(bits);
      int n = 2 + random.nextInt(bits == 8 ? 200 : 3_000);
      TreeSet<Long> ids = new TreeSet<>(Long::compareUnsigned);
      while (ids.size() < n) {
        ids.add(random.nextLong() & ring.mask());
      }
      List<Long> sorted = new ArrayList<>(ids);
      Map<PeerRef, Long> rtt = new HashMap<>();
      long owner = sorted.get(random.nextInt(n));
      FingerTable fingers = new FingerTable(ring, owner);
      int r = 1 + random.nextInt(16);
      int k = 2 + random.nextInt(r);
      for (int i = 1; i <= bits; i++) {
        long start = fingers.start(i);
        int at = successorIndex(sorted, start);
        PeerRef s = peer(sorted.get(at));
        List<PeerRef> list = new ArrayList<>();
        for (int j = 1; j <= r && j < n; j++) {
          list.add(peer(sorted.get((at + j) % n)));
        }
        for (PeerRef p : list) {
          rtt.computeIfAbsent(p, x -> random.nextInt(10) == 0 ? -1L : 1 + random.nextLong(300));
        }
        rtt.computeIfAbsent(s, x -> 1 + random.nextLong(300));
        List<PeerRef> cands = ProximityChoice.candidates(fingers, i, s, list, k, p -> p.id() != owner);
        PeerRef chosen = ProximityChoice.choose(cands, rtt::get);
        // the oracle: the peers of the ring in [start, start + 2^(i-1)), the owner excluded, in ring order
        List<PeerRef> allowed = new ArrayList<>();
        for (int j = 0; j < n && allowed.size() < k; j++) {
          long id = sorted.get((at + j) % n);
          if (Long.compareUnsigned(ring.distance(start, id), 1L << (i - 1)) >= 0) {
            break;
          }
          if (id != owner) {
            allowed.add(peer(id));
          }
        }
        int limit = Math.min(k, r + 1);
        assertEquals(allowed.subList(0, Math.min(allowed.size(), limit)), cands, "candidates of finger " + i);
        if (chosen == null) {
          assertTrue(cands.isEmpty());
          continue;
        }
        checked++;
        assertTrue(fingers.inInterval(i, chosen.id()), "finger " + i + " outside its interval: " + chosen);
        for (PeerRef c : cands) {
          long cr = rtt.get(c);
          assertFalse(cr >= 0 && cr < rtt.get(chosen), "a faster candidate was passed over");
        }
        if (i > 1) {
          // finger 1 is always the successor: the table keeps it so
          RoutingTable table = new RoutingTable(ring, peer(owner), r, 1_000);
          assertTrue(table.chooseFinger(i, chosen, 0));
          assertEquals(chosen, table.fingers().get(i));
        }
      }
    }
    assertTrue(checked > 1_000, "too few fingers had a choice: " + checked);
  }

  @Test
  void aPeerOutsideTheIntervalIsRefusedAsAFinger() {
    IdRing ring = new IdRing(8);
    RoutingTable table = new RoutingTable(ring, peer(0), 4, 1_000);
    // finger 5 of peer 0: [16, 32)
    assertThrows(IllegalArgumentException.class, () -> table.chooseFinger(5, peer(32), 0));
    assertThrows(IllegalArgumentException.class, () -> table.chooseFinger(5, peer(15), 0));
    assertTrue(table.chooseFinger(5, peer(31), 0));
    // finger 8: [128, 256), the owner excluded
    assertTrue(table.fingers().inInterval(8, 255));
    assertFalse(table.fingers().inInterval(8, 0));
  }

  @Test
  void withoutAnyMeasuredRoundTripTheSuccessorOfTheStartIsTaken() {
    List<PeerRef> cands = List.of(peer(5), peer(6), peer(7));
    assertEquals(peer(5), ProximityChoice.choose(cands, p -> -1));
    assertEquals(peer(7), ProximityChoice.choose(cands, p -> p.id() == 7 ? 3 : -1));
    assertNull(ProximityChoice.choose(List.of(), p -> 1));
  }

  private static int successorIndex(List<Long> sorted, long key) {
    for (int j = 0; j < sorted.size(); j++) {
      if (Long.compareUnsigned(sorted.get(j), key) >= 0) {
        return j;
      }
    }
    return 0;
  }

  private static PeerRef peer(long id) {
    return new PeerRef("p" + Long.toUnsignedString(id), id);
  }
}
