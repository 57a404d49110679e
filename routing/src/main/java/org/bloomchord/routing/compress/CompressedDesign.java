package org.bloomchord.routing.compress;

import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.bloom.BloomShape;

/**
 * A compressed-filter design: n keys in m bits with k probes, and what the model predicts for it.
 * The zero-bit probability is the exact p = (1 - 1/m)^{kn}; the compressed size is m H(p), the
 * entropy bound an ideal coder reaches (Mitzenmacher's z); the false-positive rate is (1 - p)^k.
 *
 * @param elements n, at least 1
 * @param bits m, at least 1
 * @param hashes k, 1 .. 64
 * @param zeroProbability p
 * @param compressedBits z = m H(p)
 * @param falsePositiveRate (1 - p)^k
 */
public record CompressedDesign(long elements, long bits, int hashes, double zeroProbability,
    double compressedBits, double falsePositiveRate) {

  public CompressedDesign {
    if (elements < 1 || bits < 1 || hashes < 1 || hashes > BloomShape.MAX_HASHES) {
      throw new IllegalArgumentException("invalid design n=" + elements + ", m=" + bits + ", k=" + hashes);
    }
  }

  /** The design of n keys in m bits with k probes, with the model's predictions. */
  public static CompressedDesign of(long elements, long bits, int hashes) {
    double p = BloomMath.zeroBitProbability(bits, hashes, elements);
    return new CompressedDesign(elements, bits, hashes, p, bits * BloomMath.entropy(p), Math.pow(1 - p, hashes));
  }

  /** m/n, the uncompressed array size per key. */
  public double bitsPerElement() {
    return (double) bits / elements;
  }

  /** z/n, the predicted compressed size per key. */
  public double compressedBitsPerElement() {
    return compressedBits / elements;
  }

  /** The filter shape (m, k). */
  public BloomShape shape() {
    return new BloomShape(bits, hashes);
  }
}
