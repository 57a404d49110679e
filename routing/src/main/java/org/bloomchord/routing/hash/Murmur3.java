package org.bloomchord.routing.hash;

import java.nio.charset.StandardCharsets;

/**
 * MurmurHash3 x64 128-bit (Austin Appleby's public-domain design), with a fixed seed of 0 unless
 * given. {@link #hash128(long)} equals {@link #hash128(byte[])} of the key's 8 little-endian bytes,
 * so a filter built from long keys agrees with one built from their byte encodings.
 */
public final class Murmur3 {

  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  private Murmur3() {
  }

  /** The hash of a byte array with seed 0. */
  public static Hash128 hash128(byte[] data) {
    return hash128(data, 0, data.length, 0);
  }

  /** The hash of the UTF-8 bytes of a string, seed 0. */
  public static Hash128 hash128(CharSequence s) {
    return hash128(s.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** The hash of a long's 8 little-endian bytes with seed 0, computed without allocation. */
  public static Hash128 hash128(long key) {
    return hash128(key, 0);
  }

  /** The hash of a long's 8 little-endian bytes with the given seed. */
  public static Hash128 hash128(long key, long seed) {
    long h1 = seed;
    long h2 = seed;
    long k1 = key;
    k1 *= C1;
    k1 = Long.rotateLeft(k1, 31);
    k1 *= C2;
    h1 ^= k1;
    return finish(h1, h2, 8);
  }

  /** The hash of {@code len} bytes of {@code data} from {@code off}, with a seed. */
  public static Hash128 hash128(byte[] data, int off, int len, long seed) {
    long h1 = seed;
    long h2 = seed;
    int blocks = len >>> 4;
    for (int i = 0; i < blocks; i++) {
      int p = off + (i << 4);
      long k1 = getLongLe(data, p);
      long k2 = getLongLe(data, p + 8);

      k1 *= C1;
      k1 = Long.rotateLeft(k1, 31);
      k1 *= C2;
      h1 ^= k1;
      h1 = Long.rotateLeft(h1, 27);
      h1 += h2;
      h1 = h1 * 5 + 0x52dce729;

      k2 *= C2;
      k2 = Long.rotateLeft(k2, 33);
      k2 *= C1;
      h2 ^= k2;
      h2 = Long.rotateLeft(h2, 31);
      h2 += h1;
      h2 = h2 * 5 + 0x38495ab5;
    }
    int tail = off + (blocks << 4);
    int rem = len & 15;
    long k1 = 0;
    long k2 = 0;
    for (int i = rem - 1; i >= 8; i--) {
      k2 ^= (long) (data[tail + i] & 0xFF) << ((i - 8) * 8);
    }
    if (rem > 8) {
      k2 *= C2;
      k2 = Long.rotateLeft(k2, 33);
      k2 *= C1;
      h2 ^= k2;
    }
    for (int i = Math.min(rem, 8) - 1; i >= 0; i--) {
      k1 ^= (long) (data[tail + i] & 0xFF) << (i * 8);
    }
    if (rem > 0) {
      k1 *= C1;
      k1 = Long.rotateLeft(k1, 31);
      k1 *= C2;
      h1 ^= k1;
    }
    return finish(h1, h2, len);
  }

  /** The 64-bit finaliser of MurmurHash3: a bijective avalanche mix, useful on its own. */
  public static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }

  private static Hash128 finish(long h1, long h2, int len) {
    h1 ^= len;
    h2 ^= len;
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    h2 += h1;
    return new Hash128(h1, h2);
  }

  private static long getLongLe(byte[] b, int p) {
    return (b[p] & 0xFFL) | (b[p + 1] & 0xFFL) << 8 | (b[p + 2] & 0xFFL) << 16
        | (b[p + 3] & 0xFFL) << 24 | (b[p + 4] & 0xFFL) << 32 | (b[p + 5] & 0xFFL) << 40
        | (b[p + 6] & 0xFFL) << 48 | (b[p + 7] & 0xFFL) << 56;
  }
}
