package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import org.bloomchord.routing.bloom.BloomierFilter.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Bloomier filter: exact values for every key of the map, and what absent keys get. */
class BloomierFilterTest {

  private static Map<Long, Integer> randomMap(Random rnd, int n, int q) {
    Map<Long, Integer> map = new HashMap<>();
    while (map.size() < n) {
      map.put(rnd.nextLong(), rnd.nextInt(1 << q));
    }
    return map;
  }

  @ParameterizedTest(name = "q={0}")
  @ValueSource(ints = {1, 4, 8})
  void everyKeyOfTheMapGetsItsValue(int q) {
    Random rnd = new Random(q);
    Map<Long, Integer> map = randomMap(rnd, 5000, q);
    BloomierFilter f = BloomierFilter.build(map, Config.of(q));
    map.forEach((key, value) -> assertEquals(OptionalInt.of(value), f.get(key), "key " + key));
    assertEquals(5000, f.size());
  }

  @ParameterizedTest(name = "q={0}")
  @ValueSource(ints = {1, 4, 8})
  void crampedFiltersPushKeysDownAndIntoTheExactMapYetStayExact(int q) {
    Random rnd = new Random(100 + q);
    Map<Long, Integer> map = randomMap(rnd, 3000, q);
    // 2 bits per key: about 40% false positives, so many keys are ambiguous at every level
    BloomierFilter f = BloomierFilter.build(map, new Config(q, 2, 2));
    int exact = 0;
    for (int bit = 0; bit < q; bit++) {
      assertEquals(2, f.levels(bit));
      exact += f.exactEntries(bit);
    }
    assertTrue(exact > 0, "some keys reach the exact map");
    map.forEach((key, value) -> assertEquals(OptionalInt.of(value), f.get(key)));
  }

  /**
   * An absent key survives a level only if A or B reports it, about 2 x 0.8% at 10 bits per key,
   * so with q = 1 about 98% of absent keys are reported absent; tolerance: at least 96%. The rest
   * get an arbitrary value. With q = 8 a key must survive all eight cascades, so all 20,000 absent
   * keys are reported absent.
   */
  @Test
  void absentKeysAreUsuallyReportedAbsentAndOtherwiseGetSomeValue() {
    Random rnd = new Random(7);
    Map<Long, Integer> one = randomMap(rnd, 5000, 1);
    Map<Long, Integer> eight = randomMap(rnd, 5000, 8);
    BloomierFilter f1 = BloomierFilter.build(one, Config.of(1));
    BloomierFilter f8 = BloomierFilter.build(eight, Config.of(8));
    int absent1 = 0;
    int valued1 = 0;
    int absent8 = 0;
    for (int i = 0; i < 20_000; i++) {
      long key = rnd.nextLong();
      OptionalInt v1 = f1.get(key);
      if (v1.isEmpty()) {
        absent1++;
      } else {
        valued1++;
        assertTrue(v1.getAsInt() == 0 || v1.getAsInt() == 1);
      }
      if (f8.get(key).isEmpty()) {
        absent8++;
      }
    }
    assertTrue(absent1 >= 0.96 * 20_000, "absent with q = 1: " + absent1);
    assertTrue(valued1 > 0, "some absent keys get a value: the structure has false positives");
    assertEquals(20_000, absent8);
  }

  @Test
  void anEmptyMapReportsEverythingAbsent() {
    BloomierFilter f = BloomierFilter.build(Map.of(), Config.of(4));
    assertTrue(f.get(1L).isEmpty());
    assertEquals(0, f.levels(0));
  }

  @Test
  void valuesAndParametersAreValidated() {
    IllegalArgumentException v = assertThrows(IllegalArgumentException.class,
        () -> BloomierFilter.build(Map.of(1L, 16), Config.of(4)));
    assertTrue(v.getMessage().contains("outside [0, 2^4)"), v.getMessage());
    assertThrows(IllegalArgumentException.class, () -> BloomierFilter.build(Map.of(1L, -1), Config.of(4)));
    assertThrows(IllegalArgumentException.class, () -> new Config(0, 10, 4));
    assertThrows(IllegalArgumentException.class, () -> new Config(32, 10, 4));
    assertThrows(IllegalArgumentException.class, () -> new Config(4, 0, 4));
    IllegalArgumentException levels = assertThrows(IllegalArgumentException.class, () -> new Config(4, 10, 0));
    assertTrue(levels.getMessage().contains("maxLevels"), levels.getMessage());
  }
}
