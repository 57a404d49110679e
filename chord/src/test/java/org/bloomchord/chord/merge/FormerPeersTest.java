package org.bloomchord.chord.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

class FormerPeersTest {

  private static PeerRef p(long id) {
    return new PeerRef("p" + id, id);
  }

  @Test
  void anEmptyListAnswersNothingAndTakesProbesOfPeersItNeverHeld() {
    FormerPeers former = new FormerPeers(2);
    former.failed(p(1));
    former.forget(p(1));
    assertNull(former.next());
    assertTrue(former.isEmpty());
  }

  @Test
  void probesGoRoundAndAFullListDropsThePeerThatFailedMostOldestFirst() {
    FormerPeers former = new FormerPeers(3);
    former.remember(p(1));
    former.remember(p(2));
    former.remember(p(3));
    former.remember(p(2));
    assertEquals(3, former.size(), "a peer already remembered keeps its place");
    assertEquals(p(1), former.next());
    assertEquals(p(2), former.next());
    former.failed(p(2));
    former.failed(p(2));
    former.failed(p(3));
    former.remember(p(4));
    assertEquals(3, former.size());
    assertEquals(p(3), former.next(), "2 failed most and gave way; 3 is next in the round");
    assertEquals(p(1), former.next());
    assertEquals(p(4), former.next());
    former.forget(p(1));
    former.remember(p(5));
    former.failed(p(5));
    former.remember(p(6));
    assertEquals(p(4), former.next(), "3 and 5 failed once each: 3, first in the round, gave way");
    assertEquals(p(5), former.next());
    assertEquals(p(6), former.next());
  }
}
