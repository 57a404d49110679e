package org.bloomchord.routing.compress;

import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * Golomb coding of run lengths: the bit array is read as runs of its majority symbol, each ended
 * by one minority symbol; the count of minority symbols (known from the header's one-bit count)
 * says how many runs there are, and the majority symbols after the last minority one are implied
 * by m. A run of length r is written as r / M in unary (ones ended by a zero) and r mod M in
 * truncated binary. For geometric run lengths with continuation probability t the best M is the
 * smallest integer with {@code t^M + t^(M+1) <= 1} (Gallager and Van Voorhis), computed here from
 * the exact counts; the container header carries M so that the decoder never recomputes it.
 *
 * <p>Bits are packed most significant first; the padding bits of the last byte must be zero and
 * the code must use every byte it was given.
 */
final class GolombRunCoder {

  private GolombRunCoder() {
  }

  /** The Golomb parameter M for a filter of {@code bits} bits with {@code ones} one-bits. */
  static long parameter(long bits, long ones) {
    long minority = Math.min(ones, bits - ones);
    if (minority == 0) {
      return 1;
    }
    double t = (double) (bits - minority) / bits;
    if (t <= 0.5) {
      return 1;
    }
    double m = Math.ceil(Math.log1p(t) / -Math.log(t));
    return (long) Math.max(1, Math.min(m, Math.max(1, bits)));
  }

  /** Writes the code of the first {@code bits} bits of {@code words} with parameter {@code golomb}. */
  static void encode(long[] words, long bits, long ones, long golomb, WireWriter out) {
    BitSink sink = new BitSink(out);
    encode(words, bits, ones, golomb, sink);
    sink.finish();
  }

  /**
   * Writes the code to {@code sink}, without padding: what follows may share its last byte. The
   * minority symbols are found a word at a time (their positions by trailing zeros), not bit by
   * bit; the code is the same.
   */
  static void encode(long[] words, long bits, long ones, long golomb, BitSink sink) {
    boolean minority = ones <= bits - ones;
    long count = Math.min(ones, bits - ones);
    if (count == 0) {
      return;
    }
    int b = 64 - Long.numberOfLeadingZeros(golomb - 1);
    long cutoff = (1L << b) - golomb;
    long last = -1;
    int n = BitArray.words(bits);
    for (int w = 0; w < n; w++) {
      long m = minority ? words[w] : ~words[w];
      long tail = bits - ((long) w << 6);
      if (tail < 64) {
        m &= (1L << tail) - 1;
      }
      while (m != 0) {
        long pos = ((long) w << 6) + Long.numberOfTrailingZeros(m);
        long run = pos - last - 1;
        long q = run / golomb;
        long r = run % golomb;
        int width = r < cutoff ? b - 1 : b;
        long rest = r < cutoff ? r : r + cutoff;
        if (q + 1 + width <= 56) {
          // q ones, a zero and the remainder in one write
          sink.write((((1L << q) - 1) << (width + 1)) | rest, (int) q + 1 + width);
        } else {
          sink.writeOnes(q);
          sink.write(0, 1);
          sink.write(rest, width);
        }
        last = pos;
        m &= m - 1;
      }
    }
  }

  /** Decodes {@code payload[offset, offset + length)} into {@code bits} bits with {@code ones} one-bits. */
  static long[] decode(byte[] payload, int offset, int length, long bits, long ones, long golomb) {
    BitSource src = new BitSource(payload, offset, length);
    long[] words = decode(src, bits, ones, golomb);
    src.expectEnd();
    return words;
  }

  /** Reads from {@code src} the code of {@code bits} bits holding {@code ones} one-bits, and no more. */
  static long[] decode(BitSource src, long bits, long ones, long golomb) {
    boolean minority = ones <= bits - ones;
    long count = Math.min(ones, bits - ones);
    long[] words = new long[BitArray.words(bits)];
    int b = 64 - Long.numberOfLeadingZeros(golomb - 1);
    long cutoff = (1L << b) - golomb;
    long pos = 0;
    long written = 0;
    for (long c = 0; c < count; c++) {
      long q = src.readOnes(bits / golomb);
      long r = 0;
      if (b > 0) {
        r = src.read(b - 1);
        if (r >= cutoff) {
          r = ((r << 1) | src.read(1)) - cutoff;
        }
      }
      long run = q * golomb + r;
      if (run >= bits - pos) {
        throw new MalformedMessageException("golomb run beyond the end of the filter");
      }
      pos += run;
      if (!minority) {
        // majority ones: fill the run
        setRange(words, written, pos);
      } else {
        BitArray.set(words, pos);
      }
      pos++;
      written = pos;
    }
    if (!minority) {
      setRange(words, written, bits);
    }
    return words;
  }

  /** Sets the bits [from, to) of {@code words}. */
  private static void setRange(long[] words, long from, long to) {
    while (from < to) {
      int w = (int) (from >>> 6);
      int lo = (int) (from & 63);
      int hi = (int) Math.min(64, to - ((long) w << 6));
      words[w] |= (hi == 64 ? -1L : (1L << hi) - 1) & (-1L << lo);
      from = ((long) w << 6) + hi;
    }
  }

  /** Bits written most significant first into bytes, up to 56 at a time. */
  static final class BitSink {
    private final WireWriter out;
    /** The last {@code used} bits (fewer than 8) not yet written. */
    private long acc;
    private int used;

    BitSink(WireWriter out) {
      this.out = out;
    }

    /** Writes the low {@code width} bits of {@code value}, most significant first. */
    void write(long value, int width) {
      if (width > 56) {
        write(value >>> 32, width - 32);
        write(value, 32);
        return;
      }
      if (width <= 0) {
        return;
      }
      acc = (acc << width) | (value & ((1L << width) - 1));
      used += width;
      while (used >= 8) {
        used -= 8;
        out.writeByte((int) (acc >>> used));
      }
      acc &= (1L << used) - 1;
    }

    /** Writes {@code count} one-bits. */
    void writeOnes(long count) {
      while (count > 0) {
        int k = (int) Math.min(56, count);
        write(-1L, k);
        count -= k;
      }
    }

    void finish() {
      if (used > 0) {
        out.writeByte((int) (acc << (8 - used)));
      }
    }
  }

  /** Bits read most significant first from a slice of bytes, never past it. */
  static final class BitSource {
    private final byte[] in;
    private final int end;
    private int pos;
    private int current;
    private int left;

    BitSource(byte[] in, int offset, int length) {
      this.in = in;
      this.pos = offset;
      this.end = offset + length;
    }

    long read(int width) {
      long v = 0;
      while (width > 0) {
        if (left == 0) {
          load();
        }
        int take = Math.min(left, width);
        left -= take;
        v = (v << take) | ((current >>> left) & ((1 << take) - 1));
        width -= take;
      }
      return v;
    }

    /**
     * Reads one-bits up to and including the next zero-bit and returns how many ones there were.
     *
     * @throws MalformedMessageException when there are more than {@code limit} ones (a run beyond
     *     the end of the filter) or the bytes end first
     */
    long readOnes(long limit) {
      long q = 0;
      while (true) {
        if (left == 0) {
          load();
        }
        int zeros = ~current & ((1 << left) - 1);
        int ones = zeros == 0 ? left : left - (32 - Integer.numberOfLeadingZeros(zeros));
        q += ones;
        if (q > limit) {
          throw new MalformedMessageException("golomb run beyond the end of the filter");
        }
        if (zeros != 0) {
          left -= ones + 1;
          return q;
        }
        left = 0;
      }
    }

    private void load() {
      if (pos >= end) {
        throw new MalformedMessageException("truncated golomb code");
      }
      current = in[pos++] & 0xFF;
      left = 8;
    }

    void expectEnd() {
      if (pos != end) {
        throw new MalformedMessageException("golomb code has " + (end - pos) + " trailing bytes");
      }
      if ((current & ((1 << left) - 1)) != 0) {
        throw new MalformedMessageException("golomb code has non-zero padding bits");
      }
    }
  }
}
