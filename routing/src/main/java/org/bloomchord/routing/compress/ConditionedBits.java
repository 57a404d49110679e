package org.bloomchord.routing.compress;

import java.util.Arrays;
import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * A bit array of known length m coded given a context array of the same length that the receiver
 * already holds: the bits at the positions where the context is 0 and those where it is 1 travel
 * as two {@link SparseBits} arrays, each over only its own positions (in order). When the share
 * of set bits differs between the two (the changed bits of a filter against the filter they
 * change: a cleared bit can only be a set one; a level of a summary against the level below it),
 * this is shorter than one {@link SparseBits} over all m positions, by up to m·I(bit; context)
 * bits.
 *
 * <pre>
 *   varint  the length in bytes of part 0
 *   bytes   part 0: SparseBits of the bits where the context is 0; no bytes when none is set
 *   bytes   part 1: SparseBits of the bits where the context is 1, to the end; no bytes when none is set
 * </pre>
 *
 * <p>With an all-zero context this is one SparseBits array behind a length byte. Decoding treats
 * the bytes as untrusted: a part that is not exactly one valid SparseBits encoding of its length,
 * a part that is present but has no set bit, or a first length beyond the bytes raise
 * {@link MalformedMessageException}.
 */
public final class ConditionedBits {

  private ConditionedBits() {
  }

  /** Encodes the first {@code bits} bits of {@code words} given {@code context} (bits beyond must be zero in both). */
  public static byte[] encode(long[] words, long[] context, long bits) {
    check(words, context, bits);
    byte[] zero = part(words, context, bits, false);
    byte[] one = part(words, context, bits, true);
    WireWriter out = new WireWriter(zero.length + one.length + 2);
    out.writeVarInt(zero.length);
    out.writeRaw(zero, 0, zero.length);
    out.writeRaw(one, 0, one.length);
    return out.toByteArray();
  }

  /**
   * Decodes an array of exactly {@code bits} bits given {@code context}; a null context is all
   * zeros.
   *
   * @throws MalformedMessageException if the bytes are not exactly one valid encoding
   */
  public static long[] decode(byte[] bytes, long[] context, long bits) {
    Objects.requireNonNull(bytes, "bytes");
    if (context != null) {
      check(context, context, bits);
    } else if (bits < 1 || bits > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("bits out of range: " + bits);
    }
    WireReader in = new WireReader(bytes);
    int zeroLength = in.readVarInt(bytes.length);
    if (zeroLength > in.remaining()) {
      throw new MalformedMessageException("conditioned bits announce " + zeroLength + " bytes of "
          + in.remaining());
    }
    int offset = bytes.length - in.remaining();
    long[] out = new long[BitArray.words(bits)];
    deposit(Arrays.copyOfRange(bytes, offset, offset + zeroLength), context, bits, false, out);
    deposit(Arrays.copyOfRange(bytes, offset + zeroLength, bytes.length), context, bits, true, out);
    return out;
  }

  private static void check(long[] words, long[] context, long bits) {
    Objects.requireNonNull(words, "words");
    Objects.requireNonNull(context, "context");
    if (bits < 1 || bits > Integer.MAX_VALUE || BitArray.words(bits) != words.length
        || context.length != words.length) {
      throw new IllegalArgumentException(words.length + " and " + context.length + " words do not hold " + bits + " bits");
    }
  }

  /** The positions of {@code bits} where the context is {@code which}, or all-ones past the end for none. */
  private static long mask(long[] context, long bits, int w, boolean which) {
    long c = context == null ? 0 : context[w];
    long m = which ? c : ~c;
    int tail = (int) (bits - ((long) w << 6));
    return tail >= 64 ? m : m & ((1L << tail) - 1);
  }

  /** The SparseBits coding of the bits of {@code words} at the positions where the context is {@code which}. */
  private static byte[] part(long[] words, long[] context, long bits, boolean which) {
    long length = 0;
    boolean any = false;
    for (int w = 0; w < words.length; w++) {
      long m = mask(context, bits, w, which);
      length += Long.bitCount(m);
      any |= (words[w] & m) != 0;
    }
    if (!any) {
      return new byte[0];
    }
    long[] projected = new long[BitArray.words(length)];
    long offset = 0;
    for (int w = 0; w < words.length; w++) {
      long m = mask(context, bits, w, which);
      long set = words[w] & m;
      while (set != 0) {
        long low = set & -set;
        BitArray.set(projected, offset + Long.bitCount(m & (low - 1)));
        set ^= low;
      }
      offset += Long.bitCount(m);
    }
    return SparseBits.encode(projected, length);
  }

  /** Sets in {@code out} the bits a part codes, at the positions where the context is {@code which}. */
  private static void deposit(byte[] part, long[] context, long bits, boolean which, long[] out) {
    if (part.length == 0) {
      return;
    }
    long length = 0;
    for (int w = 0; w < out.length; w++) {
      length += Long.bitCount(mask(context, bits, w, which));
    }
    if (length == 0) {
      throw new MalformedMessageException("conditioned bits code a part of no positions");
    }
    long[] projected = SparseBits.decode(part, length);
    if (BitArray.cardinality(projected) == 0) {
      throw new MalformedMessageException("conditioned bits code an empty part");
    }
    long offset = 0;
    for (int w = 0; w < out.length; w++) {
      long m = mask(context, bits, w, which);
      int n = Long.bitCount(m);
      long here = bitsAt(projected, offset, n);
      while (here != 0) {
        out[w] |= select(m, Long.numberOfTrailingZeros(here));
        here &= here - 1;
      }
      offset += n;
    }
  }

  /** The {@code n} (at most 64) bits of {@code a} from bit {@code from}, lowest first. */
  private static long bitsAt(long[] a, long from, int n) {
    if (n == 0) {
      return 0;
    }
    int w = (int) (from >>> 6);
    int shift = (int) (from & 63);
    long v = a[w] >>> shift;
    if (shift != 0 && shift + n > 64) {
      v |= a[w + 1] << (64 - shift);
    }
    return n == 64 ? v : v & ((1L << n) - 1);
  }

  /** The j-th lowest set bit of {@code m}, as a one-bit mask. */
  private static long select(long m, int j) {
    for (int i = 0; i < j; i++) {
      m &= m - 1;
    }
    return m & -m;
  }
}
