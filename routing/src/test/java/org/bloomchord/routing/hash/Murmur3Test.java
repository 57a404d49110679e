package org.bloomchord.routing.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.hash.HashCode;
import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Murmur3 x64 128 checked against an independent reference implementation on random inputs. */
class Murmur3Test {

  private static final HashFunction REFERENCE = Hashing.murmur3_128();

  /** The reference's 16 output bytes are h1 then h2, each little-endian. */
  private static Hash128 fromReference(HashCode code) {
    ByteBuffer b = ByteBuffer.wrap(code.asBytes()).order(ByteOrder.LITTLE_ENDIAN);
    return new Hash128(b.getLong(), b.getLong());
  }

  @Test
  void byteArraysOfEveryLengthUpTo64MatchTheReference() {
    Random rnd = new Random(42);
    for (int len = 0; len <= 64; len++) {
      for (int trial = 0; trial < 20; trial++) {
        byte[] data = new byte[len];
        rnd.nextBytes(data);
        assertEquals(fromReference(REFERENCE.hashBytes(data)), Murmur3.hash128(data), "length " + len);
      }
    }
  }

  @Test
  void slicesAndSeedsMatchTheReference() {
    Random rnd = new Random(7);
    for (int trial = 0; trial < 500; trial++) {
      byte[] data = new byte[80];
      rnd.nextBytes(data);
      int off = rnd.nextInt(16);
      int len = rnd.nextInt(65);
      int seed = rnd.nextInt(Integer.MAX_VALUE);
      HashCode expected = Hashing.murmur3_128(seed).hashBytes(data, off, len);
      assertEquals(fromReference(expected), Murmur3.hash128(data, off, len, seed));
    }
  }

  @Test
  void longKeysHashAsTheirEightLittleEndianBytes() {
    Random rnd = new Random(11);
    for (int trial = 0; trial < 2000; trial++) {
      long key = trial < 4 ? new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}[trial] : rnd.nextLong();
      byte[] le = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(key).array();
      Hash128 h = Murmur3.hash128(key);
      assertEquals(fromReference(REFERENCE.hashBytes(le)), h);
      assertEquals(fromReference(REFERENCE.hashLong(key)), h);
      assertEquals(Murmur3.hash128(le), h);
    }
  }

  @Test
  void seededLongKeysMatchTheSeededReference() {
    Random rnd = new Random(13);
    for (int trial = 0; trial < 500; trial++) {
      long key = rnd.nextLong();
      int seed = rnd.nextInt(Integer.MAX_VALUE);
      assertEquals(fromReference(Hashing.murmur3_128(seed).hashLong(key)), Murmur3.hash128(key, seed));
    }
  }

  @Test
  void stringsHashTheirUtf8Bytes() {
    for (String s : new String[] {"", "a", "chord", "żółw ąę", "key-0123456789abcdef-0123456789"}) {
      assertEquals(fromReference(REFERENCE.hashString(s, StandardCharsets.UTF_8)), Murmur3.hash128(s));
    }
  }

  @Test
  void fmix64IsTheReferenceFinaliserOfAKnownValue() {
    // fmix64(0) = 0 and fmix64 is a bijection: distinct inputs give distinct outputs
    assertEquals(0L, Murmur3.fmix64(0));
    Random rnd = new Random(3);
    java.util.Set<Long> seen = new java.util.HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      seen.add(Murmur3.fmix64(rnd.nextLong()));
    }
    assertEquals(10_000, seen.size());
  }
}
