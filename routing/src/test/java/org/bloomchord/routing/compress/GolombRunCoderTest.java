package org.bloomchord.routing.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;

/**
 * The Golomb run coder against its definition, written here bit by bit as the class Javadoc
 * states it: for every array the code is the same to the bit, and every code decodes to its
 * array; codes cut short or with a run past the end are rejected.
 */
class GolombRunCoderTest {

  /** The definition: each run of majority symbols, ended by a minority one, as q ones, a zero and r in truncated binary. */
  private static byte[] reference(long[] words, long bits, long ones, long golomb) {
    StringBuilder code = new StringBuilder();
    boolean minority = ones <= bits - ones;
    if (Math.min(ones, bits - ones) > 0) {
      int b = 64 - Long.numberOfLeadingZeros(golomb - 1);
      long cutoff = (1L << b) - golomb;
      long run = 0;
      for (long i = 0; i < bits; i++) {
        if (BitArray.get(words, i) == minority) {
          code.append("1".repeat((int) (run / golomb))).append('0');
          long r = run % golomb;
          if (r < cutoff) {
            append(code, r, b - 1);
          } else {
            append(code, r + cutoff, b);
          }
          run = 0;
        } else {
          run++;
        }
      }
    }
    while (code.length() % 8 != 0) {
      code.append('0');
    }
    byte[] out = new byte[code.length() / 8];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(code.substring(8 * i, 8 * i + 8), 2);
    }
    return out;
  }

  private static void append(StringBuilder code, long value, int width) {
    for (int i = width - 1; i >= 0; i--) {
      code.append((value >>> i & 1) == 1 ? '1' : '0');
    }
  }

  @Test
  void everyCodeIsTheDefinitionsAndDecodesToItsArray() {
    SplittableRandom r = new SplittableRandom(17);
    for (int trial = 0; trial < 2000; trial++) {
      long bits = 1 + r.nextInt(trial < 1000 ? 300 : 9000);
      // shares from empty to full, both symbols as the minority, and runs longer than 56 bits
      double share = switch (trial % 5) {
        case 0 -> 0;
        case 1 -> 1;
        case 2 -> r.nextDouble() * 0.01;
        case 3 -> 1 - r.nextDouble() * 0.01;
        default -> r.nextDouble();
      };
      long[] words = RandomBits.of(r, bits, share);
      long ones = BitArray.cardinality(words);
      long golomb = trial % 7 == 0 ? 1 + r.nextInt(200) : GolombRunCoder.parameter(bits, ones);
      WireWriter out = new WireWriter(16);
      GolombRunCoder.encode(words, bits, ones, golomb, out);
      byte[] code = out.toByteArray();
      String where = "trial " + trial + ": " + bits + " bits, " + ones + " ones, M = " + golomb;
      assertArrayEquals(reference(words, bits, ones, golomb), code, where);
      assertArrayEquals(words, GolombRunCoder.decode(code, 0, code.length, bits, ones, golomb), where);
      if (code.length > 0) {
        assertThrows(MalformedMessageException.class,
            () -> GolombRunCoder.decode(code, 0, code.length - 1, bits, ones, golomb), where + ", cut short");
      }
    }
  }

  @Test
  void aRunPastTheEndIsRejected() {
    // 64 bits, one minority bit, M = 1: a unary run of 64 ones reaches past the last position
    byte[] allOnes = new byte[9];
    java.util.Arrays.fill(allOnes, (byte) 0xFF);
    assertThrows(MalformedMessageException.class, () -> GolombRunCoder.decode(allOnes, 0, allOnes.length, 64, 1, 1));
    // a run of exactly 64 (q = 64 ones, then the zero) names position 64 of 64
    byte[] exact = new byte[9];
    java.util.Arrays.fill(exact, 0, 8, (byte) 0xFF);
    assertThrows(MalformedMessageException.class, () -> GolombRunCoder.decode(exact, 0, exact.length, 64, 1, 1));
  }
}
