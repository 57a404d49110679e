package org.bloomchord.routing.bloom;

import java.util.Arrays;
import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * A plain Bloom filter: m bits on a {@code long[]}, k probes per key derived from one 128-bit hash
 * (see {@link BloomShape} for the probe sequence).
 *
 * <p>Invariants: a key added is always reported as possibly present (no false negatives); bits
 * beyond m in the last word are always zero, so popcounts, equality and encodings are exact.
 * Not thread-safe.
 */
public final class BloomFilter {

  private final BloomShape shape;
  private final long[] words;

  /** An empty filter of the given shape. */
  public BloomFilter(BloomShape shape) {
    this.shape = Objects.requireNonNull(shape, "shape");
    this.words = new long[shape.words()];
  }

  /** An empty filter of m bits and k probes. */
  public BloomFilter(long bits, int hashes) {
    this(new BloomShape(bits, hashes));
  }

  private BloomFilter(BloomShape shape, long[] words) {
    this.shape = shape;
    this.words = words;
  }

  /**
   * A filter over existing bits (copied). Fails if the array has the wrong length for the shape or
   * has bits set beyond m.
   */
  public static BloomFilter of(BloomShape shape, long[] bits) {
    if (bits.length != shape.words()) {
      throw new IllegalArgumentException("expected " + shape.words() + " words for " + shape + ", got " + bits.length);
    }
    long[] copy = bits.clone();
    if (copy.length > 0 && (copy[copy.length - 1] & ~lastWordMask(shape.bits())) != 0) {
      throw new IllegalArgumentException("bits set beyond m = " + shape.bits());
    }
    return new BloomFilter(shape, copy);
  }

  /** This filter's shape. */
  public BloomShape shape() {
    return shape;
  }

  /** m. */
  public long bits() {
    return shape.bits();
  }

  /** k. */
  public int hashes() {
    return shape.hashes();
  }

  /** Adds a key given by its precomputed probes (which must be of this shape). */
  public void add(Probes probes) {
    checkShape(probes.shape());
    probes.set(words);
  }

  /** Adds a key given by its hash. */
  public void add(Hash128 h) {
    long m = shape.bits();
    long g = h.h1();
    long d = h.h2();
    for (int i = 0, k = shape.hashes(); i < k; i++) {
      long pos = (g >>> 1) % m;
      words[(int) (pos >>> 6)] |= 1L << pos;
      g += d;
      d += i + 1;
    }
  }

  /** Adds a long key. */
  public void add(long key) {
    add(Murmur3.hash128(key));
  }

  /** Adds a byte-array key. */
  public void add(byte[] key) {
    add(Murmur3.hash128(key));
  }

  /** Whether the key may have been added (false means certainly not). */
  public boolean mightContain(Probes probes) {
    checkShape(probes.shape());
    return probes.allSet(words);
  }

  /** Whether the key with this hash may have been added. */
  public boolean mightContain(Hash128 h) {
    long m = shape.bits();
    long g = h.h1();
    long d = h.h2();
    for (int i = 0, k = shape.hashes(); i < k; i++) {
      long pos = (g >>> 1) % m;
      if ((words[(int) (pos >>> 6)] & (1L << pos)) == 0) {
        return false;
      }
      g += d;
      d += i + 1;
    }
    return true;
  }

  /** Whether the long key may have been added. */
  public boolean mightContain(long key) {
    return mightContain(Murmur3.hash128(key));
  }

  /** Whether the byte-array key may have been added. */
  public boolean mightContain(byte[] key) {
    return mightContain(Murmur3.hash128(key));
  }

  /** Whether bit {@code i} is set. */
  public boolean get(long i) {
    Objects.checkIndex(i, shape.bits());
    return (words[(int) (i >>> 6)] & (1L << i)) != 0;
  }

  /** Sets bit {@code i} (for decoders and counting-filter export). */
  public void set(long i) {
    Objects.checkIndex(i, shape.bits());
    words[(int) (i >>> 6)] |= 1L << i;
  }

  /** Number of set bits. */
  public long cardinality() {
    long c = 0;
    for (long w : words) {
      c += Long.bitCount(w);
    }
    return c;
  }

  /** Share of bits set, in [0, 1]. */
  public double fillRatio() {
    return (double) cardinality() / shape.bits();
  }

