package org.bloomchord.chord.finger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
}
