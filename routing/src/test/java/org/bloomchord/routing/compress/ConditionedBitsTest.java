package org.bloomchord.routing.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;

/**
 * Bits coded given one to three contexts as one packed bit stream: every array decodes back to
 * itself under the same contexts (the oracle is the array), the code is bounded by {@link
 * SparseBits} codes of the same bits and is shorter when the bits follow the contexts, and
 * truncated, extended, damaged or over-claiming codes are rejected or decode to another array,
 * never read past their bytes.
 */
class ConditionedBitsTest {

  private static byte[] pack(long[] words, long bits, long[]... contexts) {
    return new ConditionedBits.Packer().parts(words, bits, contexts).toByteArray();
  }

  private static long[] unpack(byte[] code, long bits, long[]... contexts) {
    ConditionedBits.Unpacker in = new ConditionedBits.Unpacker(code);
    long[] words = in.parts(bits, contexts);
    in.end();
    return words;
  }

  /** The bits of {@code words} at the positions where every context j has bit j of {@code p}, in order. */
  private static long[] part(long[] words, long bits, long[][] contexts, int p) {
    long length = positions(bits, contexts, p);
    long[] out = new long[BitArray.words(Math.max(1, length))];
    long k = 0;
    for (long i = 0; i < bits; i++) {
      if (in(contexts, i, p)) {
        if (BitArray.get(words, i)) {
          BitArray.set(out, k);
        }
        k++;
      }
    }
    return length == 0 ? null : out;
  }

  private static boolean in(long[][] contexts, long i, int p) {
    for (int j = 0; j < contexts.length; j++) {
      if (BitArray.get(contexts[j], i) != ((p >>> j & 1) != 0)) {
        return false;
      }
    }
    return true;
  }

  /** Bits of the Elias gamma code of {@code v} (at least 1). */
  private static int gamma(long v) {
    return 2 * (63 - Long.numberOfLeadingZeros(v)) + 1;
  }

  @Test
  void everyArrayRoundTripsUnderOneToThreeContextsBehindAHeader() {
    SplittableRandom r = new SplittableRandom(39);
    for (int trial = 0; trial < 600; trial++) {
      long bits = 1 + r.nextInt(5000);
      long[][] contexts = new long[1 + r.nextInt(ConditionedBits.MAX_CONTEXTS)][];
      for (int j = 0; j < contexts.length; j++) {
        contexts[j] = RandomBits.of(r, bits, r.nextDouble());
      }
      long[] words = RandomBits.of(r, bits, r.nextInt(4) == 0 ? 0 : r.nextDouble() * r.nextDouble());
      byte[] code = new ConditionedBits.Packer().bits(trial & 5, 3).parts(words, bits, contexts).toByteArray();
      ConditionedBits.Unpacker in = new ConditionedBits.Unpacker(code);
      assertEquals(trial & 5, in.bits(3));
      assertArrayEquals(words, in.parts(bits, contexts), "trial " + trial + ", " + bits + " bits");
      in.end();
    }
  }

  /**
   * The bound against one SparseBits array of all m positions. Under all-zero contexts part 0 is
   * the whole array and the other 2^k - 1 parts have no positions; so the packed stream is the
   * gamma code of n + 1 (2·floor(log2(n + 1)) + 1 bits), the same Golomb code G as SparseBits
   * writes (same positions, count and parameter), and 2^k - 1 one-bit gamma codes of 0 + 1,
   * padded once; SparseBits is varlong(n) bytes then G padded. With ceil(a / 8) <= ceil((a + b)
   * / 8) <= ceil(a / 8) + ceil(b / 8): sparse - varlong(n) <= packed <= sparse - varlong(n) +
   * ceil((gamma(n + 1) + 2^k - 1) / 8).
   */
  @Test
  void underZeroContextsTheCodeIsTheWholeArraysGolombCodeBehindGammaCounts() {
    SplittableRandom r = new SplittableRandom(17);
    for (int trial = 0; trial < 500; trial++) {
      long bits = 1 + r.nextInt(5000);
      int k = 1 + r.nextInt(ConditionedBits.MAX_CONTEXTS);
      long[][] contexts = new long[k][BitArray.words(bits)];
      long[] words = RandomBits.of(r, bits, r.nextInt(4) == 0 ? 0 : r.nextDouble());
      long ones = BitArray.cardinality(words);
      int packed = pack(words, bits, contexts).length;
      int golomb = SparseBits.encode(words, bits).length - WireWriter.varLongSize(ones);
      String at = "trial " + trial + ": " + bits + " bits, " + ones + " set, " + packed + " bytes";
      assertTrue(packed >= golomb, at);
      assertTrue(packed <= golomb + (gamma(ones + 1) + (1 << k) - 1 + 7) / 8, at);
    }
  }

