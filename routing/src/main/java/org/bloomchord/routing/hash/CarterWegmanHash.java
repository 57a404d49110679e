package org.bloomchord.routing.hash;

import java.util.random.RandomGenerator;

/**
 * One function of the Carter-Wegman universal family h(x) = ((a x + b) mod p) mod m over the
 * Mersenne prime p = 2^61 - 1, with a drawn uniformly from [1, p) and b from [0, p). Keys are
 * read as unsigned and reduced modulo p first, so the universe is [0, p): two distinct keys of it
 * collide with probability at most about 1/m over the random choice of (a, b), while two keys
 * congruent modulo p (for instance 0 and 2^61 - 1) always collide.
 *
 * <p>Reduction modulo 2^61 - 1 needs no division: x mod p = (x & p) + (x >>> 61), then one
 * conditional subtraction; the 122-bit product a·x is formed from its high and low halves.
 *
 * @param a the multiplier, 1 .. p - 1
 * @param b the offset, 0 .. p - 1
 * @param buckets m, the size of the range, 1 .. p
 */
public record CarterWegmanHash(long a, long b, long buckets) {

  /** The Mersenne prime 2^61 - 1. */
  public static final long PRIME = (1L << 61) - 1;

  public CarterWegmanHash {
    if (a < 1 || a >= PRIME) {
      throw new IllegalArgumentException("a must be in [1, 2^61 - 1), got " + a);
    }
    if (b < 0 || b >= PRIME) {
      throw new IllegalArgumentException("b must be in [0, 2^61 - 1), got " + b);
    }
    if (buckets < 1 || buckets > PRIME) {
      throw new IllegalArgumentException("buckets must be in [1, 2^61 - 1], got " + buckets);
    }
  }

  /** A function drawn at random from the family for a range of m buckets. */
  public static CarterWegmanHash random(long buckets, RandomGenerator rnd) {
    return new CarterWegmanHash(1 + rnd.nextLong(PRIME - 1), rnd.nextLong(PRIME), buckets);
  }

  /** h(x), in [0, m). */
  public long hash(long x) {
    // x read as unsigned: 2^63 = 4 (mod p)
    long key = mod(mod(x & Long.MAX_VALUE) + (x < 0 ? 4 : 0));
    return mod(mulMod(a, key) + b) % buckets;
  }

  /** (u v) mod p for u, v in [0, p). */
  static long mulMod(long u, long v) {
    long lo = u * v;
    long hi = Math.multiplyHigh(u, v);
    // u v = hi 2^64 + lo = hi 2^3 2^61 + lo, and 2^61 = 1 mod p
    long low61 = lo & PRIME;
    long rest = (lo >>> 61) | (hi << 3);
    return mod(low61 + rest);
  }

  /** x mod p for x in [0, 2^63). */
  static long mod(long x) {
    long r = (x & PRIME) + (x >>> 61);
    return r >= PRIME ? r - PRIME : r;
  }
}
