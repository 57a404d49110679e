package org.bloomchord.routing.reconcile;

import org.bloomchord.routing.minhash.MinHashSketch;

/**
 * Chooses the method of {@code auto} from a MinHash Jaccard estimate J and the two set sizes, by
 * comparing the expected bytes of the two exact methods:
 *
 * <ul>
 *   <li>estimated difference d = |A| + |B| - 2 |A ∩ B|, with |A ∩ B| = J (|A| + |B|) / (1 + J);
 *   <li>rateless IBLT: c d (E + 8 + 2) bytes of symbols plus E d / 2 pushed back, with c = 1.45
 *       symbols per difference (2.0 below 100 differences, where the code's overhead is larger);
 *   <li>whole set: E |A| sent plus E d / 2 returned.
 * </ul>
 *
 * <p>So the rateless IBLT wins when d &lt; E |A| / (c (E + 10)). In numbers, for equal sizes N
 * (d = 2N (1 - J) / (1 + J)) and d of 100 or more: E = 8 chooses it when d &lt; 0.31 N, that is
 * J &gt; 0.73; E = 32 when d &lt; 0.53 N, J &gt; 0.58. Below the threshold the whole set is sent:
 * exact, and cheaper than any sketch when most elements differ. Identical sketches (J = 1) always
 * choose the rateless IBLT, which then costs one symbol.
 */
public final class MethodPlanner {

  /** Symbols per difference assumed for 100 differences or more. */
  static final double RATELESS_OVERHEAD = 1.45;
  /** Symbols per difference assumed below 100 differences. */
  static final double RATELESS_OVERHEAD_SMALL = 2.0;

  private MethodPlanner() {
  }

  /** A choice and the figures behind it. */
  public record Plan(ReconcileMethod method, double jaccard, long estimatedDifference, double ratelessBytes,
      double setBytes) {
  }

  /** The seed of the functions of the sketches {@code auto} exchanges. */
  public static final long SKETCH_SEED = 0x5DEECE66DL;

  /** The MinHash sketch of a set with {@code hashes} functions drawn from {@link #SKETCH_SEED}. */
  public static MinHashSketch sketch(ElementSet set, int hashes) {
    MinHashSketch s = new MinHashSketch(hashes, SKETCH_SEED);
    for (int i = 0; i < set.size(); i++) {
      s.add(set.hash(i, ElementHash.MINHASH_SEED));
    }
    return s;
  }

  /** The plan for Jaccard estimate {@code jaccard} in [0, 1] and the set sizes. */
  public static Plan choose(double jaccard, long sizeA, long sizeB, ElementShape shape) {
    double j = Math.max(0, Math.min(1, jaccard));
    double common = j * (sizeA + sizeB) / (1 + j);
    long d = Math.max(0, Math.round(sizeA + sizeB - 2 * common));
    int e = shape.bytes();
    double c = d < 100 ? RATELESS_OVERHEAD_SMALL : RATELESS_OVERHEAD;
    double rateless = c * d * (e + 8 + 2) + e * d / 2.0;
    double set = (double) e * sizeA + e * d / 2.0;
    ReconcileMethod m = j >= 1 || rateless <= set ? ReconcileMethod.RIBLT : ReconcileMethod.SET;
    return new Plan(m, j, d, rateless, set);
  }
}
