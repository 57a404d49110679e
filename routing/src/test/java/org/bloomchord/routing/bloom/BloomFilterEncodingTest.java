package org.bloomchord.routing.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The binary encoding: round trips, and every kind of corrupt input rejected as malformed. */
class BloomFilterEncodingTest {

  private static BloomFilter randomFilter(long m, int k, int keys, long seed) {
    Random rnd = new Random(seed);
    BloomFilter f = new BloomFilter(m, k);
    for (int i = 0; i < keys; i++) {
      f.add(rnd.nextLong());
    }
    return f;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 63, 64, 65, 1000, 4096, 100_003})
  void roundTripRestoresShapeAndBits(long m) {
    BloomFilter f = randomFilter(m, 5, (int) Math.min(m, 5000), m);
    byte[] bytes = f.toBytes();
    assertEquals(varintLength(m) + 1 + 8 * f.shape().words(), bytes.length);
    assertEquals(f, BloomFilter.fromBytes(bytes, m));
  }

  @Test
  void filtersFollowEachOtherInOneStream() {
    WireWriter w = new WireWriter();
    BloomFilter a = randomFilter(1000, 3, 100, 1);
    BloomFilter b = randomFilter(77, 2, 10, 2);
    a.writeTo(w);
    b.writeTo(w);
    WireReader r = new WireReader(w.toByteArray());
    assertEquals(a, BloomFilter.readFrom(r, 1 << 20));
    assertEquals(b, BloomFilter.readFrom(r, 1 << 20));
    r.expectEnd();
  }

  @Test
  void everyTruncationIsMalformed() {
    byte[] bytes = randomFilter(1000, 4, 100, 3).toBytes();
    for (int len = 0; len < bytes.length; len++) {
      byte[] cut = Arrays.copyOf(bytes, len);
      assertThrows(MalformedMessageException.class, () -> BloomFilter.fromBytes(cut, 1 << 20), "length " + len);
    }
  }

  @Test
  void trailingBytesAreMalformed() {
    byte[] bytes = randomFilter(1000, 4, 100, 3).toBytes();
    byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
    assertThrows(MalformedMessageException.class, () -> BloomFilter.fromBytes(longer, 1 << 20));
  }

  @Test
  void shapesOutOfBoundsAreMalformed() {
    assertMalformed(encode(0, 3, 0), 1 << 20, "shape out of bounds");
    assertMalformed(encode(2000, 3, 32), 1000, "shape out of bounds");
    assertMalformed(encode(1000, 0, 16), 1 << 20, "shape out of bounds");
    assertMalformed(encode(1000, 65, 16), 1 << 20, "shape out of bounds");
    assertMalformed(encode(BloomShape.MAX_BITS + 1, 3, 0), Long.MAX_VALUE, "shape out of bounds");
  }

  @Test
  void aHugeDeclaredWidthWithoutItsWordsIsMalformedBeforeAnyAllocation() {
    // 2^37 bits would need a 16 GiB array; the length check must come first
    assertMalformed(encode(BloomShape.MAX_BITS, 3, 64), BloomShape.MAX_BITS, "truncated");
  }

  @Test
  void bitsBeyondMAreMalformed() {
    WireWriter w = new WireWriter();
    w.writeVarLong(100).writeByte(3).writeLong(0).writeLong(1L << 36);
    assertMalformed(w.toByteArray(), 1 << 20, "beyond m");
  }

  @Test
  void anOverlongVarintIsMalformed() {
    byte[] bytes = new byte[20];
    Arrays.fill(bytes, (byte) 0xFF);
    assertThrows(MalformedMessageException.class, () -> BloomFilter.fromBytes(bytes, 1 << 20));
  }

  private static byte[] encode(long m, int k, int zeroBytes) {
    WireWriter w = new WireWriter();
    w.writeVarLong(m).writeByte(k);
    w.writeRaw(new byte[zeroBytes], 0, zeroBytes);
    return w.toByteArray();
  }

  private static void assertMalformed(byte[] bytes, long maxBits, String fragment) {
    MalformedMessageException e = assertThrows(MalformedMessageException.class, () -> BloomFilter.fromBytes(bytes, maxBits));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  private static int varintLength(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }
}