  /** Whether no bit is set. */
  public boolean isEmpty() {
    for (long w : words) {
      if (w != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Estimated number of distinct keys added, from the number of set bits X (Swamidass and Baldi):
   * n ≈ -(m/k) ln(1 - X/m). A full filter gives {@code Double.POSITIVE_INFINITY}.
   */
  public double estimatedElements() {
    return BloomMath.estimateElements(shape.bits(), shape.hashes(), cardinality());
  }

  /** The false-positive rate implied by the current fill: (X/m)^k. */
  public double currentFalsePositiveRate() {
    return Math.pow(fillRatio(), shape.hashes());
  }

  /** Adds every key of {@code other} (bitwise OR); shapes must match. */
  public BloomFilter unionInPlace(BloomFilter other) {
    checkShape(other.shape);
    for (int i = 0; i < words.length; i++) {
      words[i] |= other.words[i];
    }
    return this;
  }

  /**
   * Keeps only bits set in both (bitwise AND); shapes must match. The result contains every key of
   * the intersection of the two sets, and possibly more false positives than a filter built from
   * the intersection directly.
   */
  public BloomFilter intersectInPlace(BloomFilter other) {
    checkShape(other.shape);
    for (int i = 0; i < words.length; i++) {
      words[i] &= other.words[i];
    }
    return this;
  }

  /** A new filter with the keys of both. */
  public BloomFilter union(BloomFilter other) {
    return copy().unionInPlace(other);
  }

  /** A new filter with the bits common to both. */
  public BloomFilter intersection(BloomFilter other) {
    return copy().intersectInPlace(other);
  }

  /**
   * Halves the filter by folding: bit i of the result is bit i OR bit i + m/2. Because probes are
   * reduced modulo m, the result is exactly the filter the same keys would build in m/2 bits.
   * Requires an even m.
   */
  public BloomFilter fold() {
    BloomShape half = shape.halved();
    BloomFilter out = new BloomFilter(half);
    long h = half.bits();
    if ((h & 63) == 0) {
      int hw = (int) (h >>> 6);
      for (int i = 0; i < hw; i++) {
        out.words[i] = words[i] | words[i + hw];
      }
    } else {
      for (long i = 0; i < shape.bits(); i++) {
        if ((words[(int) (i >>> 6)] & (1L << i)) != 0) {
          long j = i < h ? i : i - h;
          out.words[(int) (j >>> 6)] |= 1L << j;
        }
      }
    }
    return out;
  }

  /** A deep copy. */
  public BloomFilter copy() {
    return new BloomFilter(shape, words.clone());
  }

  /** Clears every bit. */
  public void clear() {
    Arrays.fill(words, 0);
  }

  /** A copy of the backing words. */
  public long[] toLongArray() {
    return words.clone();
  }

  /**
   * Writes the binary encoding: m as a varint, k as a byte, then the words. {@link #readFrom}
   * accepts exactly this.
   */
  public void writeTo(WireWriter out) {
    out.writeVarLong(shape.bits());
    out.writeByte(shape.hashes());
    for (long w : words) {
      out.writeLong(w);
    }
  }

  /** The binary encoding as a byte array. */
  public byte[] toBytes() {
    WireWriter w = new WireWriter(10 + 8 * words.length);
    writeTo(w);
    return w.toByteArray();
  }

  /**
   * Reads an encoded filter of at most {@code maxBits} bits. Shapes out of range, truncated input
   * and bits beyond m raise {@link MalformedMessageException}.
   */
  public static BloomFilter readFrom(WireReader in, long maxBits) {
    long m = in.readVarLong();
    int k = in.readByte();
    if (m < 1 || m > Math.min(maxBits, BloomShape.MAX_BITS) || k < 1 || k > BloomShape.MAX_HASHES) {
      throw new MalformedMessageException("bloom filter shape out of bounds: m=" + m + ", k=" + k);
    }
    BloomShape shape = new BloomShape(m, k);
    // check the length before allocating: m comes from an untrusted peer
    if (in.remaining() < 8L * shape.words()) {
      throw new MalformedMessageException("truncated bloom filter: " + shape.words() + " words expected");
    }
    long[] words = new long[shape.words()];
    for (int i = 0; i < words.length; i++) {
      words[i] = in.readLong();
    }
    if ((words[words.length - 1] & ~lastWordMask(m)) != 0) {
      throw new MalformedMessageException("bloom filter has bits set beyond m = " + m);
    }
    return new BloomFilter(shape, words);
  }

  /** Decodes {@link #toBytes()} output; the whole array must be one filter. */
  public static BloomFilter fromBytes(byte[] bytes, long maxBits) {
    WireReader in = new WireReader(bytes);
    BloomFilter f = readFrom(in, maxBits);
    in.expectEnd();
    return f;
  }

  long[] words() {
    return words;
  }

  private void checkShape(BloomShape other) {
    // identity first: filters of one shape usually share the instance, and this runs per probe set
    if (shape != other && !shape.equals(other)) {
      throw new IllegalArgumentException("shape mismatch: " + shape + " vs " + other);
    }
  }

  static long lastWordMask(long bits) {
    int r = (int) (bits & 63);
    return r == 0 ? -1L : (1L << r) - 1;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BloomFilter f && shape.equals(f.shape) && Arrays.equals(words, f.words);
  }

  @Override
  public int hashCode() {
    return 31 * shape.hashCode() + Arrays.hashCode(words);
  }

  @Override
  public String toString() {
    return "BloomFilter[m=" + shape.bits() + ", k=" + shape.hashes() + ", set=" + cardinality() + "]";
  }
}
