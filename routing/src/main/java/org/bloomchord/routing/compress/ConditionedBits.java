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
 * <p>With an all-zero context this is one SparseBits array behind a length byte. {@link #parts}
 * and {@link #fromParts} split by several contexts at once (part p holds the positions where
 * context j has bit j of p), for a caller that frames the parts itself. Decoding treats
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
    byte[][] parts = parts(words, bits, context);
    byte[] zero = parts[0];
    byte[] one = parts[1];
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
    byte[][] parts = {Arrays.copyOfRange(bytes, offset, offset + zeroLength),
        Arrays.copyOfRange(bytes, offset + zeroLength, bytes.length)};
    return context == null ? fromParts(parts, bits, new long[BitArray.words(bits)]) : fromParts(parts, bits, context);
  }

  /**
   * The bits of {@code words} split by {@code contexts} (one to three arrays of the same length as
   * {@code words}): part p is the {@link SparseBits} coding of the bits at the positions where
   * every context j has bit j of p, in order, or no bytes when none of them is set. With one
   * context the two parts are those {@link #encode} frames.
   */
  public static byte[][] parts(long[] words, long bits, long[]... contexts) {
    checkContexts(words, bits, contexts);
    byte[][] out = new byte[1 << contexts.length][];
    for (int p = 0; p < out.length; p++) {
      out[p] = part(words, contexts, bits, p);
    }
    return out;
  }

  /**
   * The array of exactly {@code bits} bits whose {@link #parts} under {@code contexts} are
   * {@code parts}.
   *
   * @throws MalformedMessageException if a part is not exactly one valid {@link SparseBits}
   *     encoding of its positions or is present without a set bit
   */
  public static long[] fromParts(byte[][] parts, long bits, long[]... contexts) {
    Objects.requireNonNull(parts, "parts");
    long[] out = new long[BitArray.words(bits)];
    checkContexts(out, bits, contexts);
    if (parts.length != 1 << contexts.length) {
      throw new IllegalArgumentException(parts.length + " parts for " + contexts.length + " contexts");
    }
    for (int p = 0; p < parts.length; p++) {
      deposit(Objects.requireNonNull(parts[p], "part"), contexts, bits, p, out);
    }
    return out;
  }

  private static void checkContexts(long[] words, long bits, long[][] contexts) {
    if (contexts.length < 1 || contexts.length > MAX_CONTEXTS) {
      throw new IllegalArgumentException(contexts.length + " contexts, expected 1 to 3");
    }
    for (long[] c : contexts) {
      check(words, c, bits);
    }
  }

  private static void check(long[] words, long[] context, long bits) {
    Objects.requireNonNull(words, "words");
    Objects.requireNonNull(context, "context");
    if (bits < 1 || bits > Integer.MAX_VALUE || BitArray.words(bits) != words.length
        || context.length != words.length) {
      throw new IllegalArgumentException(words.length + " and " + context.length + " words do not hold " + bits + " bits");
    }
  }

  /** The positions of word w of {@code bits} where every context j has bit j of {@code which}; none past the end. */
  private static long mask(long[][] contexts, long bits, int w, int which) {
    long m = -1L;
    for (int j = 0; j < contexts.length; j++) {
      long c = contexts[j][w];
      m &= (which >>> j & 1) != 0 ? c : ~c;
    }
    int tail = (int) (bits - ((long) w << 6));
    return tail >= 64 ? m : m & ((1L << tail) - 1);
  }

  /** The SparseBits coding of the bits of {@code words} at the positions where the contexts are {@code which}. */
  private static byte[] part(long[] words, long[][] context, long bits, int which) {
    long length = positions(context, bits, words.length, which);
    long[] projected = project(words, context, bits, which, length);
    return BitArray.cardinality(projected) == 0 ? new byte[0] : SparseBits.encode(projected, length);
  }

  /** How many positions of {@code bits} the contexts have as {@code which}. */
  private static long positions(long[][] context, long bits, int words, int which) {
    long length = 0;
    for (int w = 0; w < words; w++) {
      length += Long.bitCount(mask(context, bits, w, which));
    }
    return length;
  }

  /** The bits of {@code words} at the positions where the contexts are {@code which}, in order ({@code length} of them). */
  private static long[] project(long[] words, long[][] context, long bits, int which, long length) {
    long[] projected = new long[BitArray.words(Math.max(1, length))];
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
    return projected;
  }

  /** Sets in {@code out} the bits a part codes, at the positions where the contexts are {@code which}. */
  private static void deposit(byte[] part, long[][] context, long bits, int which, long[] out) {
    if (part.length == 0) {
      return;
    }
    long length = positions(context, bits, out.length, which);
    if (length == 0) {
      throw new MalformedMessageException("conditioned bits code a part of no positions");
    }
    long[] projected = SparseBits.decode(part, length);
    if (BitArray.cardinality(projected) == 0) {
      throw new MalformedMessageException("conditioned bits code an empty part");
    }
    spread(projected, context, bits, which, out);
  }

  /** Sets in {@code out} the bits of {@code projected} at the positions where the contexts are {@code which}. */
  private static void spread(long[] projected, long[][] context, long bits, int which, long[] out) {
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

  /** Most contexts {@link Packer#parts} and {@link Unpacker#parts} split by. */
  public static final int MAX_CONTEXTS = 3;

  /**
   * Writes a bit array split by contexts as one bit stream: per part, in order of p, the number of
   * its one-bits as an Elias gamma code of count + 1, then the Golomb run code of its minority
   * symbol ({@link GolombRunCoder}, the parameter from the part's positions and the count), with
   * no length and no padding between parts; the stream is padded with zero bits to a byte once, at
   * the end. Other fields (a few bits of header) may come before the parts.
   */
  public static final class Packer {
    private final WireWriter out = new WireWriter(64);
    private final GolombRunCoder.BitSink sink = new GolombRunCoder.BitSink(out);

    /** Writes the low {@code width} bits of {@code value}, most significant first. */
    public Packer bits(long value, int width) {
      sink.write(value, width);
      return this;
    }

    /** Writes the parts of the first {@code bits} bits of {@code words} split by {@code contexts}. */
    public Packer parts(long[] words, long bits, long[]... contexts) {
      checkContexts(words, bits, contexts);
      for (int p = 0; p < 1 << contexts.length; p++) {
        long length = positions(contexts, bits, words.length, p);
        long[] projected = project(words, contexts, bits, p, length);
        long ones = BitArray.cardinality(projected);
        long v = ones + 1;
        int n = 63 - Long.numberOfLeadingZeros(v);
        sink.write(0, n);
        sink.write(v, n + 1);
        if (ones > 0 && ones < length) {
          GolombRunCoder.encode(projected, length, ones, GolombRunCoder.parameter(length, ones), sink);
        }
      }
      return this;
    }

    /** The bytes written, the last one padded with zero bits. */
    public byte[] toByteArray() {
      sink.finish();
      return out.toByteArray();
    }
  }

  /**
   * Reads what a {@link Packer} wrote, treating the bytes as untrusted: a count beyond its part's
   * positions, a gamma code longer than 32 bits, a run past the end of its part, reading past the
   * bytes, and (at {@link #end}) trailing bytes or non-zero padding raise {@link
   * MalformedMessageException}.
   */
  public static final class Unpacker {
    private final GolombRunCoder.BitSource src;

    public Unpacker(byte[] bytes) {
      Objects.requireNonNull(bytes, "bytes");
      src = new GolombRunCoder.BitSource(bytes, 0, bytes.length);
    }

    /** Reads {@code width} (at most 32) bits, most significant first. */
    public long bits(int width) {
      return src.read(width);
    }

    /** Reads the parts of an array of exactly {@code bits} bits split by {@code contexts}. */
    public long[] parts(long bits, long[]... contexts) {
      long[] out = new long[BitArray.words(bits)];
      checkContexts(out, bits, contexts);
      for (int p = 0; p < 1 << contexts.length; p++) {
        long length = positions(contexts, bits, out.length, p);
        int n = 0;
        while (src.read(1) == 0) {
          if (++n > 32) {
            throw new MalformedMessageException("packed part count of more than 32 bits");
          }
        }
        long ones = ((1L << n) | src.read(n)) - 1;
        if (ones > length) {
          throw new MalformedMessageException("packed part announces " + ones + " one-bits of " + length + " positions");
        }
        if (ones == 0) {
          continue;
        }
        long[] projected = ones == length ? allOnes(length)
            : GolombRunCoder.decode(src, length, ones, GolombRunCoder.parameter(length, ones));
        spread(projected, contexts, bits, p, out);
      }
      return out;
    }

    /** Checks that every byte was read and the padding bits are zero. */
    public void end() {
      src.expectEnd();
    }
  }

  private static long[] allOnes(long length) {
    long[] a = new long[BitArray.words(length)];
    for (long i = 0; i < length; i++) {
      BitArray.set(a, i);
    }
    return a;
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
