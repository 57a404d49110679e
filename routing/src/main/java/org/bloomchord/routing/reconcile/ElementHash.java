package org.bloomchord.routing.reconcile;

import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * Seeded 64-bit hashes of fixed-width elements, the one hash every reconciliation structure uses:
 * table slots, IBLT cell indexes, checksums, strata, index sequences of the rateless code, MinHash.
 * Each use has its own seed so the hashes are independent of each other.
 *
 * <p>The word sequence is folded through the MurmurHash3 finaliser (a bijection with full
 * avalanche) after each word, so one-word elements cost two finaliser calls.
 */
public final class ElementHash {

  /** Seed of {@link ElementSet}'s open-addressing table. */
  static final long TABLE_SEED = 0x243F6A8885A308D3L;
  /** Seed of the checksum in IBLT cells and coded symbols. */
  public static final long CHECK_SEED = 0x13198A2E03707344L;
  /** Seed of the IBLT cell index (sub-table j adds j to it). */
  static final long CELL_SEED = 0xA4093822299F31D0L;
  /** Seed of the rateless index sequence. */
  static final long MAPPING_SEED = 0x082EFA98EC4E6C89L;
  /** Seed of the stratum an element falls in. */
  static final long STRATUM_SEED = 0x452821E638D01377L;
  /** Seed of the 64-bit fingerprint strata estimators hold. */
  static final long FINGERPRINT_SEED = 0xBE5466CF34E90C6CL;
  /** Seed of the element hash MinHash sketches are built from. */
  static final long MINHASH_SEED = 0x9216D5D98979FB1BL;
  /** Seeds of the two halves of the Bloom-filter hash. */
  static final long BLOOM_SEED_1 = 0xC0AC29B7C97C50DDL;
  static final long BLOOM_SEED_2 = 0x3F84D5B5B5470917L;

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private ElementHash() {
  }

  /** The hash of the element at {@code a[off .. off + words)} under {@code seed}. */
  public static long hash(long[] a, int off, int words, long seed) {
    long h = seed ^ (words * GOLDEN);
    for (int j = 0; j < words; j++) {
      h = Murmur3.fmix64(h + a[off + j] * GOLDEN);
    }
    return Murmur3.fmix64(h ^ seed);
  }

  /** The hash of a one-word element under {@code seed}. */
  public static long hash(long key, long seed) {
    return Murmur3.fmix64(Murmur3.fmix64((seed ^ GOLDEN) + key * GOLDEN) ^ seed);
  }

  /** The checksum an IBLT cell or coded symbol keeps of the element. */
  public static long checksum(long[] a, int off, int words) {
    return hash(a, off, words, CHECK_SEED);
  }

  /** The 128-bit hash a Bloom filter derives its probes from. */
  public static Hash128 hash128(long[] a, int off, int words) {
    return new Hash128(hash(a, off, words, BLOOM_SEED_1), hash(a, off, words, BLOOM_SEED_2));
  }

  /** Reduces a 64-bit hash to [0, n) by multiply-shift on its top 32 bits (n below 2^31). */
  static int reduce(long hash, int n) {
    return (int) (((hash >>> 32) * n) >>> 32);
  }
}
