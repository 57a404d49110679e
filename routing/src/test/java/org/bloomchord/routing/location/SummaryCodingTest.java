package org.bloomchord.routing.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.LevelCoding;
import org.junit.jupiter.api.Test;

class SummaryCodingTest {

  private static final BloomShape SHAPE = new BloomShape(4096, 3);

  private static BloomFilter filled(int n, long seed) {
    BloomFilter f = new BloomFilter(SHAPE);
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      f.add(r.nextLong());
    }
    return f;
  }

  @Test
  void sparseLevelsTravelAsPositionsDenseLevelsPlainAndAllRoundTrip() {
    // 3 objects set at most 9 of 4096 bits; 946 objects with k = 3 set half of them (entropy 1 bit per
    // bit, so the coded form is longer than plain)
    AttenuatedFilter f = new AttenuatedFilter(filled(3, 1), filled(60, 2), filled(946, 3));
    List<EncodedLevel> levels = SummaryCoding.encode(f);
    assertEquals(LevelCoding.GIVEN_LOWER, levels.get(0).coding());
    assertEquals(LevelCoding.GIVEN_LOWER, levels.get(1).coding());
    assertEquals(LevelCoding.PLAIN, levels.get(2).coding());
    // 9 positions of 4096: a count, a length and about 9 x (log2(4096 / 9) + 1.5) bits
    assertTrue(levels.get(0).bytes().length <= 2 + (9 * 11 + 7) / 8, "3 objects in " + levels.get(0).bytes().length + " bytes");
    assertEquals(f, SummaryCoding.decode(levels, 3, SHAPE));
  }

  @Test
  void aLevelBelowItsLevelBelowCostsLessThanAloneAndRoundTrips() {
    // level 2 holds level 1's objects and as many others: the half of its bits that level 1 has
    // cost about a bit each (all of level 1's positions are set), the rest are sparse positions
    BloomFilter low = filled(200, 5);
    BloomFilter high = low.copy().unionInPlace(filled(200, 6));
    AttenuatedFilter f = new AttenuatedFilter(low, high);
    List<EncodedLevel> levels = SummaryCoding.encode(f);
    byte[] alone = org.bloomchord.routing.compress.SparseBits.encode(high.toLongArray(), SHAPE.bits());
    assertEquals(LevelCoding.GIVEN_LOWER, levels.get(1).coding());
    // the entropy of level 2 where level 1 is clear (where it is set, level 2 is too: no cost),
    // against that of level 2 alone; the Golomb code is within a few percent of either
    long m = SHAPE.bits();
    long m0 = m - low.cardinality();
    long k0 = high.cardinality() - low.cardinality();
    double given = m0 * entropy((double) k0 / m0) / 8;
    double whole = m * entropy((double) high.cardinality() / m) / 8;
    int n = levels.get(1).bytes().length;
    assertTrue(n <= 1.03 * given + 4, n + " bytes given level 1, entropy " + given);
    assertTrue(alone.length >= whole && n < alone.length - 0.9 * (whole - given),
        n + " bytes given level 1, " + alone.length + " alone");
    assertEquals(f, SummaryCoding.decode(levels, 2, SHAPE));
  }

  private static double entropy(double p) {
    return p <= 0 || p >= 1 ? 0 : -(p * Math.log(p) + (1 - p) * Math.log(1 - p)) / Math.log(2);
  }

  @Test
  void theVersionFollowsTheContent() {
    AttenuatedFilter f = new AttenuatedFilter(filled(3, 1), filled(60, 2));
    AttenuatedFilter same = new AttenuatedFilter(filled(3, 1), filled(60, 2));
    AttenuatedFilter other = new AttenuatedFilter(filled(3, 1), filled(61, 2));
    assertEquals(SummaryCoding.version(f), SummaryCoding.version(same));
    assertNotEquals(SummaryCoding.version(f), SummaryCoding.version(other));
    assertNotEquals(0, SummaryCoding.version(AttenuatedFilter.empty(1, SHAPE)));
  }

  @Test
  void wrongDepthWrongShapeAndCorruptLevelsAreMalformed() {
    List<EncodedLevel> two = SummaryCoding.encode(new AttenuatedFilter(filled(3, 1), filled(60, 2)));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.decode(two, 3, SHAPE));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.decode(two, 2, new BloomShape(2048, 3)));
    // the levels carry no probe count: a sender of other probes is caught by the version, which hashes them
    AttenuatedFilter otherProbes = SummaryCoding.decode(two, 2, new BloomShape(4096, 4));
    assertNotEquals(SummaryCoding.version(new AttenuatedFilter(filled(3, 1), filled(60, 2))), SummaryCoding.version(otherProbes));
    List<EncodedLevel> truncated = new ArrayList<>(two);
    truncated.set(1, new EncodedLevel(LevelCoding.GIVEN_LOWER, java.util.Arrays.copyOf(two.get(1).bytes(), two.get(1).bytes().length - 1), 1000));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.decode(truncated, 2, SHAPE));
    List<EncodedLevel> corrupt = new ArrayList<>(two);
    byte[] b = two.get(1).bytes().clone();
    b[b.length - 1] ^= 0x21;
    corrupt.set(1, new EncodedLevel(LevelCoding.COMPRESSED, b, 1000));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.decode(corrupt, 2, SHAPE));
    List<EncodedLevel> mislabelled = new ArrayList<>(two);
    mislabelled.set(0, new EncodedLevel(LevelCoding.PLAIN, two.get(0).bytes(), 1000));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.decode(mislabelled, 2, SHAPE));
    List<EncodedLevel> huge = new ArrayList<>(two);
    huge.set(0, new EncodedLevel(LevelCoding.PLAIN, new byte[SummaryCoding.maxLevelBytes(SHAPE) + 1], 1000));
    assertThrows(MalformedMessageException.class, () -> SummaryCoding.decode(huge, 2, SHAPE));
  }

  @Test
  void aLevelWithMoreSetBitsThanItsDeclaredCountTimesKIsImpossibleAndRejected() {
    BloomFilter ones = new BloomFilter(SHAPE);
    for (long b = 0; b < SHAPE.bits(); b++) {
      ones.set(b);
    }
    AttenuatedFilter allOnes = new AttenuatedFilter(ones, ones.copy());
    // 4096 set bits need at least ceil(4096 / 3) = 1366 elements of 3 probes
    assertThrows(SummaryCoding.ImpossibleFillException.class,
        () -> SummaryCoding.checkFill(allOnes, new int[] {3, 3}));
    assertThrows(SummaryCoding.ImpossibleFillException.class,
        () -> SummaryCoding.checkFill(allOnes, new int[] {1366, 1365}));
    SummaryCoding.checkFill(allOnes, new int[] {1366, 1366});
    // honest levels: n elements set at most n * k bits, so their own count always passes
    AttenuatedFilter honest = new AttenuatedFilter(filled(3, 1), filled(60, 2));
    SummaryCoding.checkFill(honest, new int[] {3, 60});
    List<EncodedLevel> encoded = SummaryCoding.encode(honest, new int[] {3, 60});
    assertEquals(3, encoded.get(0).count());
    assertEquals(60, encoded.get(1).count());
    // a declared count below what the bits need is raised to the minimum on encoding
    assertEquals(SummaryCoding.minimalCount(honest.level(2)), SummaryCoding.encode(honest, new int[] {3, 1}).get(1).count());
  }
}
