package org.bloomchord.routing.compress;

import java.util.Optional;
import org.bloomchord.routing.bloom.BloomMath;

/**
 * Chooses (m, k) for a compressed Bloom filter of n keys, in the two views of Mitzenmacher's paper:
 *
 * <ul>
 *   <li>fixed compressed size z: the design with the smallest false-positive rate among those with
 *       m H(p) &lt;= z;
 *   <li>fixed false-positive rate f: the design with the smallest m H(p) among those with a rate
 *       of at most f.
 * </ul>
 *
 * <p>Both search every k allowed by the {@link DesignLimits} and, for each k, the best m by
 * bisection, using two facts of the model (p = (1 - 1/m)^{kn}): for a fixed k, the compressed size
 * m H(p) grows with m, and the false-positive rate (1 - p)^k falls with m. So the best m for a
 * size budget is the largest one that fits, and the best m for a target rate is the smallest one
 * that reaches it. Ties go to the smaller k (fewer probes), then the smaller m.
 */
public final class CompressedBloomOptimizer {

  private CompressedBloomOptimizer() {
  }

  /**
   * The design of least false-positive rate for n keys whose compressed size m H(p) is at most
   * {@code compressedBitsPerElement * n}; empty if no allowed design fits.
   */
  public static Optional<CompressedDesign> minimiseFalsePositives(long elements, double compressedBitsPerElement,
      DesignLimits limits) {
    checkElements(elements);
    if (!(compressedBitsPerElement > 0)) {
      throw new IllegalArgumentException("compressed bits per element must be positive, got " + compressedBitsPerElement);
    }
    CompressedDesign best = null;
    for (int k = 1; k <= limits.maxHashes(); k++) {
      Optional<CompressedDesign> d = largestWithin(elements, k, compressedBitsPerElement, limits.maxBits(elements));
      if (d.isPresent() && (best == null || d.get().falsePositiveRate() < best.falsePositiveRate())) {
        best = d.get();
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * The design of least compressed size for n keys with a false-positive rate of at most
   * {@code falsePositiveRate}; empty if no allowed design reaches it.
   */
  public static Optional<CompressedDesign> minimiseCompressedSize(long elements, double falsePositiveRate,
      DesignLimits limits) {
    checkElements(elements);
    if (!(falsePositiveRate > 0 && falsePositiveRate < 1)) {
      throw new IllegalArgumentException("false-positive rate must be in (0, 1), got " + falsePositiveRate);
    }
    CompressedDesign best = null;
    for (int k = 1; k <= limits.maxHashes(); k++) {
      Optional<CompressedDesign> d = smallestReaching(elements, k, falsePositiveRate, limits.maxBits(elements));
      if (d.isPresent() && (best == null || d.get().compressedBits() < best.compressedBits())) {
        best = d.get();
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * For k probes, the largest m of at most {@code maxBits} whose compressed size fits
   * {@code compressedBitsPerElement * n}; empty if even m = 1 does not.
   */
  public static Optional<CompressedDesign> largestWithin(long elements, int hashes, double compressedBitsPerElement,
      long maxBits) {
    checkElements(elements);
    double budget = compressedBitsPerElement * elements;
    if (maxBits < 1 || compressedBits(elements, 1, hashes) > budget) {
      return Optional.empty();
    }
    long lo = 1;
    long hi = maxBits;
    if (compressedBits(elements, hi, hashes) <= budget) {
      return Optional.of(CompressedDesign.of(elements, hi, hashes));
    }
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (compressedBits(elements, mid, hashes) <= budget) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return Optional.of(CompressedDesign.of(elements, lo, hashes));
  }

  /**
   * For k probes, the smallest m of at most {@code maxBits} whose false-positive rate is at most
   * {@code falsePositiveRate}; empty if even {@code maxBits} does not reach it.
   */
  public static Optional<CompressedDesign> smallestReaching(long elements, int hashes, double falsePositiveRate,
      long maxBits) {
    checkElements(elements);
    if (maxBits < 1 || falsePositive(elements, maxBits, hashes) > falsePositiveRate) {
      return Optional.empty();
    }
    long lo = 0;
    long hi = maxBits;
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (falsePositive(elements, mid, hashes) <= falsePositiveRate) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return Optional.of(CompressedDesign.of(elements, hi, hashes));
  }

  private static double compressedBits(long elements, long bits, int hashes) {
    return bits * BloomMath.entropy(BloomMath.zeroBitProbability(bits, hashes, elements));
  }

  private static double falsePositive(long elements, long bits, int hashes) {
    return Math.pow(1 - BloomMath.zeroBitProbability(bits, hashes, elements), hashes);
  }

  private static void checkElements(long elements) {
    if (elements < 1) {
      throw new IllegalArgumentException("elements must be positive, got " + elements);
    }
  }
}
