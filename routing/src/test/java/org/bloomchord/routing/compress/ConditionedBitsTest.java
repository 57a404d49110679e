package org.bloomchord.routing.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.bloomchord.overlay.MalformedMessageException;
import org.junit.jupiter.api.Test;

/**
 * Bits coded given a context: every array decodes back to itself under the same context (the
 * oracle is the array), the code is never much longer than one {@link SparseBits} array and is
 * shorter when the bits follow the context, and truncated, extended or damaged codes are
 * rejected or decode to another array, never read past their bytes.
 */
class ConditionedBitsTest {

  private static long[] random(SplittableRandom r, long bits, double share) {
    long[] words = new long[BitArray.words(bits)];
    for (long i = 0; i < bits; i++) {
      if (r.nextDouble() < share) {
        BitArray.set(words, i);
      }
    }
    return words;
  }

  @Test
  void everyArrayRoundTripsUnderItsContext() {
    SplittableRandom r = new SplittableRandom(39);
    for (int trial = 0; trial < 500; trial++) {
      long bits = 1 + r.nextInt(3000);
      long[] context = random(r, bits, r.nextDouble());
      long[] words = random(r, bits, r.nextInt(4) == 0 ? 0 : r.nextDouble() * r.nextDouble());
      byte[] code = ConditionedBits.encode(words, context, bits);
      assertArrayEquals(words, ConditionedBits.decode(code, context, bits), "trial " + trial + ", " + bits + " bits");
      // one length byte and at most one more count byte than a single SparseBits array of all m positions
      assertTrue(code.length <= SparseBits.encode(words, bits).length + 3 + bits / 64,
          "trial " + trial + ": " + code.length + " bytes");
    }
  }

  @Test
  void bitsThatFollowTheContextCostLessThanAlone() {
    SplittableRandom r = new SplittableRandom(4);
    long bits = 4096;
    long[] base = random(r, bits, 0.1);
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
    byte[] given = ConditionedBits.encode(changes, base, bits);
    byte[] alone = SparseBits.encode(changes, bits);
    // log2 of the number of ways to choose the changes, with and without knowing the base
    long ones = BitArray.cardinality(base);
    double ideal = (log2Choose(ones, 100) + log2Choose(bits - ones, 40)) / 8;
    double idealAlone = log2Choose(bits, 140) / 8;
    assertTrue(given.length <= 1.05 * ideal + 4, given.length + " bytes given the base, ideal " + ideal);
    assertTrue(alone.length >= idealAlone && given.length < alone.length - 0.8 * (idealAlone - ideal),
        given.length + " bytes given the base, " + alone.length + " alone");
    assertArrayEquals(changes, ConditionedBits.decode(given, base, bits));
  }

  private static double log2Choose(long n, long k) {
    double s = 0;
    for (long i = 0; i < k; i++) {
      s += Math.log((double) (n - i) / (k - i));
    }
    return s / Math.log(2);
  }

  @Test
  void anAllZeroArrayIsOneByte() {
    long[] context = {0xF0F0L};
    assertArrayEquals(new byte[] {0}, ConditionedBits.encode(new long[1], context, 64));
    assertArrayEquals(new long[1], ConditionedBits.decode(new byte[] {0}, context, 64));
    // a null context is all zeros
    long[] words = {0x8000_0000_0000_0101L, 7L};
    assertArrayEquals(words, ConditionedBits.decode(ConditionedBits.encode(words, new long[2], 128), null, 128));
  }

