package org.bloomchord.routing.reconcile;

/**
 * Samples of the raw difference count of rateless symbols, and the estimate of the size d of the
 * symmetric difference drawn from them. The raw difference count at index i is a - b, a and b the
 * elements of either side's exclusive part that the mapping puts at i, each independently with
 * probability rho(i) = 2 / (i + 2); so E[(a - b)^2] = d rho (1 - rho) + (delta rho)^2 with
 * delta = |S_A| - |S_B| known to both sides. The decoder samples the symbols it receives; the
 * initiator of a streamed exchange samples the counts the responder returns with its first reply.
 *
 * <p>Samples are pooled by bucket of index (4 per doubling, within which rho barely changes): per
 * bucket the sums of c^2, rho (1 - rho), rho^2 and the number of samples. Not thread-safe.
 */
public final class DifferenceSamples {

  private static final int BUCKETS = 4 * 64;

  private final double[] bucketSquares = new double[BUCKETS];
  private final double[] bucketVariance = new double[BUCKETS];
  private final double[] bucketRhoSquares = new double[BUCKETS];
  private final int[] bucketSamples = new int[BUCKETS];
  private int samples;

  /** Takes the raw difference count {@code c} of the symbol at {@code index} (index 0 carries no sample). */
  public void sample(long index, long c) {
    if (index <= 0) {
      return;
    }
    double rho = 2.0 / (index + 2);
    int b = (int) Math.min(BUCKETS - 1, Math.floor(4 * Math.log(index + 1.0) / Math.log(2)));
    bucketSquares[b] += (double) c * c;
    bucketVariance[b] += rho * (1 - rho);
    bucketRhoSquares[b] += rho * rho;
    bucketSamples[b]++;
    samples++;
  }

  /**
   * Samples the differences of two sides' counts at indexes [from, from + n): {@code mine[j] -
   * theirs[j]} for index from + j.
   */
  public void sampleCounts(long from, long[] mine, long[] theirs) {
    int n = Math.min(mine.length, theirs.length);
    for (int j = 0; j < n; j++) {
      sample(from + j, mine[j] - theirs[j]);
    }
  }

  /**
   * What the samples are worth for an estimate near {@code d}: the number of samples of relative
   * variance 2 (indexes well below 2d) that would give the estimate the same precision. A sample of
   * mean lambda = d rho (1 - rho) has relative variance 2 + 1 / lambda, so samples far beyond 2d
   * count for little; the estimate's relative error is about sqrt(2 / effectiveSamples).
   */
  public double effectiveSamples(double d) {
    double weights = 0;
    for (int b = 0; b < BUCKETS; b++) {
      int n = bucketSamples[b];
      if (n > 0) {
        double lambda = Math.max(1, d) * bucketVariance[b] / n;
        weights += n / (2 + 1 / Math.max(lambda, 1e-9));
      }
    }
    return 2 * weights;
  }

  /** Samples taken. */
  public int samples() {
    return samples;
  }

  /**
   * The estimate of d: the pooled samples first, then each bucket's estimate weighed by its
   * precision (a sample of mean lambda = d rho (1 - rho) estimates d with relative variance
   * 2 + 1 / lambda, so the many-element buckets at low indexes and the sparse ones beyond 2d each
   * get their due). Its relative error is about 1.1 sqrt(2 / samples) (measured) while most samples
   * lie below index 2d, larger beyond.
   *
   * @param sizeDelta |S_A| - |S_B| (either sign)
   * @return the estimate, at least |sizeDelta| (|sizeDelta| before any sample)
   */
  public double estimate(long sizeDelta) {
    double delta2 = (double) sizeDelta * sizeDelta;
    double squares = 0;
    double variance = 0;
    double rhoSquares = 0;
    for (int b = 0; b < BUCKETS; b++) {
      squares += bucketSquares[b];
      variance += bucketVariance[b];
      rhoSquares += bucketRhoSquares[b];
    }
    if (variance == 0) {
      return Math.abs(sizeDelta);
    }
    double d = Math.max(1, (squares - delta2 * rhoSquares) / variance);
    for (int iteration = 0; iteration < 4; iteration++) {
      double weighted = 0;
      double weights = 0;
      for (int b = 0; b < BUCKETS; b++) {
        int n = bucketSamples[b];
        if (n == 0) {
          continue;
        }
        double meanVariance = bucketVariance[b] / n;
        double lambda = d * meanVariance;
        double w = n / (2 + 1 / Math.max(lambda, 1e-9));
        double db = (bucketSquares[b] - delta2 * bucketRhoSquares[b]) / bucketVariance[b];
        weighted += w * db;
        weights += w;
      }
      d = Math.max(1, weighted / weights);
    }
    return Math.max(Math.abs(sizeDelta), d);
  }
}
