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

  /** Writes the code to {@code sink}, without padding: what follows may share its last byte. */
  static void encode(long[] words, long bits, long ones, long golomb, BitSink sink) {
    boolean minority = ones <= bits - ones;
    long count = Math.min(ones, bits - ones);
    if (count == 0) {
      return;
    }
    int b = 64 - Long.numberOfLeadingZeros(golomb - 1);
    long cutoff = (1L << b) - golomb;
    long run = 0;
    for (long i = 0; i < bits; i++) {
      if (BitArray.get(words, i) == minority) {
        long q = run / golomb;
        long r = run % golomb;
        for (long j = 0; j < q; j++) {
          sink.write(1, 1);
        }
        sink.write(0, 1);
        if (r < cutoff) {
          sink.write(r, b - 1);
        } else {
          sink.write(r + cutoff, b);
        }
        run = 0;
      } else {
        run++;
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
      long q = 0;
      while (src.read(1) == 1) {
        q++;
        if (q > bits / golomb) {
          throw new MalformedMessageException("golomb run beyond the end of the filter");
        }
      }
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
        for (long i = written; i < pos; i++) {
          BitArray.set(words, i);
        }
      } else {
        BitArray.set(words, pos);
      }
      pos++;
      written = pos;
    }
    if (!minority) {
      for (long i = written; i < bits; i++) {
        BitArray.set(words, i);
      }
    }
    return words;
  }

  /** Bits written most significant first into bytes. */
  static final class BitSink {
    private final WireWriter out;
    private long acc;
    private int used;

    BitSink(WireWriter out) {
      this.out = out;
    }

    void write(long value, int width) {
      for (int i = width - 1; i >= 0; i--) {
        acc = (acc << 1) | ((value >>> i) & 1);
        if (++used == 8) {
          out.writeByte((int) acc);
          acc = 0;
          used = 0;
        }
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
      for (int i = 0; i < width; i++) {
        if (left == 0) {
          if (pos >= end) {
            throw new MalformedMessageException("truncated golomb code");
          }
          current = in[pos++] & 0xFF;
          left = 8;
        }
        left--;
        v = (v << 1) | ((current >>> left) & 1);
      }
      return v;
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