  @Test
  void truncatedExtendedAndDamagedCodesAreRejectedOrDecodeToAnotherArray() {
    SplittableRandom r = new SplittableRandom(77);
    long bits = 4096;
    int rejected = 0;
    int trials = 600;
    for (int trial = 0; trial < trials; trial++) {
      long[] context = random(r, bits, 0.3);
      long[] words = random(r, bits, 0.02);
      byte[] code = ConditionedBits.encode(words, context, bits);
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
        long[] back = ConditionedBits.decode(bad, context, bits);
        assertTrue(!Arrays.equals(words, back) || trial % 3 == 2, "trial " + trial + " decoded as the original");
        assertEquals(words.length, back.length);
      } catch (MalformedMessageException e) {
        rejected++;
      }
    }
    // extended codes are always rejected, truncated ones unless cut just before the second part
    assertTrue(rejected > 0.6 * trials, "rejected " + rejected + " of " + trials);
  }

  @Test
  void aFirstLengthBeyondTheBytesAndAnEmptyPartCodedAreRejected() {
    long[] context = new long[64];
    assertThrows(MalformedMessageException.class, () -> ConditionedBits.decode(new byte[] {5, 1, 2}, context, 4096));
    assertThrows(MalformedMessageException.class, () -> ConditionedBits.decode(new byte[] {(byte) 0xFF}, context, 4096));
    // a part present but with no set bit: not the one encoding of an all-zero array
    assertThrows(MalformedMessageException.class, () -> ConditionedBits.decode(new byte[] {1, 0}, context, 4096));
    // a part for the positions where the context is 1, when it never is
    byte[] part = SparseBits.encode(new long[] {1L}, 64);
    byte[] code = new byte[1 + part.length];
    System.arraycopy(part, 0, code, 1, part.length);
    assertThrows(MalformedMessageException.class, () -> ConditionedBits.decode(code, context, 4096));
  }

  @Test
  void partsOverSeveralContextsRoundTripAndOneContextGivesTheFramedParts() {
    SplittableRandom r = new SplittableRandom(93);
    for (int trial = 0; trial < 300; trial++) {
      long bits = 1 + r.nextInt(3000);
      long[][] contexts = new long[1 + r.nextInt(3)][];
      for (int j = 0; j < contexts.length; j++) {
        contexts[j] = random(r, bits, r.nextDouble());
      }
      long[] words = random(r, bits, r.nextInt(4) == 0 ? 0 : r.nextDouble() * r.nextDouble());
      byte[][] parts = ConditionedBits.parts(words, bits, contexts);
      assertEquals(1 << contexts.length, parts.length);
      assertArrayEquals(words, ConditionedBits.fromParts(parts, bits, contexts), "trial " + trial + ", " + bits + " bits");
      if (contexts.length == 1) {
        byte[] code = ConditionedBits.encode(words, contexts[0], bits);
        assertEquals(code.length, (parts[0].length < 128 ? 1 : 2) + parts[0].length + parts[1].length);
      }
    }
  }

  @Test
  void aSecondContextThatTheBitsFollowMakesTheCodeShorter() {
    SplittableRandom r = new SplittableRandom(5);
    long bits = 4096;
    long[] base = random(r, bits, 0.5);
    long[] below = random(r, bits, 0.1);
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
    int one = ConditionedBits.encode(changes, base, bits).length;
    byte[][] parts = ConditionedBits.parts(changes, bits, base, below);
    int two = 3;
    for (byte[] p : parts) {
      two += p.length;
    }
    assertTrue(two < 0.85 * one, two + " bytes given both contexts, " + one + " given the first");
  }

  @Test
  void aPartForPositionsNoContextHasOrWithoutSetBitsIsRejected() {
    long bits = 128;
    long[] zero = new long[2];
    long[] ones = {-1L, -1L};
    byte[] some = SparseBits.encode(new long[] {1L}, 64);
    // part 1 of (zero, ones): positions where the first context is 1 and the second 0: none
    byte[][] parts = {new byte[0], some, new byte[0], new byte[0]};
    assertThrows(MalformedMessageException.class, () -> ConditionedBits.fromParts(parts, bits, zero, ones));
    byte[][] empty = {new byte[0], new byte[0], SparseBits.encode(new long[2], 128), new byte[0]};
    assertThrows(MalformedMessageException.class, () -> ConditionedBits.fromParts(empty, bits, zero, ones));
    assertThrows(IllegalArgumentException.class, () -> ConditionedBits.fromParts(new byte[2][], bits, zero, ones));
  }

  @Test
  void packedPartsRoundTripBehindAHeaderAndCostLessThanFramedOnes() {
    SplittableRandom r = new SplittableRandom(61);
    long packed = 0;
    long framed = 0;
    for (int trial = 0; trial < 300; trial++) {
      long bits = 1 + r.nextInt(5000);
      long[][] contexts = new long[1 + r.nextInt(ConditionedBits.MAX_CONTEXTS)][];
      for (int j = 0; j < contexts.length; j++) {
        contexts[j] = random(r, bits, r.nextDouble());
      }
      long[] words = random(r, bits, r.nextInt(4) == 0 ? 0 : r.nextDouble() * r.nextDouble());
      byte[] code = new ConditionedBits.Packer().bits(trial & 1, 1).parts(words, bits, contexts).toByteArray();
      ConditionedBits.Unpacker in = new ConditionedBits.Unpacker(code);
      assertEquals(trial & 1, in.bits(1));
      assertArrayEquals(words, in.parts(bits, contexts), "trial " + trial + ", " + bits + " bits");
      in.end();
      packed += code.length;
      framed += contexts.length - 1 + Arrays.stream(ConditionedBits.parts(words, bits, contexts)).mapToInt(p -> p.length + 1).sum();
    }
    assertTrue(packed < framed, packed + " bytes packed, " + framed + " framed");
  }

  @Test
  void packedCodesCutShortExtendedOrClaimingMoreBitsThanTheirPartAreRejected() {
    long bits = 256;
    long[] context = new long[4];
    context[0] = 0xFFL;
    long[] words = new long[4];
    words[0] = 0x5L;
    words[3] = 1L << 63;
    byte[] code = new ConditionedBits.Packer().parts(words, bits, context).toByteArray();
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
  }

  private static long[] unpack(byte[] code, long bits, long[]... contexts) {
    ConditionedBits.Unpacker in = new ConditionedBits.Unpacker(code);
    long[] words = in.parts(bits, contexts);
    in.end();
    return words;
  }
}
