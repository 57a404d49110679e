package org.bloomchord.chord.finger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

class RoutingTableTest {

  private final IdRing ring = new IdRing(8);
  private final PeerRef self = new PeerRef("s", 250);

  private static PeerRef p(long id) {
    return new PeerRef("p" + id, id);
  }

  @Test
  void suspectingEveryLinkLeavesTheOwnerAloneButRemembersWhomToAskNearestFirst() {
    RoutingTable t = new RoutingTable(ring, self, 3, 5000);
    t.adoptSuccessors(p(5), List.of(p(9), p(30)), 0);
    t.setPredecessor(p(200));
    for (PeerRef q : List.of(p(30), p(200), p(5), p(9))) {
      t.suspect(q, 0);
    }
    assertEquals(self, t.successor());
    assertEquals(List.of(p(5), p(9), p(30), p(200)), t.recoveryCandidates());
    assertNull(t.probeCandidate(4999), "nobody is asked again while suspected");
    assertEquals(p(5), t.probeCandidate(5000), "the nearest once its suspicion expired");
    t.answered(p(5));
    assertEquals(List.of(p(9), p(30), p(200)), t.recoveryCandidates());
  }

  @Test
  void onlyPeersBeforeTheSuccessorAreProbedAndACrashedOneIsForgottenAfterRepeatedSuspicions() {
    RoutingTable t = new RoutingTable(ring, self, 3, 10);
    t.adoptSuccessors(p(5), List.of(p(9)), 0);
    t.suspect(p(5), 0);
    assertEquals(p(9), t.successor());
    assertEquals(p(5), t.probeCandidate(10));
    t.suspect(p(9), 0);
    t.offerSuccessor(p(40), 20);
    t.suspect(p(40), 20);
    t.offerSuccessor(p(20), 20);
    assertEquals(p(5), t.probeCandidate(40), "5 and 9 lie before the successor 20, 40 does not");
    for (int i = 1; i < Suspicion.MAX_CANDIDATE_FAILURES; i++) {
      t.suspect(p(5), 40);
    }
    assertTrue(t.recoveryCandidates().contains(p(5)));
    t.suspect(p(5), 40);
    assertEquals(List.of(p(9), p(40)), t.recoveryCandidates());
  }

  @Test
  void seededFingersAreTheNearestKnownPeerAtOrAfterEachStartAndKeepWhatIsKnown() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 50; trial++) {
      RoutingTable t = new RoutingTable(ring, self, 3, 5000);
      t.adoptSuccessors(p(3), List.of(p(17)), 0);
      PeerRef suspected = p(120);
      t.suspect(suspected, 0);
      t.fingers().set(8, p(122));
      List<PeerRef> hints = new ArrayList<>(List.of(suspected));
      for (int k = 0; k < 6; k++) {
        long id = random.nextInt(256);
        if (id != self.id()) {
          hints.add(p(id));
        }
      }
      t.seedFingers(hints, 1);
      List<PeerRef> known = new ArrayList<>(List.of(p(3), p(17)));
      hints.stream().filter(h -> !h.equals(suspected)).forEach(known::add);
      for (int i = 2; i <= 7; i++) {
        long start = ring.fingerStart(self.id(), i);
        long best = Long.MAX_VALUE;
        for (PeerRef k : known) {
          best = Math.min(best, ring.distance(start, k.id()));
        }
        assertEquals(best, ring.distance(start, t.fingers().get(i).id()), "finger " + i);
      }
      assertEquals(p(122), t.fingers().get(8), "a known finger is kept");
      assertEquals(p(3), t.fingers().get(1), "finger 1 stays the successor");
    }
  }

  @Test
  void withSuccessorsTheNextHopIsTheUsablePeerClosestToTheKeyAmongFingersAndSuccessors() {
    SplittableRandom random = new SplittableRandom(11);
    for (int trial = 0; trial < 200; trial++) {
      RoutingTable t = new RoutingTable(ring, self, 4, 5000);
      List<PeerRef> succ = new ArrayList<>();
      long id = self.id();
      for (int k = 0; k < 4; k++) {
        id = (id + 1 + random.nextInt(12)) % 256;
        succ.add(p(id));
      }
      t.adoptSuccessors(succ.get(0), succ.subList(1, 4), 0);
      List<PeerRef> hints = new ArrayList<>();
      for (int k = 0; k < 8; k++) {
        long h = random.nextInt(256);
        if (h != self.id()) {
          hints.add(p(h));
        }
      }
      t.seedFingers(hints, 0);
      PeerRef silent = hints.isEmpty() ? succ.get(1) : hints.get(0);
      t.suspect(silent, 0);
      t.suspect(silent, 0);
      long key = random.nextInt(256);
      List<PeerRef> known = new ArrayList<>(t.successors());
      for (int i = 1; i <= ring.bits(); i++) {
        known.add(t.fingers().get(i));
      }
      PeerRef best = null;
      for (PeerRef k : known) {
        if (k != null && t.usable(k, 0) && ring.inOpen(k.id(), self.id(), key)
            && (best == null || ring.compareFrom(self.id(), k.id(), best.id()) > 0)) {
          best = k;
        }
      }
      PeerRef got = t.closestPrecedingWithSuccessors(key, 0, java.util.Set.of());
      assertEquals(best, got, "key " + key);
      PeerRef fingersFirst = t.closestPreceding(key, 0);
      assertTrue(got == null || fingersFirst == null
          || ring.compareFrom(self.id(), got.id(), fingersFirst.id()) >= 0, "never farther from the key than fingers first");
    }
  }

  @Test
  void isPredecessorAnswersAsEqualityWithThePredecessorWhateverItBecomes() {
    RoutingTable t = new RoutingTable(ring, self, 3, 5000);
    List<PeerRef> asked = List.of(p(200), new PeerRef("p200", 200), new PeerRef("other", 200), p(201), self);
    List<PeerRef> predecessors = new ArrayList<>(List.of(p(200), p(120)));
    predecessors.add(null);
    predecessors.add(p(200));
    for (PeerRef pred : predecessors) {
      t.setPredecessor(pred);
      for (PeerRef q : asked) {
        assertEquals(q.equals(t.predecessor()), t.isPredecessor(q), q + " against " + pred);
      }
    }
    t.forget(p(200), 0);
    assertNull(t.predecessor());
    asked.forEach(q -> assertEquals(false, t.isPredecessor(q), q + " once the predecessor is forgotten"));
  }
}
