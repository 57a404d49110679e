package org.bloomchord.routing.reconcile;

import java.util.SplittableRandom;

/**
 * Two sets with a known difference for tests: {@code common} shared elements, {@code onlyA} only in
 * a, {@code onlyB} only in b, all random and distinct, drawn from a fixed seed.
 */
record SetPair(ElementSet a, ElementSet b, ElementSet onlyA, ElementSet onlyB) {

  static SetPair of(ElementShape shape, int common, int onlyA, int onlyB, long seed) {
    ElementSet all = ElementSet.random(shape, common + onlyA + onlyB, new SplittableRandom(seed));
    ElementSet a = new ElementSet(shape);
    ElementSet b = new ElementSet(shape);
    ElementSet xa = new ElementSet(shape);
    ElementSet xb = new ElementSet(shape);
    long[] e = new long[shape.words()];
    for (int i = 0; i < all.size(); i++) {
      all.copyElement(i, e, 0);
      if (i < common) {
        a.add(e, 0);
        b.add(e, 0);
      } else if (i < common + onlyA) {
        a.add(e, 0);
        xa.add(e, 0);
      } else {
        b.add(e, 0);
        xb.add(e, 0);
      }
    }
    return new SetPair(a, b, xa, xb);
  }

  int difference() {
    return onlyA.size() + onlyB.size();
  }
}
