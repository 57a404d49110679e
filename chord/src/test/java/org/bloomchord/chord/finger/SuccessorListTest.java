package org.bloomchord.chord.finger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

class SuccessorListTest {

  private final IdRing ring = new IdRing(8);
  private final PeerRef self = new PeerRef("s", 250);

  private static PeerRef p(long id) {
    return new PeerRef("p" + id, id);
  }

  @Test
  void adoptKeepsClockwiseOrderStopsAtTheOwnerAndTruncates() {
    SuccessorList l = new SuccessorList(ring, self, 3);
    assertTrue(l.adopt(p(5), List.of(p(9), p(200), p(250), p(3)), x -> true));
    assertEquals(List.of(p(5), p(9), p(200)), l.entries());
    SuccessorList shortRing = new SuccessorList(ring, self, 8);
    shortRing.adopt(p(5), List.of(p(9), p(250), p(5)), x -> true);
    assertEquals(List.of(p(5), p(9)), shortRing.entries(), "wraps no further than the owner");
  }

  @Test
  void adoptDropsOutOfOrderAndUnusableEntries() {
    SuccessorList l = new SuccessorList(ring, self, 4);
    l.adopt(p(5), List.of(p(3), p(9), p(9), p(20), p(30)), x -> x.id() != 20);
    assertEquals(List.of(p(5), p(9), p(30)), l.entries());
  }

  @Test
  void adoptTellsWhetherTheListChangedAtItsStartItsMiddleOrItsEnd() {
    SuccessorList l = new SuccessorList(ring, self, 4);
    assertTrue(l.adopt(p(5), List.of(p(9), p(20), p(30)), x -> true));
    List<PeerRef> held = l.entries();
    assertFalse(l.adopt(p(5), List.of(p(9), p(20), p(30), p(40)), x -> true), "r entries, the same ones");
    assertTrue(held == l.entries(), "an unchanged list keeps the copy it gave");
    assertTrue(l.adopt(p(5), List.of(p(9), p(20)), x -> true), "the successor names fewer");
    assertEquals(List.of(p(5), p(9), p(20)), l.entries());
    assertTrue(l.adopt(p(5), List.of(p(12), p(20), p(30)), x -> true), "one in the middle replaced");
    assertEquals(List.of(p(5), p(12), p(20), p(30)), l.entries());
    assertTrue(l.adopt(p(4), List.of(p(5), p(12), p(20)), x -> true), "a new first entry");
    assertEquals(List.of(p(4), p(5), p(12), p(20)), l.entries());
    assertTrue(l.adopt(p(4), List.of(p(5), p(12), p(20)), x -> x.id() != 4), "the first entry unusable");
    assertEquals(List.of(p(5), p(12), p(20)), l.entries());
  }

  @Test
  void offerFirstAcceptsOnlyACloserSuccessor() {
    SuccessorList l = new SuccessorList(ring, self, 2);
    l.adopt(p(10), List.of(p(20)), x -> true);
    assertFalse(l.offerFirst(p(15)));
    assertTrue(l.offerFirst(p(2)));
    assertEquals(List.of(p(2), p(10)), l.entries());
    assertEquals(p(2), l.first());
  }

  @Test
  void extendAddsThePushedPeersInTheirPlacesAndRemovesNone() {
    SuccessorList l = new SuccessorList(ring, self, 5);
    l.adopt(p(5), List.of(p(9), p(30), p(40)), x -> true);
    // the successor no longer names 9 and 40 (gone, or a rogue's omission) and names 20 and 35
    assertTrue(l.extend(p(5), List.of(p(20), p(30), p(35)), x -> true));
    assertEquals(List.of(p(5), p(9), p(20), p(30), p(35)), l.entries(),
        "9 kept; 40 pushed past r = 5 by the closer 20 and 35");
    assertFalse(l.extend(p(5), List.of(p(9), p(20)), x -> true), "nothing new");
  }

  @Test
  void extendTakesOnlyTheFirstEntrysPushAndOnlyUsablePeersAfterIt() {
    SuccessorList l = new SuccessorList(ring, self, 4);
    l.adopt(p(5), List.of(p(9)), x -> true);
    assertFalse(l.extend(p(9), List.of(p(20)), x -> true), "not our successor");
    // 3 lies before the successor 5 (clockwise from 250), 250 is the owner, 20 unusable
    assertTrue(l.extend(p(5), List.of(p(3), p(250), p(20), p(25), new PeerRef("other", 9)), x -> x.id() != 20));
    assertEquals(List.of(p(5), p(9), p(25)), l.entries(), "no second entry of id 9 either");
    assertFalse(new SuccessorList(ring, self, 2).extend(p(5), List.of(p(9)), x -> true), "empty list: no successor");
  }

  @Test
  void extendGivesTheNearestOfTheHeldAndPushedPeers() {
    java.util.Random random = new java.util.Random(7);
    for (int trial = 0; trial < 2000; trial++) {
      int r = 1 + random.nextInt(8);
      SuccessorList l = new SuccessorList(ring, self, r);
      List<PeerRef> held = randomPeers(random, 1 + random.nextInt(10));
      if (held.get(0).id() == self.id()) {
        continue; // adopt stops at the owner: no list to extend
      }
      l.adopt(held.get(0), held.subList(1, held.size()), x -> true);
      List<PeerRef> before = l.entries();
      List<PeerRef> pushed = randomPeers(random, random.nextInt(12));
      java.util.function.Predicate<PeerRef> usable = x -> x.id() % 7 != 3;
      l.extend(before.get(0), pushed, usable);
      // oracle: the held entries and the usable pushed peers after the successor, nearest first, r at most
      java.util.TreeMap<Long, PeerRef> byDistance = new java.util.TreeMap<>(Long::compareUnsigned);
      for (PeerRef h : before) {
        byDistance.put(ring.distance(self.id(), h.id()), h);
      }
      long first = ring.distance(self.id(), before.get(0).id());
      for (PeerRef q : pushed) {
        long d = ring.distance(self.id(), q.id());
        if (q.id() != self.id() && usable.test(q) && Long.compareUnsigned(d, first) > 0) {
          byDistance.putIfAbsent(d, q);
        }
      }
      List<PeerRef> expected = byDistance.values().stream().limit(r).toList();
      assertEquals(expected, l.entries(), () -> "held " + before + ", pushed " + pushed);
    }
  }

  private static List<PeerRef> randomPeers(java.util.Random random, int n) {
    List<PeerRef> out = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(p(random.nextInt(256)));
    }
    return out;
  }

  @Test
  void anEmptyListNamesTheOwner() {
    SuccessorList l = new SuccessorList(ring, self, 2);
    assertEquals(self, l.first());
  }
}
