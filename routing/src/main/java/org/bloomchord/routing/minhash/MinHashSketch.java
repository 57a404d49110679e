package org.bloomchord.routing.minhash;

import java.util.Arrays;
import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.hash.Murmur3;

/**
 * A MinHash sketch of a set (Broder; the source notes' min-hashing): for k hash functions h_1..h_k,
 * the minimum of h_j over the set. For two sets A and B, Pr[min h_j(A) = min h_j(B)] is the Jaccard
 * coefficient J = |A ∩ B| / |A ∪ B|, so the share of equal components estimates J with standard
 * error sqrt(J (1 - J) / k) &le; 1 / (2 sqrt k).
 *
 * <p>Elements enter as 64-bit hashes (any well-mixed hash of the element); h_j(x) is the
 * MurmurHash3 finaliser of x XOR a per-function seed drawn from the sketch seed, a bijection on 64
 * bits, so each h_j acts as a random permutation of the hashed universe. Sketches compare only when
 * k and the seed are equal. Components compare as unsigned values; the empty set's are all ones
 * (the unsigned maximum). Not thread-safe.
 */
public final class MinHashSketch {

  /** Default number of hash functions: standard error at most 1/(2 sqrt 128), about 0.044. */
  public static final int DEFAULT_HASHES = 128;
  /** Most hash functions a decoder accepts. */
  public static final int MAX_HASHES = 4096;

  private final long seed;
  private final long[] functionSeeds;
  private final long[] mins;
  private long elements;

  /** An empty sketch with {@code hashes} functions drawn from {@code seed}. */
  public MinHashSketch(int hashes, long seed) {
    if (hashes < 1 || hashes > MAX_HASHES) {
      throw new IllegalArgumentException("hashes must be in [1, " + MAX_HASHES + "], got " + hashes);
    }
    this.seed = seed;
    this.functionSeeds = new long[hashes];
    long s = seed;
    for (int j = 0; j < hashes; j++) {
      s += 0x9E3779B97F4A7C15L;
      functionSeeds[j] = Murmur3.fmix64(s);
    }
    this.mins = new long[hashes];
    Arrays.fill(mins, -1L);
  }

  /** Number of hash functions k. */
  public int hashes() {
    return mins.length;
  }

  /** The seed the functions were drawn from. */
  public long seed() {
    return seed;
  }

  /** Number of element hashes added here (duplicates counted; not part of the wire form). */
  public long elements() {
    return elements;
  }

  /** Adds an element given by its 64-bit hash. */
  public void add(long elementHash) {
    for (int j = 0; j < mins.length; j++) {
      long h = Murmur3.fmix64(elementHash ^ functionSeeds[j]);
      if (Long.compareUnsigned(h, mins[j]) < 0) {
        mins[j] = h;
      }
    }
    elements++;
  }

  /** Component j: the minimum of h_j over the elements added (all ones when empty). */
  public long min(int j) {
    return mins[j];
  }

  /**
   * The estimated Jaccard coefficient with {@code other}: the share of equal components. Two empty
   * sketches give 1 (equal sets).
   */
  public double jaccard(MinHashSketch other) {
    Objects.requireNonNull(other, "other");
    if (other.mins.length != mins.length || other.seed != seed) {
      throw new IllegalArgumentException("sketches of different functions: k " + mins.length + "/"
          + other.mins.length + ", seed " + seed + "/" + other.seed);
    }
    int equal = 0;
    for (int j = 0; j < mins.length; j++) {
      if (mins[j] == other.mins[j]) {
        equal++;
      }
    }
    return (double) equal / mins.length;
  }

  /** Writes k, the seed and the components. */
  public void writeTo(WireWriter out) {
    out.writeVarInt(mins.length);
    out.writeLong(seed);
    for (long m : mins) {
      out.writeLong(m);
    }
  }

  /** Reads a sketch of at most {@link #MAX_HASHES} functions. */
  public static MinHashSketch readFrom(WireReader in) {
    int k = in.readVarInt(MAX_HASHES);
    if (k < 1) {
      throw new MalformedMessageException("sketch with no hash functions");
    }
    long seed = in.readLong();
    if (in.remaining() < 8L * k) {
      throw new MalformedMessageException("truncated sketch: " + k + " components expected");
    }
    MinHashSketch s = new MinHashSketch(k, seed);
    for (int j = 0; j < k; j++) {
      s.mins[j] = in.readLong();
    }
    return s;
  }

  /** A copy of the components. */
  public long[] components() {
    return mins.clone();
  }
}
