package org.bloomchord.routing.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two universal families: arithmetic against BigInteger, outputs in range, and the collision
 * probability of two fixed distinct keys over many random draws of the function. Collision counts
 * are binomial; the tolerance is 4 standard errors of the rate.
 */
class UniversalHashTest {

  private static final BigInteger P = BigInteger.valueOf(CarterWegmanHash.PRIME);
  private static final int DRAWS = 100_000;

  @Test
  void mersenneArithmeticMatchesBigInteger() {
    SplittableRandom rnd = new SplittableRandom(1);
    for (int i = 0; i < 10_000; i++) {
      long u = rnd.nextLong(CarterWegmanHash.PRIME);
      long v = rnd.nextLong(CarterWegmanHash.PRIME);
      long x = rnd.nextLong() & Long.MAX_VALUE;
      assertEquals(BigInteger.valueOf(u).multiply(BigInteger.valueOf(v)).mod(P).longValueExact(), CarterWegmanHash.mulMod(u, v));
      assertEquals(BigInteger.valueOf(x).mod(P).longValueExact(), CarterWegmanHash.mod(x));
    }
    long pm1 = CarterWegmanHash.PRIME - 1;
    assertEquals(1, CarterWegmanHash.mulMod(pm1, pm1), "(-1)(-1) = 1");
    assertEquals(0, CarterWegmanHash.mod(CarterWegmanHash.PRIME));
  }

  @Test
  void carterWegmanEqualsTheFormula() {
    SplittableRandom rnd = new SplittableRandom(2);
    for (int i = 0; i < 5_000; i++) {
      long m = 1 + rnd.nextLong(1_000_000);
      CarterWegmanHash h = CarterWegmanHash.random(m, rnd);
      long x = rnd.nextLong();
      BigInteger ux = new BigInteger(Long.toUnsignedString(x));
      long expected = BigInteger.valueOf(h.a()).multiply(ux.mod(P)).add(BigInteger.valueOf(h.b())).mod(P)
          .mod(BigInteger.valueOf(m)).longValueExact();
      long got = h.hash(x);
      assertEquals(expected, got);
      assertTrue(got >= 0 && got < m);
    }
  }

  @ParameterizedTest(name = "m={0}")
  @ValueSource(longs = {2, 16, 1000})
  void carterWegmanCollisionsOfTwoKeysAreAtMostAboutOneInM(long m) {
    SplittableRandom rnd = new SplittableRandom(m);
    long[][] pairs = {{1, 2}, {0, 1L << 40}, {-1, 12345}, {m, 2 * m}};
    for (long[] pair : pairs) {
      int collisions = 0;
      for (int i = 0; i < DRAWS; i++) {
        CarterWegmanHash h = CarterWegmanHash.random(m, rnd);
        if (h.hash(pair[0]) == h.hash(pair[1])) {
          collisions++;
        }
      }
      double bound = 1.0 / m;
      double se = Math.sqrt(bound * (1 - bound) / DRAWS);
      double rate = (double) collisions / DRAWS;
      assertTrue(rate <= bound + 4 * se, "pair " + pair[0] + "," + pair[1] + ": " + rate + " > " + bound);
    }
  }

  @Test
  void keysCongruentModuloThePrimeAlwaysCollide() {
    CarterWegmanHash h = CarterWegmanHash.random(1 << 20, new SplittableRandom(3));
    assertEquals(h.hash(5), h.hash(5 + CarterWegmanHash.PRIME));
  }

  @ParameterizedTest(name = "m={0}")
  @ValueSource(ints = {1, 4, 8})
  void matrixCollisionsOfTwoKeysAreOneInTwoToTheM(int m) {
    SplittableRandom rnd = new SplittableRandom(10 + m);
    long[][] pairs = {{1, 2}, {0, -1}, {0x1234, 0x1235}};
    for (long[] pair : pairs) {
      int collisions = 0;
      for (int i = 0; i < DRAWS; i++) {
        MatrixHash h = MatrixHash.random(64, m, rnd);
        long hx = h.hash(pair[0]);
        assertTrue(hx >= 0 && hx < (1L << m));
        if (hx == h.hash(pair[1])) {
          collisions++;
        }
      }
      double p = Math.pow(2, -m);
      double se = Math.sqrt(p * (1 - p) / DRAWS);
      // the probability is exactly 2^-m, so the check is two-sided
      assertEquals(p, (double) collisions / DRAWS, 4 * se, "pair " + pair[0] + "," + pair[1]);
    }
  }

  @Test
  void matrixHashIsLinearAndUsesOnlyTheLowBits() {
    SplittableRandom rnd = new SplittableRandom(4);
    MatrixHash h = MatrixHash.random(20, 12, rnd);
    for (int i = 0; i < 1000; i++) {
      long x = rnd.nextLong();
      long y = rnd.nextLong();
      assertEquals(h.hash(x) ^ h.hash(y), h.hash(x ^ y));
      assertEquals(h.hash(x), h.hash(x & ((1 << 20) - 1)));
    }
    // identity matrix: h(x) is x itself
    long[] identity = new long[8];
    for (int j = 0; j < 8; j++) {
      identity[j] = 1L << j;
    }
    assertEquals(0xA5, new MatrixHash(8, identity).hash(0xA5));
  }

  @Test
  void invalidParametersAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new CarterWegmanHash(0, 0, 10));
    assertThrows(IllegalArgumentException.class, () -> new CarterWegmanHash(1, CarterWegmanHash.PRIME, 10));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CarterWegmanHash(1, 0, 0));
    assertTrue(e.getMessage().contains("buckets"));
    assertThrows(IllegalArgumentException.class, () -> MatrixHash.random(64, 0, new SplittableRandom(1)));
    assertThrows(IllegalArgumentException.class, () -> MatrixHash.random(0, 8, new SplittableRandom(1)));
    IllegalArgumentException wide = assertThrows(IllegalArgumentException.class, () -> new MatrixHash(4, new long[] {0x10}));
    assertTrue(wide.getMessage().contains("n = 4"), wide.getMessage());
  }
}
