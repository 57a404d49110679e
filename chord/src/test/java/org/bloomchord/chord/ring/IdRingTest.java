package org.bloomchord.chord.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdRingTest {

  @Test
  void ringWidthOutside1To64IsRejected() {
    assertThrows(IllegalArgumentException.class, () -> new IdRing(0));
    assertThrows(IllegalArgumentException.class, () -> new IdRing(65));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 8, 63, 64})
  void hashIsTheTopMBitsOfSha1(int m) throws Exception {
    IdRing ring = new IdRing(m);
    byte[] d = MessageDigest.getInstance("SHA-1").digest("peer-7".getBytes(StandardCharsets.UTF_8));
    BigInteger expected = new BigInteger(1, d).shiftRight(160 - m);
    assertEquals(expected.longValue(), ring.hash("peer-7"));
    assertTrue(ring.contains(ring.hash("peer-7")));
  }

  @Test
  void containsRejectsBitsAboveM() {
    IdRing ring = new IdRing(8);
    assertTrue(ring.contains(255));
    assertFalse(ring.contains(256));
    assertFalse(ring.contains(-1));
    assertTrue(new IdRing(64).contains(-1));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 8, 64})
  void arithmeticIsModulo2ToTheM(int m) {
    IdRing ring = new IdRing(m);
    BigInteger mod = BigInteger.ONE.shiftLeft(m);
    SplittableRandom r = new SplittableRandom(m);
    for (int i = 0; i < 1000; i++) {
      long a = r.nextLong() & ring.mask();
      long b = r.nextLong() & ring.mask();
      BigInteger ua = new BigInteger(Long.toUnsignedString(a));
      BigInteger ub = new BigInteger(Long.toUnsignedString(b));
      assertEquals(ua.add(ub).mod(mod).longValue(), ring.add(a, b));
      assertEquals(ub.subtract(ua).mod(mod).longValue(), ring.distance(a, b));
    }
  }

  /** Interval membership against a brute-force walk around the ring. */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 5})
  void intervalsMatchAWalkAroundTheRing(int m) {
    IdRing ring = new IdRing(m);
    long size = 1L << m;
    for (long a = 0; a < size; a++) {
      for (long b = 0; b < size; b++) {
        boolean[] open = new boolean[(int) size];
        boolean[] half = new boolean[(int) size];
        long x = (a + 1) % size;
        for (long steps = 1; steps <= size; steps++, x = (x + 1) % size) {
          boolean atB = x == b;
          if (!atB) {
            open[(int) x] = x != a;
          }
          half[(int) x] = true;
          if (atB) {
            break;
          }
        }
        for (long y = 0; y < size; y++) {
          assertEquals(open[(int) y], ring.inOpen(y, a, b), "(" + a + "," + b + ") open " + y);
          assertEquals(half[(int) y], ring.inHalfOpen(y, a, b), "(" + a + "," + b + "] " + y);
        }
      }
    }
  }

  @Test
  void intervalsWrapAroundZeroOn64Bits() {
    IdRing ring = new IdRing(64);
    long a = -10;          // 2^64 - 10
    long b = 5;
    assertTrue(ring.inOpen(-1, a, b));
    assertTrue(ring.inOpen(0, a, b));
    assertTrue(ring.inHalfOpen(5, a, b));
    assertFalse(ring.inOpen(5, a, b));
    assertFalse(ring.inOpen(a, a, b));
    assertFalse(ring.inHalfOpen(6, a, b));
    assertFalse(ring.inHalfOpen(Long.MAX_VALUE, a, b));
    assertTrue(ring.inOpen(Long.MIN_VALUE, 0, -1));
    assertTrue(ring.inHalfOpen(7, 7, 7));
    assertFalse(ring.inOpen(7, 7, 7));
    assertTrue(ring.inOpen(8, 7, 7));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 8, 64})
  void fingerStartIsNPlus2ToTheIMinus1(int m) {
    IdRing ring = new IdRing(m);
    long n = ring.mask() - 2;
    BigInteger mod = BigInteger.ONE.shiftLeft(m);
    for (int i = 1; i <= m; i++) {
      BigInteger want = new BigInteger(Long.toUnsignedString(n)).add(BigInteger.ONE.shiftLeft(i - 1)).mod(mod);
      assertEquals(want.longValue(), ring.fingerStart(n, i), "finger " + i);
    }
    assertThrows(IllegalArgumentException.class, () -> ring.fingerStart(n, 0));
    assertThrows(IllegalArgumentException.class, () -> ring.fingerStart(n, m + 1));
  }
}
