package org.bloomchord.overlay.sim;

/**
 * The arrays of the event queue's buckets, kept for reuse by size. A bucket starts with small
 * arrays and doubles them as its millisecond fills up; the arrays it outgrows and, once it empties,
 * all of its arrays come back here, and the next bucket to reach a size takes one of that size
 * instead of a new one. In a running simulation the milliseconds ahead fill up about as fast as
 * the current ones empty, so after the first second nearly every array a bucket needs comes from
 * here: the queue allocates almost nothing per message, and no bucket's array lives long enough to
 * reach the collector's old generation and die there (at a million peers a millisecond's frames
 * are hundreds of kilobytes that lived for a simulated second: tens of seconds of wall time).
 *
 * <p>Every length handed out is a power of two; arrays of other lengths are not taken back. Of each
 * length at most {@value #KEPT_PER_SIZE} arrays are kept, of the large ones only as many as
 * {@value #BYTES_PER_SIZE} bytes hold (at least {@value #KEPT_OF_LARGE}), and none above
 * {@value #BYTES_PER_SIZE} bytes: a wave of joins fills a few milliseconds with arrays of
 * megabytes, which must not outlive it (kept, they would hold a quarter of a gigabyte at a million
 * peers). So the pool holds at most about 7 MB of each kind, whatever the ring's size.
 *
 * <p>Invariants: an array of references is taken back only with every element null, and handed out
 * so; an array of bytes is handed out with whatever bytes it held (a bucket reads only what it
 * wrote).
 */
final class BucketArrays {

  /** Arrays of each length kept at most. */
  static final int KEPT_PER_SIZE = 16;
  /** The bytes the arrays of one length kept may hold, unless that is fewer than {@link #KEPT_OF_LARGE}. */
  static final int BYTES_PER_SIZE = 1 << 20;
  /** Arrays of each length kept at least, however large. */
  static final int KEPT_OF_LARGE = 2;
  /** log2 of the bytes an element of an array of references takes at most. */
  private static final int REF_BYTES_LOG = 3;

  private static final int SIZES = 31;

  private final Object[][][] refs = new Object[SIZES][KEPT_PER_SIZE][];
  private final int[] refsKept = new int[SIZES];
  private final byte[][][] bytes = new byte[SIZES][KEPT_PER_SIZE][];
  private final int[] bytesKept = new int[SIZES];

  /** The power of two at or above {@code n} (n >= 1), as its exponent. */
  static int sizeOf(int n) {
    return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
  }

  /** An array of references, every element null, of the power of two at or above {@code min}. */
  Object[] refs(int min) {
    int s = sizeOf(min);
    int n = refsKept[s];
    if (n == 0) {
      return new Object[1 << s];
    }
    Object[][] kept = refs[s];
    Object[] a = kept[--n];
    kept[n] = null;
    refsKept[s] = n;
    return a;
  }

  /** Takes back {@code a}, whose elements the caller has set to null. */
  void give(Object[] a) {
    int length = a.length;
    if (Integer.bitCount(length) != 1) {
      return;
    }
    int s = Integer.numberOfTrailingZeros(length);
    int n = refsKept[s];
    if (n < kept(s + REF_BYTES_LOG)) {
      refs[s][n] = a;
      refsKept[s] = n + 1;
    }
  }

  /** An array of bytes of the power of two at or above {@code min}, holding whatever it held. */
  byte[] bytes(int min) {
    int s = sizeOf(min);
    int n = bytesKept[s];
    if (n == 0) {
      return new byte[1 << s];
    }
    byte[][] kept = bytes[s];
    byte[] a = kept[--n];
    kept[n] = null;
    bytesKept[s] = n;
    return a;
  }

  /** Takes back {@code a}. */
  void give(byte[] a) {
    int length = a.length;
    if (Integer.bitCount(length) != 1) {
      return;
    }
    int s = Integer.numberOfTrailingZeros(length);
    int n = bytesKept[s];
    if (n < kept(s)) {
      bytes[s][n] = a;
      bytesKept[s] = n + 1;
    }
  }

  /** How many arrays of 2^{@code log} bytes are kept at most. */
  static int kept(int log) {
    if ((1L << log) > BYTES_PER_SIZE) {
      return 0;
    }
    return Math.max(KEPT_OF_LARGE, Math.min(KEPT_PER_SIZE, BYTES_PER_SIZE >> log));
  }

  /** Arrays kept, of references and of bytes (for tests). */
  int kept() {
    int n = 0;
    for (int s = 0; s < SIZES; s++) {
      n += refsKept[s] + bytesKept[s];
    }
    return n;
  }
}
