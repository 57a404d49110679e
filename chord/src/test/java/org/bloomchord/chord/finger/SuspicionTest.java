package org.bloomchord.chord.finger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

class SuspicionTest {

  private final IdRing ring = new IdRing(8);
  private final PeerRef self = new PeerRef("s", 250);

  private static PeerRef p(long id) {
    return new PeerRef("p" + id, id);
  }

  @Test
  void onlyTheSecondFailureInARowSuspectsAndHearingFromThePeerStartsTheCountAgain() {
    Suspicion s = new Suspicion(ring, self, 6, 1000);
    assertEquals(Strike.COUNTED, s.strike(p(5)));
    s.heard(p(5));
    assertEquals(Strike.COUNTED, s.strike(p(5)), "a reply in between clears the strike");
    assertEquals(Strike.SUSPECT, s.strike(p(5)));
    assertEquals(Strike.COUNTED, s.strike(p(5)), "the count starts again after a suspicion");
  }

  @Test
  void aSuspicionLastsItsTimeUnlessThePeerIsHeardFromAndTheOwnerIsNeverUsable() {
    Suspicion s = new Suspicion(ring, self, 6, 1000);
    s.suspect(p(5), 0);
    assertFalse(s.usable(p(5), 999));
    assertEquals(1, s.count(999));
    assertTrue(s.usable(p(5), 1000));
    assertEquals(0, s.count(1000));
    s.suspect(p(9), 0);
    assertTrue(s.clear(p(9)));
    assertTrue(s.usable(p(9), 1));
    assertFalse(s.usable(self, 0));
    assertFalse(s.usable(null, 0));
  }

  @Test
  void recoveryCandidatesAreTheNearestClockwiseUpToTheLimit() {
    Suspicion s = new Suspicion(ring, self, 3, 1000);
    for (long id : List.of(200L, 30L, 5L, 100L)) {
      s.suspect(p(id), 0);
    }
    assertEquals(List.of(p(5), p(30), p(100)), s.candidates(), "the farthest (200) is dropped");
    s.answered(p(30));
    assertEquals(List.of(p(5), p(100)), s.candidates());
  }

  @Test
  void aCloserSuccessorIsTakenOthersAreRefusedWithTheReason() {
    RoutingTable t = new RoutingTable(ring, self, 3, 1000);
    assertEquals(SuccessorOffer.TAKEN, t.offerSuccessor(p(20), 0));
    assertEquals(SuccessorOffer.NOT_CLOSER, t.offerSuccessor(p(40), 0));
    assertEquals(SuccessorOffer.TAKEN, t.offerSuccessor(p(10), 0));
    t.suspect(p(5), 0);
    assertEquals(SuccessorOffer.UNUSABLE, t.offerSuccessor(p(5), 0));
    assertEquals(SuccessorOffer.UNUSABLE, t.offerSuccessor(self, 0));
    assertEquals(p(10), t.successor());
  }

  @Test
  void aFloodOfDistinctPeersLeavesEachMapAtItsCapEvictingTheOldestAndPurgeDropsWhatExpired() {
    IdRing wide = new IdRing(32);
    List<ChordCounter> evicted = new java.util.ArrayList<>();
    Suspicion s = new Suspicion(wide, new PeerRef("s", 0), 6, 1000, 50, 40, 5000, evicted::add);
    for (int i = 1; i <= 10_000; i++) {
      s.suspect(new PeerRef("fake" + i, i), i);
      s.strike(new PeerRef("fake" + i, i), i);
    }
    assertEquals(50, s.suspectEntries(), "suspicions at their configured cap");
    assertEquals(40, s.strikeEntries(), "strikes at their configured cap");
    assertEquals(10_000 - 50, evicted.stream().filter(ChordCounter.EVICTED_SUSPECTS::equals).count());
    assertEquals(10_000 - 40, evicted.stream().filter(ChordCounter.EVICTED_STRIKES::equals).count());
    // the oldest gave way: the newest are still there
    assertFalse(s.usable(new PeerRef("fake10000", 10_000), 10_000));
    assertTrue(s.usable(new PeerRef("fake1", 1), 10_000), "the first suspicion was evicted");
    // suspicions set at time i end at i + 1000; strikes set at i expire at i + 5000
    s.purge(10_000 + 1000 - 25);
    assertEquals(25, s.suspectEntries(), "the 25 suspicions set after t = 9975 are left");
    s.purge(10_000 + 5000 - 10);
    assertEquals(0, s.suspectEntries());
    assertEquals(10, s.strikeEntries(), "strikes younger than the expiry are left");
    s.purge(20_000);
    assertEquals(0, s.strikeEntries());
  }
}
