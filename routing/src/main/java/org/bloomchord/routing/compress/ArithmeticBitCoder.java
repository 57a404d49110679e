package org.bloomchord.routing.compress;

import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * Binary arithmetic coding of a bit array under a static model: every bit is one with the same
 * probability q, quantised to {@link #PRECISION} bits from the exact number of one-bits, which the
 * container header carries. The code length is about {@code m H(q)} bits plus four bytes of flush.
 *
 * <p>The coder is a carry-propagating range coder: a 32-bit range kept at least 2^24 after
 * normalisation, a 33-bit low whose top bit is the carry, and a cached byte followed by a count of
 * pending 0xFF bytes that a carry turns into 0x00. The split of the range is
 * {@code (range * q) >>> 24}, which lies in [1, range - 1] for every quantised q in
 * [1, 2^24 - 1] because range is at least 2^24, so both symbols always keep a non-empty interval.
 * The first byte the classic scheme emits is always zero and is not sent; the decoder reads
 * exactly the bytes the encoder wrote, no more, no fewer.
 */
final class ArithmeticBitCoder {

  /** Bits of precision of the one-bit probability. */
  static final int PRECISION = 24;
  private static final long TOP = 1L << 24;
  private static final long MASK32 = 0xFFFF_FFFFL;

  private ArithmeticBitCoder() {
  }

  /** The quantised probability of a one-bit, in [1, 2^24 - 1], from the exact counts. */
  static long quantisedOneProbability(long bits, long ones) {
    long q = ((ones << PRECISION) + bits / 2) / bits;
    return Math.max(1, Math.min((1L << PRECISION) - 1, q));
  }

  /** Writes the code of the first {@code bits} bits of {@code words}, which hold {@code ones} one-bits. */
  static void encode(long[] words, long bits, long ones, WireWriter out) {
    if (ones == 0 || ones == bits) {
      return;
    }
    Encoder enc = new Encoder(quantisedOneProbability(bits, ones), out);
    for (long i = 0; i < bits; i++) {
      enc.encode(BitArray.get(words, i));
    }
    enc.finish();
  }

  /**
   * Decodes {@code bits} bits holding {@code ones} one-bits from {@code payload[offset, offset +
   * length)}; the code must use every byte of that slice.
   */
  static long[] decode(byte[] payload, int offset, int length, long bits, long ones) {
    long[] words = new long[BitArray.words(bits)];
    if (ones == 0 || ones == bits) {
      if (length != 0) {
        throw new MalformedMessageException("arithmetic code of a constant filter must be empty, got " + length + " bytes");
      }
      if (ones == bits) {
        for (long i = 0; i < bits; i++) {
          BitArray.set(words, i);
        }
      }
      return words;
    }
    Decoder dec = new Decoder(quantisedOneProbability(bits, ones), payload, offset, length);
    for (long i = 0; i < bits; i++) {
      if (dec.decode()) {
        BitArray.set(words, i);
      }
    }
    dec.expectEnd();
    return words;
  }

  private static final class Encoder {
    private final long one;
    private final WireWriter out;
    private long low;
    private long range = MASK32;
    private int cache;
    private long pending = 1;
    private boolean first = true;

    Encoder(long one, WireWriter out) {
      this.one = one;
      this.out = out;
    }

    void encode(boolean bit) {
      long bound = (range * one) >>> PRECISION;
      if (bit) {
        range = bound;
      } else {
        low += bound;
        range -= bound;
      }
      while (range < TOP) {
        range <<= 8;
        shiftLow();
      }
    }

    private void shiftLow() {
      if (low < 0xFF00_0000L || low > MASK32) {
        int carry = (int) (low >>> 32);
        int b = cache;
        do {
          emit((b + carry) & 0xFF);
          b = 0xFF;
        } while (--pending != 0);
        cache = (int) ((low >>> 24) & 0xFF);
      }
      pending++;
      low = (low & 0x00FF_FFFFL) << 8;
    }

    private void emit(int b) {
      if (first) {
        first = false;
        if (b != 0) {
          throw new IllegalStateException("range coder invariant broken: carry into the first byte");
        }
        return;
      }
      out.writeByte(b);
    }

    void finish() {
      // five shifts push the 32 bits of low and the cached byte out; what stays pending is zero
      for (int i = 0; i < 5; i++) {
        shiftLow();
      }
    }
  }

  private static final class Decoder {
    private final long one;
    private final byte[] in;
    private final int end;
    private int pos;
    private long range = MASK32;
    private long code;

    Decoder(long one, byte[] in, int offset, int length) {
      this.one = one;
      this.in = in;
      this.pos = offset;
      this.end = offset + length;
      for (int i = 0; i < 4; i++) {
        code = (code << 8) | next();
      }
    }

    boolean decode() {
      long bound = (range * one) >>> PRECISION;
      boolean bit;
      if (code < bound) {
        range = bound;
        bit = true;
      } else {
        code -= bound;
        range -= bound;
        bit = false;
      }
      while (range < TOP) {
        range <<= 8;
        code = ((code << 8) | next()) & MASK32;
      }
      return bit;
    }

    private int next() {
      if (pos >= end) {
        throw new MalformedMessageException("truncated arithmetic code");
      }
      return in[pos++] & 0xFF;
    }

    void expectEnd() {
      if (pos != end) {
        throw new MalformedMessageException("arithmetic code has " + (end - pos) + " trailing bytes");
      }
    }
  }
}
