package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.bloomchord.routing.bloom.CountingBloomFilter.Removal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Counting filter: packed counters against an int[] oracle, removal, saturation, export. */
class CountingBloomFilterTest {

  @ParameterizedTest(name = "m={0}, k={1}")
  @CsvSource({"1000,5", "17,3", "64,4", "4099,7", "3,2"})
  void countersFollowAnUnpackedOracleThroughAddsAndRemoves(long m, int k) {
    Random rnd = new Random(m * 13 + k);
    BloomShape shape = new BloomShape(m, k);
    CountingBloomFilter f = new CountingBloomFilter(shape);
    int[] oracle = new int[(int) m];
    List<Long> held = new ArrayList<>();
    for (int step = 0; step < 3000; step++) {
      if (held.isEmpty() || rnd.nextInt(3) > 0) {
        long key = rnd.nextInt(500);
        f.add(key);
        held.add(key);
        Probes p = shape.probes(key);
        for (int i = 0; i < k; i++) {
          int pos = (int) p.position(i);
          oracle[pos] = Math.min(CountingBloomFilter.MAX_COUNT, oracle[pos] + 1);
        }
      } else {
        long key = held.remove(rnd.nextInt(held.size()));
        Removal r = f.remove(key);
        assertTrue(r != Removal.CERTAINLY_ABSENT, "a held key is never refused");
        Probes p = shape.probes(key);
        for (int i = 0; i < k; i++) {
          int pos = (int) p.position(i);
          if (oracle[pos] < CountingBloomFilter.MAX_COUNT) {
            oracle[pos]--;
          }
        }
      }
      for (long key : held) {
        if (step % 100 == 0) {
          assertTrue(f.mightContain(key));
        }
      }
    }
    for (int i = 0; i < m; i++) {
      assertEquals(oracle[i], f.counter(i), "counter " + i);
    }
  }

  @ParameterizedTest(name = "m={0}, k={1}")
  @CsvSource({"10000,7", "1001,4", "100,3"})
  void exportEqualsThePlainFilterOfTheKeysStillHeld(long m, int k) {
    Random rnd = new Random(m);
    BloomShape shape = new BloomShape(m, k);
    CountingBloomFilter f = new CountingBloomFilter(shape);
    Set<Long> keys = new HashSet<>();
    while (keys.size() < m / 20) {
      keys.add(rnd.nextLong());
    }
    keys.forEach(f::add);
    Set<Long> kept = new HashSet<>();
    for (long key : keys) {
      if (rnd.nextBoolean()) {
        kept.add(key);
      } else {
        assertEquals(Removal.REMOVED, f.remove(key));
      }
    }
    assertEquals(0, f.saturatedCounters(), "the load keeps counters below saturation");
    BloomFilter plain = new BloomFilter(shape);
    kept.forEach(plain::add);
    assertEquals(plain, f.toBloomFilter());
    kept.forEach(key -> assertTrue(f.mightContain(key)));
  }

  @Test
  void removingEverythingLeavesAnEmptyFilter() {
    CountingBloomFilter f = new CountingBloomFilter(2000, 5);
    for (long key = 0; key < 100; key++) {
      f.add(key);
      f.add(key);
    }
    for (long key = 0; key < 100; key++) {
      f.remove(key);
      f.remove(key);
    }
    assertTrue(f.isEmpty());
    assertTrue(f.toBloomFilter().isEmpty());
  }

  @Test
  void removingACertainlyAbsentKeyIsRefusedAndChangesNothing() {
    CountingBloomFilter f = new CountingBloomFilter(1000, 4);
    assertEquals(Removal.CERTAINLY_ABSENT, f.remove(42L));
    f.add(1L);
    BloomFilter before = f.toBloomFilter();
    long absent = 2;
    while (f.mightContain(absent)) {
      absent++;
    }
    assertEquals(Removal.CERTAINLY_ABSENT, f.remove(absent));
    assertEquals(before, f.toBloomFilter());
    assertEquals(1, f.count(1L));
  }

  @Test
  void aKeyProbingOnePositionTwiceNeedsTwoCountsThere() {
    // with m = 1 every probe hits counter 0: one add of a k = 3 key counts 3
    CountingBloomFilter f = new CountingBloomFilter(1, 3);
    f.add(7L);
    assertEquals(3, f.counter(0));
    assertEquals(Removal.REMOVED, f.remove(8L), "any key looks the same in one counter");
    assertEquals(0, f.counter(0));
    f.add(7L);
    f.add(7L); // 6
    f.remove(7L); // 3
    assertEquals(3, f.counter(0));
    CountingBloomFilter two = new CountingBloomFilter(1, 2);
    two.add(1L);
    two.remove(1L);
    assertEquals(0, two.counter(0));
  }

  @Test
  void saturatedCountersAreNeverDecrementedSoSharingKeysSurvive() {
    BloomShape shape = new BloomShape(64, 3);
    CountingBloomFilter f = new CountingBloomFilter(shape);
    long heavy = 1;
    for (int i = 0; i < 20; i++) {
      f.add(heavy);
    }
    assertEquals(CountingBloomFilter.MAX_COUNT, f.count(heavy), "the estimate is capped at 15");
    assertTrue(f.saturatedCounters() >= 1);
    // a light key that shares a counter with the heavy one
    Set<Long> heavyPositions = new HashSet<>();
    Probes hp = shape.probes(heavy);
    for (int i = 0; i < 3; i++) {
      heavyPositions.add(hp.position(i));
    }
    long light = 2;
    while (!sharesPosition(shape.probes(light), heavyPositions)) {
      light++;
    }
    f.add(light);
    // 20 removals of the heavy key: more than the counter can remember
    for (int i = 0; i < 20; i++) {
      assertEquals(Removal.REMOVED_EXCEPT_SATURATED, f.remove(heavy));
    }
    assertTrue(f.mightContain(light), "a decremented saturated counter would have lost this key");
    for (long pos : heavyPositions) {
      assertEquals(CountingBloomFilter.MAX_COUNT, f.counter(pos));
    }
  }

  @Test
  void countEstimateIsNeverBelowTheTrueCount() {
    Random rnd = new Random(77);
    CountingBloomFilter f = new CountingBloomFilter(5000, 5);
    Map<Long, Integer> truth = new HashMap<>();
    for (int i = 0; i < 2000; i++) {
      long key = (long) Math.floor(Math.pow(rnd.nextDouble(), 3) * 500);
      f.add(key);
      truth.merge(key, 1, Integer::sum);
    }
    int exact = 0;
    for (Map.Entry<Long, Integer> e : truth.entrySet()) {
      int estimate = f.count(e.getKey());
      assertTrue(estimate >= Math.min(e.getValue(), CountingBloomFilter.MAX_COUNT), e.toString());
      if (estimate == Math.min(e.getValue(), CountingBloomFilter.MAX_COUNT)) {
        exact++;
      }
    }
    assertTrue(exact > truth.size() * 0.9, "most estimates are exact at this load: " + exact);
  }

  @Test
  void shapesMustMatch() {
    CountingBloomFilter f = new CountingBloomFilter(100, 3);
    assertThrows(IllegalArgumentException.class, () -> f.add(new BloomShape(100, 4).probes(1L)));
    assertThrows(IndexOutOfBoundsException.class, () -> f.counter(100));
    assertFalse(f.mightContain(1L));
  }

  private static boolean sharesPosition(Probes p, Set<Long> positions) {
    for (int i = 0; i < p.count(); i++) {
      if (positions.contains(p.position(i))) {
        return true;
      }
    }
    return false;
  }
}
