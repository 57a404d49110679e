package org.bloomchord.routing.compress;

import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * A bit array of known length m coded given one to three context arrays of the same length that
 * the receiver already holds. The positions are split into parts by the context bits (part p
 * holds, in order, the positions where every context j has bit j of p: one context gives the
 * positions where it is 0 and those where it is 1), and each part travels over its own positions
 * only. When the share of set bits differs between the parts (the changed bits of a filter
 * against the filter they change: a cleared bit can only be a set one; a level of a summary
 * against the level below it), this is shorter than one {@link SparseBits} array over all m
 * positions, by up to m·I(bit; contexts) bits.
 *
 * <p>{@link Packer} writes and {@link Unpacker} reads the parts as one bit stream, most
 * significant bit first, after whatever header bits the caller writes:
 *
 * <pre>
 *   per part p, in order of p:
 *     gamma   the number n of its set bits, as an Elias gamma code of n + 1
 *     bits    the Golomb run code of its minority symbol ({@link GolombRunCoder}, the parameter
 *             from the part's positions and n); nothing when n is 0 or every position
 *   zeros   padding to a byte, once, at the end
 * </pre>
 *
 * <p>There is no length and no padding between parts: the receiver knows each part's positions
 * from the contexts. An all-zero array under one context is two bits, one byte. Decoding treats
 * the bytes as untrusted (see {@link Unpacker}).
 */
public final class ConditionedBits {

  private ConditionedBits() {
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

  /** Sets in {@code out} the bits of {@code projected} at the positions where the contexts are {@code which}. */
  private static void spread(long[] projected, long[][] context, long bits, int which, long[] out) {
    long offset = 0;
    for (int w = 0; w < out.length; w++) {
      long m = mask(context, bits, w, which);
      int n = Long.bitCount(m);
      out[w] |= deposit(bitsAt(projected, offset, n), m);
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

  /**
   * The low bits of {@code src} placed, in order, at the set bits of {@code m} (what the
   * instruction PDEP does): one step per set bit of m up to the last set bit of src.
   */
  private static long deposit(long src, long m) {
    long out = 0;
    while (src != 0 && m != 0) {
      long low = m & -m;
      if ((src & 1) != 0) {
        out |= low;
      }
      src >>>= 1;
      m ^= low;
    }
    return out;
  }
}