  /**
   * The bound against the parts' own SparseBits codes (the parts framed one by one), under
   * contexts of any density: part p costs gamma(n_p + 1) bits and its Golomb code G_p, which
   * SparseBits of the part writes as well (its varlong(n_p) bytes, then G_p padded); so packed <=
   * sum over parts with a set bit of (sparse_p - varlong(n_p)) + ceil(sum of gamma(n_p + 1) / 8).
   * Summed over the trials the packed codes are shorter than the framed parts (each SparseBits
   * part with a varint of its length before it, none for an empty part, as a framed coding would
   * send them): no padding per part, and a count of few bits where the part has few set bits.
   */
  @Test
  void theCodeIsBoundedByItsPartsSparseBitsCodesAndShorterThanThemFramed() {
    SplittableRandom r = new SplittableRandom(61);
    long packedTotal = 0;
    long framedTotal = 0;
    for (int trial = 0; trial < 300; trial++) {
      long bits = 1 + r.nextInt(5000);
      long[][] contexts = new long[1 + r.nextInt(ConditionedBits.MAX_CONTEXTS)][];
      for (int j = 0; j < contexts.length; j++) {
        contexts[j] = RandomBits.of(r, bits, r.nextDouble());
      }
      long[] words = RandomBits.of(r, bits, r.nextInt(4) == 0 ? 0 : r.nextDouble() * r.nextDouble());
      int packed = pack(words, bits, contexts).length;
      long golomb = 0;
      long gammas = 0;
      long framed = 0;
      for (int p = 0; p < 1 << contexts.length; p++) {
        long[] part = part(words, bits, contexts, p);
        long ones = part == null ? 0 : BitArray.cardinality(part);
        gammas += gamma(ones + 1);
        if (ones > 0) {
          byte[] sparse = SparseBits.encode(part, positions(bits, contexts, p));
          golomb += sparse.length - WireWriter.varLongSize(ones);
          framed += WireWriter.varLongSize(sparse.length) + sparse.length;
        } else {
          framed += 1;
        }
      }
      assertTrue(packed <= golomb + (gammas + 7) / 8, "trial " + trial + ": " + packed + " bytes, parts' codes "
          + golomb + " and " + gammas + " bits of counts");
      packedTotal += packed;
      framedTotal += framed;
    }
    assertTrue(packedTotal < framedTotal, packedTotal + " bytes packed, " + framedTotal + " framed");
  }

  private static long positions(long bits, long[][] contexts, int p) {
    long length = 0;
    for (long i = 0; i < bits; i++) {
      length += in(contexts, i, p) ? 1 : 0;
    }
    return length;
  }

  @Test
  void bitsThatFollowTheContextCostLessThanAlone() {
    SplittableRandom r = new SplittableRandom(4);
    long bits = 4096;
    long[] base = RandomBits.of(r, bits, 0.1);
    long[] changes = new long[base.length];
    // 100 bits cleared, all where the base is set; 40 set where it is clear
    int cleared = 0;
    int set = 0;
    while (cleared < 100 || set < 40) {
      long i = r.nextLong(bits);
      if (BitArray.get(changes, i)) {
        continue;
      }
      if (BitArray.get(base, i) && cleared < 100) {
        BitArray.set(changes, i);
        cleared++;
      } else if (!BitArray.get(base, i) && set < 40) {
        BitArray.set(changes, i);
        set++;
      }
    }
    byte[] given = pack(changes, bits, base);
    byte[] alone = SparseBits.encode(changes, bits);
    // log2 of the number of ways to choose the changes, with and without knowing the base
    long ones = BitArray.cardinality(base);
    double ideal = (log2Choose(ones, 100) + log2Choose(bits - ones, 40)) / 8;
    double idealAlone = log2Choose(bits, 140) / 8;
    assertTrue(given.length <= 1.05 * ideal + 4, given.length + " bytes given the base, ideal " + ideal);
    assertTrue(alone.length >= idealAlone && given.length < alone.length - 0.8 * (idealAlone - ideal),
        given.length + " bytes given the base, " + alone.length + " alone");
    assertArrayEquals(changes, unpack(given, bits, base));
  }

  private static double log2Choose(long n, long k) {
    double s = 0;
    for (long i = 0; i < k; i++) {
      s += Math.log((double) (n - i) / (k - i));
    }
    return s / Math.log(2);
  }

  @Test
  void aSecondContextThatTheBitsFollowMakesTheCodeShorter() {
    SplittableRandom r = new SplittableRandom(5);
    long bits = 4096;
    long[] base = RandomBits.of(r, bits, 0.5);
    long[] below = RandomBits.of(r, bits, 0.1);
    // 60 changes, 50 of them where the level below is set
    long[] changes = new long[base.length];
    int near = 0;
    int far = 0;
    while (near < 50 || far < 10) {
      long i = r.nextLong(bits);
      if (BitArray.get(changes, i)) {
        continue;
      }
      if (BitArray.get(below, i) && near < 50) {
        BitArray.set(changes, i);
        near++;
      } else if (!BitArray.get(below, i) && far < 10) {
        BitArray.set(changes, i);
        far++;
      }
    }
    int one = pack(changes, bits, base).length;
    byte[] both = pack(changes, bits, base, below);
    assertTrue(both.length < 0.85 * one, both.length + " bytes given both contexts, " + one + " given the first");
    assertArrayEquals(changes, unpack(both, bits, base, below));
  }

