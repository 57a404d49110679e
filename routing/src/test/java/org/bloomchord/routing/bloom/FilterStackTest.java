package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FilterStackTest {

  @Test
  void packedLevelsAnswerExactlyAsTheSeparateFilters() {
    // shapes with and without a partial last word, so level boundaries fall mid-array
    for (BloomShape shape : new BloomShape[] {new BloomShape(4096, 3), new BloomShape(1000, 5), new BloomShape(7, 2)}) {
      SplittableRandom rnd = new SplittableRandom(5);
      BloomFilter[] levels = new BloomFilter[4];
      for (int i = 0; i < levels.length; i++) {
        levels[i] = new BloomFilter(shape);
        for (int j = 0; j < 30; j++) {
          levels[i].add(rnd.nextLong());
        }
      }
      FilterStack stack = FilterStack.of(levels);
      for (int q = 0; q < 5000; q++) {
        long key = rnd.nextLong();
        Probes p = shape.probes(key);
        int expected = 0;
        for (int i = 0; i < levels.length; i++) {
          assertEquals(levels[i].mightContain(key), stack.matchesAt(i + 1, p));
          if (expected == 0 && levels[i].mightContain(key)) {
            expected = i + 1;
          }
        }
        assertEquals(expected, stack.lowestMatch(p), "lowest level for " + shape);
      }
      for (int i = 0; i < levels.length; i++) {
        assertEquals(levels[i], stack.level(i + 1));
        BloomFilter target = new BloomFilter(shape);
        stack.unionLevelInto(i + 1, target);
        assertEquals(levels[i], target);
      }
    }
  }

  @Test
  void mixedShapesAndForeignProbesAreRefused() {
    BloomShape a = new BloomShape(4096, 3);
    BloomShape b = new BloomShape(2048, 3);
    assertThrows(IllegalArgumentException.class, () -> FilterStack.of(new BloomFilter(a), new BloomFilter(b)));
    FilterStack stack = FilterStack.empty(2, a);
    assertThrows(IllegalArgumentException.class, () -> stack.lowestMatch(b.probes(1L)));
    assertThrows(IllegalArgumentException.class, () -> FilterStack.empty(0, a));
    assertEquals(0, stack.lowestMatch(a.probes(1L)));
  }
}
