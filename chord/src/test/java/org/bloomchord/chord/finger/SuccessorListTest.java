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
  void offerFirstAcceptsOnlyACloserSuccessor() {
    SuccessorList l = new SuccessorList(ring, self, 2);
    l.adopt(p(10), List.of(p(20)), x -> true);
    assertFalse(l.offerFirst(p(15)));
    assertTrue(l.offerFirst(p(2)));
    assertEquals(List.of(p(2), p(10)), l.entries());
    assertEquals(p(2), l.first());
  }

  @Test
  void anEmptyListNamesTheOwner() {
    SuccessorList l = new SuccessorList(ring, self, 2);
    assertEquals(self, l.first());
  }
}
