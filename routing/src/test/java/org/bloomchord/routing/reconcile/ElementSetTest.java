package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;

class ElementSetTest {

  @Test
  void addRemoveAndContainsAgreeWithAHashSetOracle() {
    SplittableRandom r = new SplittableRandom(3);
    ElementSet s = new ElementSet(ElementShape.KEY64);
    Set<Long> oracle = new HashSet<>();
    for (int step = 0; step < 200_000; step++) {
      long key = r.nextLong(5_000);
      if (r.nextBoolean()) {
        assertEquals(oracle.add(key), s.add(key));
      } else {
        assertEquals(oracle.remove(key), s.remove(key));
      }
    }
    assertEquals(oracle.size(), s.size());
    for (long k = 0; k < 5_000; k++) {
      assertEquals(oracle.contains(k), s.contains(k), "key " + k);
    }
    Set<Long> stored = new HashSet<>();
    for (int i = 0; i < s.size(); i++) {
      stored.add(s.key(i));
    }
    assertEquals(oracle, stored);
  }

  @Test
  void wideElementsRoundTripThroughTheirWireFormOfExactlyEBytes() {
    ElementShape shape = new ElementShape(13);
    ElementSet s = ElementSet.random(shape, 100, new SplittableRandom(5));
    WireWriter w = new WireWriter();
    for (int i = 0; i < s.size(); i++) {
      shape.write(s.element(i), 0, w);
    }
    assertEquals(100 * 13, w.size());
    WireReader in = new WireReader(w.toByteArray());
    ElementSet back = new ElementSet(shape);
    long[] e = new long[shape.words()];
    for (int i = 0; i < 100; i++) {
      shape.read(in, e, 0);
      assertTrue(back.add(e, 0));
    }
    assertEquals(s, back);
  }

  @Test
  void paddingBeyondTheElementSizeIsRefused() {
    ElementSet s = new ElementSet(new ElementShape(12));
    assertThrows(IllegalArgumentException.class, () -> s.add(new long[] {1, 1L << 40}, 0));
    assertTrue(s.add(new long[] {1, 0xFFFF_FFFFL}, 0));
  }

  @Test
  void minusAndEqualityFollowSetSemantics() {
    ElementSet a = ElementSet.ofKeys(1, 2, 3, 4);
    ElementSet b = ElementSet.ofKeys(3, 4, 5);
    assertEquals(ElementSet.ofKeys(1, 2), a.minus(b));
    assertEquals(ElementSet.ofKeys(5), b.minus(a));
    assertEquals(ElementSet.ofKeys(4, 3, 2, 1), a);
    assertFalse(a.equals(b));
  }
}
