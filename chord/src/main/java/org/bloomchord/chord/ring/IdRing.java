package org.bloomchord.chord.ring;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The Chord identifier circle of {@code m} bits, 1 &le; m &le; 64: identifiers are the unsigned values
 * 0 .. 2^m - 1 held in a {@code long}, and all arithmetic is modulo 2^m.
 *
 * <p>Invariants: every id this class returns lies in the ring ({@link #contains}); distances are
 * clockwise and unsigned; intervals are read clockwise from their first bound, so they wrap around
 * zero, and an interval whose bounds are equal spans the whole ring (Chord's convention: the open
 * interval (a, a) is every id but a, the half-open (a, a] is every id).
 *
 * <p>Ids come from SHA-1: the top m bits of the digest of a peer's address or of a key.
 * Instances are immutable and thread-safe.
 */
public final class IdRing {

  private static final ThreadLocal<MessageDigest> SHA1 = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("SHA-1");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is required by every Java runtime", e);
    }
  });

  /** One ring of each width, shared ({@link #of}). */
  private static final IdRing[] SHARED = new IdRing[65];

  private final int bits;
  private final long mask;

  /** The ring of {@code bits} bits, one instance per width (a ring is a value: its width). */
  public static IdRing of(int bits) {
    if (bits < 1 || bits > 64) {
      throw new IllegalArgumentException("idBits must be in 1..64, got " + bits);
    }
    IdRing r = SHARED[bits];
    if (r == null) {
      r = new IdRing(bits);
      SHARED[bits] = r;
    }
    return r;
  }

  /**
   * A ring of {@code bits} bits.
   *
   * @throws IllegalArgumentException unless 1 &le; bits &le; 64
   */
  public IdRing(int bits) {
    if (bits < 1 || bits > 64) {
      throw new IllegalArgumentException("idBits must be in 1..64, got " + bits);
    }
    this.bits = bits;
    this.mask = bits == 64 ? -1L : (1L << bits) - 1;
  }

  /** The number of bits m. */
  public int bits() {
    return bits;
  }

  /** 2^m - 1, the largest id, as an unsigned long. */
  public long mask() {
    return mask;
  }

  /** Whether {@code id} lies in the ring, i.e. no bit above the m-th is set. */
  public boolean contains(long id) {
    return (id & ~mask) == 0;
  }

  /** The id of a text (peer address or key): the top m bits of its SHA-1 digest. */
  public long hash(String text) {
    byte[] d = SHA1.get().digest(text.getBytes(StandardCharsets.UTF_8));
    long top = 0;
    for (int i = 0; i < 8; i++) {
      top = (top << 8) | (d[i] & 0xFF);
    }
    return bits == 64 ? top : top >>> (64 - bits);
  }

  /** (a + b) mod 2^m. */
  public long add(long a, long b) {
    return (a + b) & mask;
  }

  /** The clockwise distance from {@code from} to {@code to}, (to - from) mod 2^m, unsigned. */
  public long distance(long from, long to) {
    return (to - from) & mask;
  }

  /**
   * The start of finger {@code i} of peer {@code n}: n + 2^(i-1) mod 2^m.
   *
   * @throws IllegalArgumentException unless 1 &le; i &le; m
   */
  public long fingerStart(long n, int i) {
    if (i < 1 || i > bits) {
      throw new IllegalArgumentException("finger index must be in 1.." + bits + ", got " + i);
    }
    return add(n, 1L << (i - 1));
  }

  /** Whether x lies in the open interval (a, b) clockwise; (a, a) is every id but a. */
  public boolean inOpen(long x, long a, long b) {
    long dx = distance(a, x);
    long db = distance(a, b);
    return dx != 0 && (db == 0 || Long.compareUnsigned(dx, db) < 0);
  }

  /**
   * Whether x lies in the half-open interval [a, b) clockwise; [a, a) is every id. Fix-fingers'
   * test of a finger b with start a: b's predecessor x in [a, b) means a peer joined before b.
   */
  public boolean inClosedOpen(long x, long a, long b) {
    return x == a || inOpen(x, a, b);
  }

  /** Whether x lies in the half-open interval (a, b] clockwise; (a, a] is every id. */
  public boolean inHalfOpen(long x, long a, long b) {
    if (a == b) {
      return true;
    }
    long dx = distance(a, x);
    return dx != 0 && Long.compareUnsigned(dx, distance(a, b)) <= 0;
  }

  /** Compares two ids by their clockwise distance from {@code origin} (origin itself first). */
  public int compareFrom(long origin, long x, long y) {
    return Long.compareUnsigned(distance(origin, x), distance(origin, y));
  }

  /** An id as unsigned hexadecimal. */
  public static String format(long id) {
    return Long.toUnsignedString(id, 16);
  }

  @Override
  public String toString() {
    return "IdRing[" + bits + " bits]";
  }
}
