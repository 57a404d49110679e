package org.bloomchord.chord.finger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Set;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/** The Chord paper's example ring: m = 3, peers 0, 1, 3. */
class FingerTableTest {

  private final IdRing ring = new IdRing(3);
  private final PeerRef p0 = new PeerRef("p0", 0);
  private final PeerRef p1 = new PeerRef("p1", 1);
  private final PeerRef p3 = new PeerRef("p3", 3);

  @Test
  void fingerStartsAreNPlusPowersOfTwo() {
    FingerTable t = new FingerTable(ring, 1);
    assertEquals(List.of(2L, 3L, 5L), List.of(t.start(1), t.start(2), t.start(3)));
  }

  @Test
  void fillSetsEveryLaterFingerTheAnswerCovers() {
    FingerTable t = new FingerTable(ring, 0);
    // successor(1) = 1 covers only start 1; successor(2) = 3 covers starts 2 (and not 4)
    assertEquals(2, t.fill(1, p1));
    assertEquals(3, t.fill(2, p3));
    assertEquals(1, t.fill(3, p0));
    assertEquals(p1, t.get(1));
    assertEquals(p3, t.get(2));
    assertEquals(p0, t.get(3));
    FingerTable u = new FingerTable(ring, 3);
    // successor(4) = 0 covers starts 4, 5 and 7 (all in (3, 0])
    assertEquals(1, u.fill(1, p0));
    assertEquals(List.of(p0), u.distinct());
  }

  @Test
  void closestPrecedingFingerIsTheFarthestFingerBeforeTheKey() {
    FingerTable t = new FingerTable(ring, 3);
    t.set(1, p0);
    t.set(2, p0);
    t.set(3, p0);
    assertEquals(p0, t.closestPreceding(1, p -> true));
    assertNull(t.closestPreceding(0, p -> true), "a finger equal to the key does not precede it");
    FingerTable u = new FingerTable(ring, 0);
    u.set(1, p1);
    u.set(2, p3);
    u.set(3, null);
    assertEquals(p3, u.closestPreceding(6, p -> true));
    assertEquals(p1, u.closestPreceding(3, p -> true));
    assertEquals(p1, u.closestPreceding(6, p -> !p.equals(p3)), "skips unusable fingers");
  }

  @Test
  void removeClearsEveryEntryOfThePeer() {
    FingerTable t = new FingerTable(ring, 3);
    t.fill(1, p0);
    assertEquals(List.of(1, 2, 3), t.remove(p0));
    assertNull(t.get(2));
  }

  @Test
  void routingTablePrefersFingersAndFallsBackToSuccessors() {
    IdRing r8 = new IdRing(8);
    PeerRef self = new PeerRef("s", 10);
    RoutingTable table = new RoutingTable(r8, self, 3, 1000);
    PeerRef a = new PeerRef("a", 20);
    PeerRef b = new PeerRef("b", 30);
    PeerRef far = new PeerRef("f", 100);
    table.adoptSuccessors(a, List.of(b), 0);
    table.fillFinger(7, far, 0);
    assertEquals(far, table.closestPreceding(200, 0));
    assertEquals(a, table.closestPreceding(25, 0), "finger 1 is the successor");
    table.suspect(far, 0);
    assertEquals(a, table.closestPreceding(200, 0), "the next closest preceding finger");
    assertEquals(b, table.closestPreceding(200, 0, Set.of(20L)), "the successor list when no finger is usable");
    assertEquals(a, table.closestPreceding(200, 2000), "suspicion expires, but the finger stays cleared");
    table.suspect(a, 0);
    assertEquals(b, table.successor(), "the next successor takes over");
  }
}
