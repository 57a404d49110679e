package org.bloomchord.routing.reconcile;

import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * The fixed size of the elements two peers reconcile: E bytes, held in memory as
 * {@code ceil(E / 8)} 64-bit words. The default, {@link #KEY64}, is one 64-bit key per element (for
 * example a digest of a (key, version) pair).
 *
 * <p>Invariant: byte j of an element lives in word j / 8 at bit offset 8 (j mod 8); the bytes of
 * the last word beyond E are always zero. The wire form is exactly E bytes, so a decoder cannot
 * produce an element that breaks the invariant.
 *
 * @param bytes E, from {@value #MIN_BYTES} to {@value #MAX_BYTES}
 */
public record ElementShape(int bytes) {

  /** Smallest element: one 64-bit key. */
  public static final int MIN_BYTES = 8;
  /** Largest element accepted (and hence the largest a decoder will allocate per element). */
  public static final int MAX_BYTES = 1024;
  /** One 64-bit key per element. */
  public static final ElementShape KEY64 = new ElementShape(8);

  public ElementShape {
    if (bytes < MIN_BYTES || bytes > MAX_BYTES) {
      throw new IllegalArgumentException("element bytes must be in [" + MIN_BYTES + ", " + MAX_BYTES + "], got " + bytes);
    }
  }

  /** Number of 64-bit words per element. */
  public int words() {
    return (bytes + 7) >>> 3;
  }

  /** Writes the element at {@code src[off .. off + words)} as exactly E bytes. */
  public void write(long[] src, int off, WireWriter out) {
    int full = bytes >>> 3;
    for (int j = 0; j < full; j++) {
      out.writeLong(src[off + j]);
    }
    int rest = bytes & 7;
    if (rest != 0) {
      long w = src[off + full];
      for (int b = 0; b < rest; b++) {
        out.writeByte((int) (w >>> (8 * b)));
      }
    }
  }

  /** Reads E bytes into {@code dst[off .. off + words)}; the caller checked the frame's length. */
  public void read(WireReader in, long[] dst, int off) {
    int full = bytes >>> 3;
    for (int j = 0; j < full; j++) {
      dst[off + j] = in.readLong();
    }
    int rest = bytes & 7;
    if (rest != 0) {
      long w = 0;
      for (int b = 0; b < rest; b++) {
        w |= (long) in.readByte() << (8 * b);
      }
      dst[off + full] = w;
    }
  }

  /** Mask of the bits of the last word that may be set. */
  long lastWordMask() {
    int rest = bytes & 7;
    return rest == 0 ? -1L : (1L << (8 * rest)) - 1;
  }

  @Override
  public String toString() {
    return "ElementShape[" + bytes + " bytes]";
  }
}
