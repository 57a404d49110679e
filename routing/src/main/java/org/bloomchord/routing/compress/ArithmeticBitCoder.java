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
    for (int w = 0, n = BitArray.words(bits); w < n; w++) {
      long word = words[w];
      int count = (int) Math.min(64, bits - 64L * w);
      for (int b = 0; b < count; b++) {
        enc.encode((word & 1L << b) != 0);
      }
    }
    enc.finish();
  }

  /**
   * Decodes {@code bits} bits holding {@code ones} one-bits from {@code payload[offset, offset +
   * length)}; the code must use every byte of that slice.
   *
   * <p>The decoder's state lives in locals and each word of the result is assembled in a register,
   * one bit per step of the coder, so the loop touches memory only for the code's bytes and once
   * per 64 bits.
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
    long one = quantisedOneProbability(bits, ones);
    int end = offset + length;
    if (length < 4) {
      throw truncated();
    }
    int pos = offset;
    long code = 0;
    for (int i = 0; i < 4; i++) {
      code = (code << 8) | (payload[pos++] & 0xFF);
    }
    long range = MASK32;
    for (int w = 0; w < words.length; w++) {
      long word = 0;
      int count = (int) Math.min(64, bits - 64L * w);
      for (int b = 0; b < count; b++) {
        long bound = (range * one) >>> PRECISION;
        if (code < bound) {
          range = bound;
          word |= 1L << b;
        } else {
          code -= bound;
          range -= bound;
        }
        while (range < TOP) {
          if (pos >= end) {
            throw truncated();
          }
          range <<= 8;
          code = ((code << 8) | (payload[pos++] & 0xFF)) & MASK32;
        }
      }
      words[w] = word;
    }
    if (pos != end) {
      throw new MalformedMessageException("arithmetic code has " + (end - pos) + " trailing bytes");
    }
    return words;
  }

  private static MalformedMessageException truncated() {
    return new MalformedMessageException("truncated arithmetic code");
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
}
