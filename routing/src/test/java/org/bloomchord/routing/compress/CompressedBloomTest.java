package org.bloomchord.routing.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CompressedBloomTest {

  private static final long[] SIZES = {1, 2, 7, 8, 63, 64, 65, 100, 1000, 4097, 12345};

  private static BloomFilter filterOf(long m, int k, long keys, long seed) {
    BloomFilter f = new BloomFilter(m, k);
    SplittableRandom r = new SplittableRandom(seed);
    for (long i = 0; i < keys; i++) {
      f.add(r.nextLong());
    }
    return f;
  }

  private static BloomFilter full(long m, int k) {
    BloomFilter f = new BloomFilter(m, k);
    for (long i = 0; i < m; i++) {
      f.set(i);
    }
    return f;
  }

  @ParameterizedTest
  @EnumSource(BitCodec.class)
  void decodingReturnsExactlyTheEncodedFilterForManyShapesAndDensities(BitCodec codec) {
    long seed = 1;
    for (long m : SIZES) {
      for (int k : new int[] {1, 3, 7}) {
        for (long keys : new long[] {0, 1, 3, m / 50, m / 10, m / 3, m, 4 * m}) {
          BloomFilter f = filterOf(m, k, keys, seed++);
          assertEquals(f, CompressedBloom.decode(CompressedBloom.encode(f, codec), m), () -> f + " with " + codec);
        }
      }
      BloomFilter allOnes = full(m, 2);
      assertEquals(allOnes, CompressedBloom.decode(CompressedBloom.encode(allOnes, codec), m));
    }
  }

  @ParameterizedTest
  @EnumSource(BitCodec.class)
  void hostileBitPatternsRoundTrip(BitCodec codec) {
    // alternating bits, one isolated zero, one isolated one, long runs: the extremes of both models
    long m = 10_000;
    BloomFilter alternating = new BloomFilter(m, 1);
    BloomFilter oneZero = full(m, 1);
    BloomFilter oneOne = new BloomFilter(m, 1);
    BloomFilter runs = new BloomFilter(m, 1);
    for (long i = 0; i < m; i += 2) {
      alternating.set(i);
    }
    oneZero = BloomFilter.of(oneZero.shape(), clearBit(oneZero.toLongArray(), m - 1));
    oneOne.set(0);
    for (long i = 3000; i < 7000; i++) {
      runs.set(i);
    }
    for (BloomFilter f : new BloomFilter[] {alternating, oneZero, oneOne, runs}) {
      assertEquals(f, CompressedBloom.decode(CompressedBloom.encode(f, codec), m));
    }
  }

  private static long[] clearBit(long[] words, long i) {
    words[(int) (i >>> 6)] &= ~(1L << i);
    return words;
  }

  @Test
  void arithmeticCodeOfASparseFilterIsWithinOverheadOfTheEntropy() {
    // 200,000 bits, 10,000 keys, k = 2: about 0.1 of the bits set, m H(p) ~ 94,000 bits
    BloomFilter f = filterOf(200_000, 2, 10_000, 7);
    double entropy = CompressedBloom.entropyBits(f);
    long encoded = CompressedBloom.encodedBits(f);
    // header (version, codec, m, k, ones, parameter, checksum) is at most 19 bytes, flush 4 bytes,
    // and 24-bit quantisation of the probability costs far below one bit here
    assertTrue(encoded >= entropy - 1, () -> encoded + " below entropy " + entropy);
    assertTrue(encoded <= entropy + 8 * 24, () -> encoded + " vs entropy " + entropy);
  }

  @Test
  void constantFiltersCostOnlyTheHeader() {
    assertTrue(CompressedBloom.encodedBits(new BloomFilter(1_000_000, 3)) <= 8 * 16);
    assertTrue(CompressedBloom.encodedBits(full(100_000, 3)) <= 8 * 16);
  }

  @ParameterizedTest
  @EnumSource(BitCodec.class)
  void everyTruncationAndTrailingByteIsRejected(BitCodec codec) {
    BloomFilter f = filterOf(5000, 3, 300, 11);
    byte[] bytes = CompressedBloom.encode(f, codec);
    for (int len = 0; len < bytes.length; len++) {
      byte[] prefix = Arrays.copyOf(bytes, len);
      assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(prefix, 5000), "prefix " + len);
    }
    byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
    assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(longer, 5000));
  }

  @ParameterizedTest
  @EnumSource(BitCodec.class)
  void everySingleBitFlipIsRejectedOrYieldsTheOriginal(BitCodec codec) {
    // flips in the last four code bytes (the flush) may stay inside the final interval and decode
    // to the same filter; what must never happen is a different filter or another exception
    BloomFilter f = filterOf(3000, 2, 200, 13);
    byte[] bytes = CompressedBloom.encode(f, codec);
    int rejected = 0;
    for (int i = 0; i < bytes.length * 8; i++) {
      byte[] corrupt = bytes.clone();
      corrupt[i / 8] ^= (byte) (1 << (i % 8));
      try {
        BloomFilter g = CompressedBloom.decode(corrupt, 1 << 20);
        assertEquals(f, g, "bit " + i + " flipped decoded to another filter");
      } catch (MalformedMessageException expected) {
        rejected++;
      }
    }
    assertTrue(rejected >= bytes.length * 8 - 32, "rejected " + rejected + " of " + bytes.length * 8);
  }

  @Test
  void randomGarbageIsRejected() {
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < 2000; i++) {
      byte[] garbage = new byte[r.nextInt(64)];
      r.nextBytes(garbage);
      if (garbage.length > 2) {
        garbage[0] = (byte) CompressedBloom.FORMAT_VERSION;
        garbage[1] = (byte) (1 + r.nextInt(2));
      }
      try {
        CompressedBloom.decode(garbage, 1 << 16);
        fail("garbage decoded: " + Arrays.toString(garbage));
      } catch (MalformedMessageException expected) {
        // rejected as it must be
      }
    }
  }

  @Test
  void headerFieldsOutOfRangeAreRejected() {
    BloomFilter f = filterOf(1000, 3, 50, 3);
    byte[] ok = CompressedBloom.encode(f);
    assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(ok, 999), "m above maxBits");
    byte[] version = ok.clone();
    version[0] = 9;
    assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(version, 1000));
    byte[] codec = ok.clone();
    codec[1] = 7;
    assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(codec, 1000));
    // m = 1000 is a two-byte varint at [2, 4), k at 4
    byte[] k0 = ok.clone();
    k0[4] = 0;
    assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(k0, 1000));
    byte[] k65 = ok.clone();
    k65[4] = 65;
    assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(k65, 1000));
    byte[] tooManyOnes = ok.clone();
    tooManyOnes[5] = (byte) 0xE9; // 1001 as a varint is 0xE9 0x07: needs the byte after too
    tooManyOnes[6] = 0x07;
    assertThrows(MalformedMessageException.class, () -> CompressedBloom.decode(tooManyOnes, 1000));
  }

  @Test
  void decodedFilterAnswersLikeTheOriginal() {
    BloomShape shape = new BloomShape(96_000, 4);
    BloomFilter f = new BloomFilter(shape);
    for (long key = 0; key < 10_000; key++) {
      f.add(key);
    }
    BloomFilter g = CompressedBloom.decode(CompressedBloom.encode(f), shape.bits());
    for (long key = 0; key < 20_000; key++) {
      assertEquals(f.mightContain(key), g.mightContain(key));
    }
  }
}
