package org.bloomchord.routing.reconcile;

import java.util.Objects;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.bloom.BloomShape;

/**
 * Approximate set reconciliation with a Bloom filter, as in the source notes: B sends a filter of
 * S_B, A sends back the elements of S_A the filter does not match. A false positive of the filter
 * hides an element of S_A \ S_B from B, so the transfer misses on average a share equal to the
 * filter's false-positive rate of the true difference, and neither side can tell which.
 *
 * <p>The filter is sized from |S_B| and a target false-positive rate with the optimal m and k
 * ({@link BloomShape#forFalsePositiveRate}); element probes come from {@link ElementHash#hash128}.
 */
public final class BloomSummary {

  /** The false-positive rate used when none is given: 1%. */
  public static final double DEFAULT_FALSE_POSITIVE_RATE = 0.01;

  private final BloomFilter filter;
  private final ElementShape shape;

  private BloomSummary(BloomFilter filter, ElementShape shape) {
    this.filter = filter;
    this.shape = shape;
  }

  /** The summary of {@code set} at false-positive rate {@code rate} in (0, 1). */
  public static BloomSummary of(ElementSet set, double rate) {
    BloomShape bs = BloomShape.forFalsePositiveRate(Math.max(1, set.size()), rate);
    BloomFilter f = new BloomFilter(bs);
    long[] data = set.words();
    int w = set.shape().words();
    for (int i = 0; i < set.size(); i++) {
      f.add(ElementHash.hash128(data, i * w, w));
    }
    return new BloomSummary(f, set.shape());
  }

  /** A summary around a received filter, for elements of the given shape. */
  public static BloomSummary wrap(BloomFilter filter, ElementShape shape) {
    return new BloomSummary(Objects.requireNonNull(filter, "filter"), Objects.requireNonNull(shape, "shape"));
  }

  /** The filter. */
  public BloomFilter filter() {
    return filter;
  }

  /** The element shape. */
  public ElementShape shape() {
    return shape;
  }

  /** Whether the element at {@code e[off ..]} may be in the summarised set. */
  public boolean mightContain(long[] e, int off) {
    return filter.mightContain(ElementHash.hash128(e, off, shape.words()));
  }

  /** The elements of {@code set} that the filter does not match: what the summarised side lacks. */
  public ElementSet unmatched(ElementSet set) {
    if (!set.shape().equals(shape)) {
      throw new IllegalArgumentException("shape mismatch: " + shape + " vs " + set.shape());
    }
    ElementSet out = new ElementSet(shape);
    long[] data = set.words();
    int w = shape.words();
    for (int i = 0; i < set.size(); i++) {
      if (!filter.mightContain(ElementHash.hash128(data, i * w, w))) {
        out.add(data, i * w);
      }
    }
    return out;
  }

  /**
   * The false-positive rate of this filter for the number of elements it was built from, by the
   * exact formula; {@code elements} is the size of the summarised set.
   */
  public double falsePositiveRate(long elements) {
    return BloomMath.falsePositiveExact(filter.bits(), filter.hashes(), elements);
  }
}
