package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.routing.bloom.TwoFilterSet.Addition;
import org.bloomchord.routing.bloom.TwoFilterSet.Removal;
import org.junit.jupiter.api.Test;

/** The two-filter deletion scheme, including the two flaws the notes warn about. */
class TwoFilterSetTest {

  @Test
  void removedKeysAreAbsentAndOthersStayPresentWhenRIsLarge() {
    TwoFilterSet set = new TwoFilterSet(new BloomShape(1 << 16, 7), new BloomShape(1 << 16, 7));
    for (long key = 0; key < 2000; key++) {
      assertEquals(Addition.ADDED, set.add(key));
    }
    for (long key = 0; key < 2000; key += 2) {
      assertEquals(Removal.REMOVED, set.remove(key));
    }
    for (long key = 0; key < 2000; key++) {
      assertEquals(key % 2 == 1, set.mightContain(key), "key " + key);
    }
  }

  @Test
  void aRemovedKeyCannotBeAddedAgain() {
    TwoFilterSet set = new TwoFilterSet(new BloomShape(4096, 5), new BloomShape(4096, 5));
    set.add(7L);
    assertEquals(Removal.REMOVED, set.remove(7L));
    assertEquals(Addition.MASKED_BY_REMOVED, set.add(7L));
    assertFalse(set.mightContain(7L));
  }

  @Test
  void removingAnAbsentKeyLeavesRUntouched() {
    TwoFilterSet set = new TwoFilterSet(new BloomShape(4096, 5), new BloomShape(4096, 5));
    assertEquals(Removal.NOT_PRESENT, set.remove(99L));
    assertTrue(set.removedFilter().isEmpty());
  }

  @Test
  void aFalsePositiveInRIsAFalseNegativeForAKeyNeverRemoved() {
    // R of 16 bits, k = 1: after 8 removals about 40% of R is set, so a kept key is lost with
    // that probability; among 200 kept keys some certainly are (the fixed keys make it exact)
    TwoFilterSet set = new TwoFilterSet(new BloomShape(1 << 16, 7), new BloomShape(16, 1));
    for (long key = 0; key < 208; key++) {
      set.add(key);
    }
    for (long key = 200; key < 208; key++) {
      set.remove(key);
    }
    List<Long> lost = new ArrayList<>();
    for (long key = 0; key < 200; key++) {
      assertTrue(set.addedFilter().mightContain(key), "A still holds every key");
      if (!set.mightContain(key)) {
        lost.add(key);
      }
    }
    assertFalse(lost.isEmpty(), "some never-removed keys are reported absent");
    double rFill = set.removedFilter().fillRatio();
    // the loss rate is R's false-positive rate (fill^k with k = 1); 200 keys, tolerance 4 sigma
    double sigma = Math.sqrt(rFill * (1 - rFill) / 200);
    assertEquals(rFill, lost.size() / 200.0, 4 * sigma);
  }
}
