package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.bloomchord.routing.hash.Murmur3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Membership, set algebra, folding and fill of the plain filter. */
class BloomFilterTest {

  private static Set<Long> randomKeys(Random rnd, int n) {
    Set<Long> keys = new HashSet<>();
    while (keys.size() < n) {
      keys.add(rnd.nextLong());
    }
    return keys;
  }

  private static BloomFilter filterOf(BloomShape shape, Set<Long> keys) {
    BloomFilter f = new BloomFilter(shape);
    keys.forEach(f::add);
    return f;
  }

  @ParameterizedTest(name = "m={0}, k={1}, n={2}")
  @CsvSource({"1,1,5", "2,3,5", "3,2,10", "7,5,20", "63,4,30", "64,3,30", "65,7,40", "1000,6,100",
      "12345,9,2000", "65536,7,8000", "100,64,50"})
  void everyAddedKeyIsReportedPresentWhicheverEntryPointIsUsed(long m, int k, int n) {
    Random rnd = new Random(m * 31 + k);
    BloomShape shape = new BloomShape(m, k);
    for (int round = 0; round < 5; round++) {
      Set<Long> keys = randomKeys(rnd, n);
      BloomFilter byKey = new BloomFilter(shape);
      BloomFilter byProbes = new BloomFilter(shape);
      BloomFilter byBytes = new BloomFilter(shape);
      for (long key : keys) {
        byKey.add(key);
        byProbes.add(shape.probes(key));
        byBytes.add(java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(key).array());
      }
      assertEquals(byKey, byProbes, "probes and direct hashing set the same bits");
      assertEquals(byKey, byBytes, "a long key and its little-endian bytes set the same bits");
      for (long key : keys) {
        assertTrue(byKey.mightContain(key));
        assertTrue(byKey.mightContain(shape.probes(key)));
        assertTrue(byKey.mightContain(Murmur3.hash128(key)));
      }
      long[] words = byKey.toLongArray();
      assertEquals(0, words[words.length - 1] & ~BloomFilter.lastWordMask(m), "no bit beyond m");
    }
  }

  @Test
  void probePositionsLieInRangeAndMatchTheSetBits() {
    Random rnd = new Random(5);
    BloomShape shape = new BloomShape(1001, 11);
    for (int i = 0; i < 1000; i++) {
      long key = rnd.nextLong();
      Probes p = shape.probes(key);
      assertEquals(11, p.count());
      BloomFilter f = new BloomFilter(shape);
      f.add(key);
      for (int j = 0; j < p.count(); j++) {
        assertTrue(p.position(j) >= 0 && p.position(j) < 1001);
        assertTrue(f.get(p.position(j)));
      }
    }
  }

  /**
   * 20 filters of n = 1000 keys in m = 8000 bits, k = 6, each queried with 20,000 absent keys.
   * The per-filter rate varies with the filter's fill as well as by sampling, so the tolerance is
   * 4 standard errors of the mean of the 20 per-filter rates (sample standard deviation / sqrt 20).
   * A second check per filter: its rate is within 4 binomial standard errors (plus 10% for
   * repeated probe positions) of (X/m)^k, the rate its actual fill X implies.
   */
  @Test
  void measuredFalsePositiveRateMatchesTheExactFormula() {
    Random rnd = new Random(2024);
    BloomShape shape = new BloomShape(8000, 6);
    int n = 1000;
    int filters = 20;
    int queries = 20_000;
    double[] rates = new double[filters];
    for (int t = 0; t < filters; t++) {
      Set<Long> keys = randomKeys(rnd, n);
      BloomFilter f = filterOf(shape, keys);
      int hits = 0;
      int asked = 0;
      while (asked < queries) {
        long q = rnd.nextLong();
        if (keys.contains(q)) {
          continue;
        }
        asked++;
        if (f.mightContain(q)) {
          hits++;
        }
      }
      rates[t] = (double) hits / queries;
      double implied = f.currentFalsePositiveRate();
      double binomialSe = Math.sqrt(implied * (1 - implied) / queries);
      assertEquals(implied, rates[t], 4 * binomialSe + 0.1 * implied, "filter " + t);
    }
    double mean = java.util.Arrays.stream(rates).average().orElseThrow();
    double var = java.util.Arrays.stream(rates).map(r -> (r - mean) * (r - mean)).sum() / (filters - 1);
    double se = Math.sqrt(var / filters);
    double exact = BloomMath.falsePositiveExact(8000, 6, n);
    assertEquals(0.0216, exact, 0.0005);
    assertEquals(exact, mean, 4 * se, "mean rate " + mean + " vs exact " + exact + " (se " + se + ")");
  }

  /**
   * Fill and size estimate for n = 10,000 keys in m = 80,000 bits, k = 6. The number of set bits
   * has standard deviation below sqrt(m q (1 - q)) ≈ 141 bits (q the expected fill), i.e. 0.18% of
   * m; the size estimate's relative standard deviation is about 0.5%. Tolerances: 4 sigma.
   */
  @Test
  void fillRatioAndSizeEstimateFollowTheFormulas() {
    Random rnd = new Random(99);
    long m = 80_000;
    int k = 6;
    int n = 10_000;
    BloomFilter f = filterOf(new BloomShape(m, k), randomKeys(rnd, n));
    double expectedFill = 1 - BloomMath.zeroBitProbability(m, k, n);
    double fillSigma = Math.sqrt(expectedFill * (1 - expectedFill) / m);
    assertEquals(expectedFill, f.fillRatio(), 4 * fillSigma);
    assertEquals(n, f.estimatedElements(), 0.02 * n);
    assertEquals((double) f.cardinality() / m, f.fillRatio(), 1e-12);
  }

