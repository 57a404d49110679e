package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IbltTest {

  private static Difference reconcile(SetPair p, int cells) {
    IbltShape shape = IbltShape.atLeast(cells, 3, p.a().shape());
    return Iblt.difference(Iblt.of(shape, p.b()), Iblt.of(shape, p.a()));
  }

  @ParameterizedTest(name = "common {0}, only a {1}, only b {2}, E {3}")
  @CsvSource({
      "0, 0, 0, 8", // both empty
      "1000, 0, 0, 8", // identical
      "0, 500, 0, 8", // b empty
      "0, 0, 500, 8", // a empty
      "0, 250, 250, 8", // disjoint: D = N
      "5000, 1, 0, 8",
      "5000, 37, 63, 8",
      "5000, 500, 500, 8",
      "2000, 100, 100, 20",
      "2000, 3, 200, 64"})
  void decodesTheExactDifferenceWithTwiceAsManyCellsAsDifferences(int common, int onlyA, int onlyB, int bytes) {
    SetPair p = SetPair.of(new ElementShape(bytes), common, onlyA, onlyB, 11 + common + onlyA);
    Difference d = reconcile(p, Math.max(12, 2 * p.difference()));
    assertTrue(d.decoded());
    assertEquals(p.onlyB(), d.missingHere(), "remote-only elements");
    assertEquals(p.onlyA(), d.missingThere(), "local-only elements");
  }

  @Test
  void decodingAlmostAlwaysSucceedsAt1point5DifferencesPerCellForLargeD() {
    // k = 3 peels with high probability above about 1.23 d cells; 20 fixed seeds at 1.5 d all succeed
    for (int seed = 0; seed < 20; seed++) {
      SetPair p = SetPair.of(ElementShape.KEY64, 1000, 1000, 1000, seed);
      Difference d = reconcile(p, 3000);
      assertTrue(d.decoded(), "seed " + seed);
      assertEquals(p.onlyA(), d.missingThere());
    }
  }

  @Test
  void anUndersizedTableReportsIncompleteInsteadOfAWrongAnswer() {
    SetPair p = SetPair.of(ElementShape.KEY64, 100, 500, 500, 1);
    Difference d = reconcile(p, 300);
    assertFalse(d.decoded());
    // what was recovered is still correct
    assertEquals(0, d.missingHere().minus(p.onlyB()).size());
    assertEquals(0, d.missingThere().minus(p.onlyA()).size());
  }

  @Test
  void cellsRoundTripAndTruncatedCellsAreMalformed() {
    SetPair p = SetPair.of(new ElementShape(12), 50, 5, 5, 2);
    IbltShape shape = new IbltShape(30, 3, p.a().shape());
    Iblt t = Iblt.of(shape, p.a());
    WireWriter w = new WireWriter();
    t.writeCells(w);
    assertEquals(t.encodedCellBytes(), w.size());
    byte[] bytes = w.toByteArray();
    Iblt back = Iblt.readCells(shape, new WireReader(bytes));
    assertTrue(back.minus(t).isEmpty());
    assertThrows(MalformedMessageException.class,
        () -> Iblt.readCells(shape, new WireReader(bytes, 0, bytes.length - 20)));
  }

  @Test
  void shapesOutsideTheBoundsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new IbltShape(10, 3, ElementShape.KEY64));
    assertThrows(IllegalArgumentException.class, () -> new IbltShape(IbltShape.MAX_CELLS + 3, 3, ElementShape.KEY64));
    assertEquals(12, IbltShape.atLeast(10, 3, ElementShape.KEY64).cells());
  }
}
