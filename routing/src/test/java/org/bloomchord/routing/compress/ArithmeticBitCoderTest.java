package org.bloomchord.routing.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;

/**
 * The arithmetic code is part of the wire format: peers of different builds must read each other's
 * summaries. The expected lengths and CRC-32s below are those of the coder as it was before its
 * loops were rewritten to keep their state in locals (the per-bit {@code Decoder} object), so a
 * change that alters a single byte of the code fails here.
 */
class ArithmeticBitCoderTest {

  /** bits, one-bits per thousand drawn, expected one-bits, code length, CRC-32 of the code. */
  private static final long[][] PINNED = {
      {4096, 10, 48, 51, 0x56D85D1DL},
      {4096, 300, 1216, 453, 0x665FFE00L},
      {4096, 750, 3100, 413, 0x3D46DDDDL},
      {1000, 500, 473, 128, 0xA5C4A635L},
      {63, 200, 16, 10, 0xF3A9C7AFL},
      {12345, 37, 478, 368, 0xFAE87DCDL},
  };

  private static long[] bitsOf(long[] c, long[] onesOut) {
    int bits = (int) c[0];
    SplittableRandom r = new SplittableRandom(bits * 31L + c[1]);
    long[] words = new long[BitArray.words(bits)];
    for (int i = 0; i < bits; i++) {
      if (r.nextDouble() < c[1] / 1000.0) {
        BitArray.set(words, i);
        onesOut[0]++;
      }
    }
    return words;
  }

  @Test
  void theCodeIsByteForByteTheOneEarlierBuildsWroteAndDecodesBack() {
    for (long[] c : PINNED) {
      long[] ones = new long[1];
      long[] words = bitsOf(c, ones);
      assertEquals(c[2], ones[0], "one-bits drawn for " + Arrays.toString(c));
      WireWriter out = new WireWriter();
      ArithmeticBitCoder.encode(words, c[0], ones[0], out);
      byte[] code = out.toByteArray();
      CRC32 crc = new CRC32();
      crc.update(code);
      assertEquals(c[3], code.length, "length for " + Arrays.toString(c));
      assertEquals(c[4], crc.getValue(), "CRC-32 for " + Arrays.toString(c));
      assertArrayEquals(words, ArithmeticBitCoder.decode(code, 0, code.length, c[0], ones[0]));
    }
  }

  @Test
  void aCodeCutShortOrWithABytePastItsEndIsMalformed() {
    long[] c = PINNED[1];
    long[] ones = new long[1];
    long[] words = bitsOf(c, ones);
    WireWriter out = new WireWriter();
    ArithmeticBitCoder.encode(words, c[0], ones[0], out);
    byte[] code = out.toByteArray();
    for (int cut : new int[] {0, 3, code.length / 2, code.length - 1}) {
      assertThrows(MalformedMessageException.class, () -> ArithmeticBitCoder.decode(code, 0, cut, c[0], ones[0]),
          "cut to " + cut);
    }
    byte[] longer = Arrays.copyOf(code, code.length + 1);
    assertThrows(MalformedMessageException.class,
        () -> ArithmeticBitCoder.decode(longer, 0, longer.length, c[0], ones[0]));
  }
}