  @Test
  void emptyAndFullFiltersHaveTheExtremeEstimates() {
    BloomFilter f = new BloomFilter(100, 3);
    assertTrue(f.isEmpty());
    assertEquals(0.0, f.estimatedElements());
    assertEquals(0.0, f.currentFalsePositiveRate());
    for (long i = 0; i < 100; i++) {
      f.set(i);
    }
    assertFalse(f.isEmpty());
    assertEquals(100, f.cardinality());
    assertEquals(Double.POSITIVE_INFINITY, f.estimatedElements());
    f.clear();
    assertTrue(f.isEmpty());
  }

  @ParameterizedTest(name = "m={0}, k={1}")
  @CsvSource({"8192,7", "1000,4", "130,3", "2,2", "64,5", "65538,6"})
  void unionIsTheFilterOfTheUnionOfTheSets(long m, int k) {
    Random rnd = new Random(m);
    BloomShape shape = new BloomShape(m, k);
    Set<Long> a = randomKeys(rnd, 200);
    Set<Long> b = randomKeys(rnd, 300);
    Set<Long> both = new HashSet<>(a);
    both.addAll(b);
    BloomFilter fa = filterOf(shape, a);
    BloomFilter fb = filterOf(shape, b);
    assertEquals(filterOf(shape, both), fa.union(fb));
    assertEquals(filterOf(shape, a), fa, "union leaves its operands alone");
    assertEquals(filterOf(shape, both), fa.copy().unionInPlace(fb));
  }

  @ParameterizedTest(name = "m={0}, k={1}")
  @CsvSource({"8192,7", "1000,4", "130,3"})
  void intersectionHoldsTheCommonKeysAndIsASupersetOfTheirFilter(long m, int k) {
    Random rnd = new Random(m + 1);
    BloomShape shape = new BloomShape(m, k);
    Set<Long> common = randomKeys(rnd, 50);
    Set<Long> a = new HashSet<>(common);
    a.addAll(randomKeys(rnd, 150));
    Set<Long> b = new HashSet<>(common);
    b.addAll(randomKeys(rnd, 150));
    BloomFilter inter = filterOf(shape, a).intersection(filterOf(shape, b));
    common.forEach(key -> assertTrue(inter.mightContain(key)));
    long[] direct = filterOf(shape, common).toLongArray();
    long[] anded = inter.toLongArray();
    for (int i = 0; i < direct.length; i++) {
      assertEquals(direct[i], direct[i] & anded[i], "direct filter's bits are a subset");
    }
    long[] wa = filterOf(shape, a).toLongArray();
    long[] wb = filterOf(shape, b).toLongArray();
    for (int i = 0; i < wa.length; i++) {
      assertEquals(wa[i] & wb[i], anded[i]);
    }
  }

  @ParameterizedTest(name = "m={0}, k={1}")
  @CsvSource({"8192,7", "1000,4", "130,3", "2,2", "128,3", "100,5", "65538,6"})
  void foldEqualsTheFilterBuiltDirectlyInHalfTheBits(long m, int k) {
    Random rnd = new Random(m * 7);
    Set<Long> keys = randomKeys(rnd, 300);
    BloomFilter folded = filterOf(new BloomShape(m, k), keys).fold();
    assertEquals(new BloomShape(m / 2, k), folded.shape());
    assertEquals(filterOf(new BloomShape(m / 2, k), keys), folded);
  }

  @Test
  void repeatedFoldsStayExact() {
    Random rnd = new Random(8);
    Set<Long> keys = randomKeys(rnd, 500);
    BloomFilter f = filterOf(new BloomShape(4000 * 8, 5), keys);
    for (long m = 2000 * 8; m >= 500; m /= 2) {
      f = f.fold();
      assertEquals(filterOf(new BloomShape(m, 5), keys), f, "m=" + m);
    }
  }

  @Test
  void foldOfAnOddWidthIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BloomFilter(101, 3).fold());
    assertTrue(e.getMessage().contains("m must be even"), e.getMessage());
  }

  @Test
  void filtersOfDifferentShapesDoNotCombine() {
    BloomFilter a = new BloomFilter(1000, 4);
    BloomFilter b = new BloomFilter(1000, 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.union(b));
    assertTrue(e.getMessage().contains("shape mismatch"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> a.intersection(b));
    assertThrows(IllegalArgumentException.class, () -> a.add(b.shape().probes(1L)));
    assertThrows(IllegalArgumentException.class, () -> a.mightContain(new BloomShape(1001, 4).probes(1L)));
  }

  @Test
  void ofCopiesValidBitsAndRejectsBadOnes() {
    BloomShape shape = new BloomShape(100, 3);
    long[] bits = {0x5L, 0x1L};
    BloomFilter f = BloomFilter.of(shape, bits);
    bits[0] = 0;
    assertTrue(f.get(0) && f.get(2) && f.get(64) && !f.get(1));
    IllegalArgumentException len = assertThrows(IllegalArgumentException.class, () -> BloomFilter.of(shape, new long[3]));
    assertTrue(len.getMessage().contains("expected 2 words"), len.getMessage());
    IllegalArgumentException beyond = assertThrows(IllegalArgumentException.class,
        () -> BloomFilter.of(shape, new long[] {0, 1L << 40}));
    assertTrue(beyond.getMessage().contains("beyond m"), beyond.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> f.get(100));
    assertThrows(IndexOutOfBoundsException.class, () -> f.set(-1));
  }

  @Test
  void equalityFollowsShapeAndBits() {
    BloomFilter a = new BloomFilter(256, 3);
    BloomFilter b = new BloomFilter(256, 3);
    a.add(1L);
    assertNotEquals(a, b);
    b.add(1L);
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(a, new BloomFilter(256, 4));
  }
}