  @Test
  void anAllZeroArrayIsOneGammaBitPerPart() {
    long[] context = {0xF0F0L};
    // two parts, each "1" (the gamma code of 0 + 1), padded: 1100 0000
    assertArrayEquals(new byte[] {(byte) 0xC0}, pack(new long[1], 64, context));
    assertArrayEquals(new long[1], unpack(new byte[] {(byte) 0xC0}, 64, context));
    long[] c = new long[BitArray.words(5000)];
    assertArrayEquals(new byte[] {(byte) 0xFF}, pack(new long[c.length], 5000, c, c, c));
    assertArrayEquals(new long[c.length], unpack(new byte[] {(byte) 0xFF}, 5000, c, c, c));
  }

  /**
   * The Unpacker reads only the array it is given (a read past it would throw
   * ArrayIndexOutOfBoundsException and fail the test), so a code that does not end where its bytes
   * do is rejected and never read past.
   */
  @Test
  void truncatedExtendedAndDamagedCodesAreRejectedOrDecodeToAnotherArray() {
    SplittableRandom r = new SplittableRandom(77);
    long bits = 4096;
    int[] rejected = new int[3];
    int trials = 600;
    for (int trial = 0; trial < trials; trial++) {
      long[][] contexts = new long[1 + trial % 2][];
      for (int j = 0; j < contexts.length; j++) {
        contexts[j] = RandomBits.of(r, bits, 0.3);
      }
      long[] words = RandomBits.of(r, bits, 0.02);
      byte[] code = pack(words, bits, contexts);
      byte[] bad = switch (trial % 3) {
        case 0 -> Arrays.copyOf(code, r.nextInt(code.length));
        case 1 -> Arrays.copyOf(code, code.length + 1 + r.nextInt(5));
        default -> {
          byte[] b = code.clone();
          b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
          yield b;
        }
      };
      try {
        long[] back = unpack(bad, bits, contexts);
        assertTrue(trial % 3 == 2 && !Arrays.equals(words, back), "trial " + trial + " decoded as the original");
        assertEquals(words.length, back.length);
      } catch (MalformedMessageException e) {
        rejected[trial % 3]++;
      }
    }
    // a cut or extended code never ends where its bytes do
    assertEquals(trials / 3, rejected[0], "truncated");
    assertEquals(trials / 3, rejected[1], "extended");
    // a flipped bit in a run code often decodes to another array; one in a count or the padding rarely does
    assertTrue(rejected[2] > 0.15 * trials / 3, "rejected " + rejected[2] + " of " + trials / 3 + " damaged");
  }

  @Test
  void codesCutShortExtendedOrClaimingMoreBitsThanTheirPartAreRejected() {
    long bits = 256;
    long[] context = new long[4];
    context[0] = 0xFFL;
    long[] words = new long[4];
    words[0] = 0x5L;
    words[3] = 1L << 63;
    byte[] code = pack(words, bits, context);
    assertArrayEquals(words, unpack(code, bits, context));
    assertThrows(MalformedMessageException.class, () -> unpack(Arrays.copyOf(code, code.length - 1), bits, context), "cut");
    assertThrows(MalformedMessageException.class, () -> unpack(Arrays.copyOf(code, code.length + 1), bits, context), "extended");
    byte[] padded = code.clone();
    padded[padded.length - 1] |= 1;
    assertThrows(MalformedMessageException.class, () -> unpack(padded, bits, context), "non-zero padding");
    // part 0 has 248 positions; gamma of 250 (249 one-bits): 0000000 11111010
    byte[] tooMany = {0x01, (byte) 0xF4, 0, 0, 0};
    assertThrows(MalformedMessageException.class, () -> unpack(tooMany, bits, context), "more one-bits than positions");
    assertThrows(MalformedMessageException.class, () -> unpack(new byte[5], bits, context), "a gamma code of 33 zeros");
    // under an all-zero context part 1 has no positions: "1" (part 0: none set), "010" (part 1: one set)
    long[] zero = new long[4];
    assertThrows(MalformedMessageException.class, () -> unpack(new byte[] {(byte) 0xA0}, bits, zero),
        "a set bit in a part of no positions");
    // three contexts: part 5 (first and third context 1, second 0) has no positions when the second is all ones
    long[] ones = {-1L, -1L, -1L, -1L};
    byte[] fifth = new ConditionedBits.Packer().bits(0b11111, 5).bits(0b010, 3).bits(0b11, 2).toByteArray();
    assertThrows(MalformedMessageException.class, () -> unpack(fifth, bits, zero, ones, zero), "part 5 of none");
  }
}
