package org.bloomchord.routing.bloom;

/**
 * Sizing and false-positive formulas for Bloom filters with m bits, k probes and n keys.
 *
 * <ul>
 *   <li>exact: {@code (1 - (1 - 1/m)^{kn})^k} (bits treated as independent, as in the notes);
 *   <li>approximate: {@code (1 - e^{-kn/m})^k};
 *   <li>optimal k = (m/n) ln 2, where the rate is about 0.6185^{m/n};
 *   <li>optimal m for a target rate p: m = -n ln p / (ln 2)^2.
 * </ul>
 */
public final class BloomMath {

  private static final double LN2 = Math.log(2);

  private BloomMath() {
  }

  /** k = round((m/n) ln 2), clamped to [1, {@link BloomShape#MAX_HASHES}]. */
  public static int optimalHashes(long bits, long elements) {
    requirePositive(bits, "bits");
    requirePositive(elements, "elements");
    long k = Math.round((double) bits / elements * LN2);
    return (int) Math.max(1, Math.min(BloomShape.MAX_HASHES, k));
  }

  /** m = ceil(-n ln p / (ln 2)^2) for n keys at false-positive rate p in (0, 1). */
  public static long optimalBits(long elements, double falsePositiveRate) {
    requirePositive(elements, "elements");
    if (!(falsePositiveRate > 0 && falsePositiveRate < 1)) {
      throw new IllegalArgumentException("false-positive rate must be in (0, 1), got " + falsePositiveRate);
    }
    return (long) Math.ceil(-elements * Math.log(falsePositiveRate) / (LN2 * LN2));
  }

  /** The exact rate (1 - (1 - 1/m)^{kn})^k, computed stably with log1p/expm1. */
  public static double falsePositiveExact(long bits, int hashes, long elements) {
    checkShape(bits, hashes, elements);
    // (1 - 1/m)^{kn} = exp(kn * log1p(-1/m))
    double zeroProbability = Math.exp((double) hashes * elements * Math.log1p(-1.0 / bits));
    return Math.pow(1 - zeroProbability, hashes);
  }

  /** The approximate rate (1 - e^{-kn/m})^k. */
  public static double falsePositiveApprox(long bits, int hashes, long elements) {
    checkShape(bits, hashes, elements);
    return Math.pow(-Math.expm1(-(double) hashes * elements / bits), hashes);
  }

  /** The probability that a given bit is still zero after n keys: p = (1 - 1/m)^{kn}. */
  public static double zeroBitProbability(long bits, int hashes, long elements) {
    checkShape(bits, hashes, elements);
    return Math.exp((double) hashes * elements * Math.log1p(-1.0 / bits));
  }

  /** n ≈ -(m/k) ln(1 - X/m) from X set bits; infinite when every bit is set. */
  public static double estimateElements(long bits, int hashes, long setBits) {
    requirePositive(bits, "bits");
    requirePositive(hashes, "hashes");
    if (setBits < 0 || setBits > bits) {
      throw new IllegalArgumentException("set bits " + setBits + " outside [0, " + bits + "]");
    }
    if (setBits == bits) {
      return Double.POSITIVE_INFINITY;
    }
    return -(double) bits / hashes * Math.log1p(-(double) setBits / bits);
  }

  /** Binary entropy H(p) in bits. */
  public static double entropy(double p) {
    if (p <= 0 || p >= 1) {
      return 0;
    }
    return -(p * Math.log(p) + (1 - p) * Math.log1p(-p)) / LN2;
  }

  private static void checkShape(long bits, int hashes, long elements) {
    requirePositive(bits, "bits");
    requirePositive(hashes, "hashes");
    if (elements < 0) {
      throw new IllegalArgumentException("elements must be non-negative, got " + elements);
    }
  }

  private static void requirePositive(long v, String name) {
    if (v <= 0) {
      throw new IllegalArgumentException(name + " must be positive, got " + v);
    }
  }
}
