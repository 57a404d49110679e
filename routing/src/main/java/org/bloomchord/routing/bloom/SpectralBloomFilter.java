package org.bloomchord.routing.bloom;

import java.util.Objects;
import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * A spectral Bloom filter (Cohen and Matias, SIGMOD 2003): a counting filter with full
 * {@code int} counters whose purpose is a key's multiplicity in a multiset, not only its presence.
 * The probe positions are those of a {@link BloomFilter} of the same {@link BloomShape}.
 *
 * <p>Three ways to maintain and read the counters, chosen at construction ({@link Estimator}):
 * <ul>
 *   <li>{@link Estimator#MINIMUM_SELECTION} (MS): an insertion increments all k counters, a removal
 *       decrements them, the estimate is the smallest. Never below the true count.
 *   <li>{@link Estimator#MINIMAL_INCREASE} (MI): an insertion increments only the counters equal to
 *       the current minimum; the estimate is again the smallest. Errors are smaller than with MS
 *       (a counter grows only when it must), but removal is <b>not supported</b>: a counter that MI
 *       left alone for a key does not hold that key, so decrementing it on removal could take it
 *       below the counts of other keys and create false negatives. Without removals the estimate is
 *       never below the true count.
 *   <li>{@link Estimator#RECURRING_MINIMUM} (RM): counters are maintained as in MS; a key whose
 *       minimum occurs in at least two of its counters (a recurring minimum) is answered from them,
 *       since two equal smallest counters are rarely both inflated. A key with a single minimum is
 *       also kept in a smaller secondary MS filter, entered with its primary minimum as initial
 *       value, and answered from there. Unlike the paper, the secondary is also updated for a key
 *       already there when its minimum recurs, so its secondary value does not go stale. RM is
 *       <b>not one-sided</b>: whether a key is "in the secondary" is itself decided by a filter, so
 *       a key that never had a single minimum when inserted but has one when queried can be
 *       answered by a false positive of the secondary, below its true count; and a removal applied
 *       to the secondary through such a false positive lowers other keys' secondary values. At
 *       about 0.6 distinct keys per counter, 1% of keys are underestimated without removals and
 *       4% after removing half the occurrences (see the tests); the mean absolute error is still
 *       below MS's.
 * </ul>
 * Invariant: counters are non-negative; a removal is refused when a probed counter is zero (the key
 * is certainly absent). Not thread-safe.
 */
public final class SpectralBloomFilter {

  /** How counters are updated and read. */
  public enum Estimator {
    /** MS: increment every counter, answer with the minimum. */
    MINIMUM_SELECTION,
    /** MI: increment only the minimal counters; insertion only. */
    MINIMAL_INCREASE,
    /** RM: MS plus a secondary filter for keys whose minimum is not recurring. */
    RECURRING_MINIMUM
  }

  /** What {@link #remove} did. */
  public enum Removal {
    /** One occurrence removed. */
    REMOVED,
    /** Refused: a probed counter is zero, so the key is not in the multiset. */
    CERTAINLY_ABSENT
  }

  private final BloomShape shape;
  private final Estimator estimator;
  private final int[] counters;
  /** The RM secondary filter, an MS filter; null for the other estimators. */
  private final SpectralBloomFilter secondary;

  /** A filter using MS or MI (for RM, use the constructor with a secondary shape). */
  public SpectralBloomFilter(BloomShape shape, Estimator estimator) {
    this(shape, estimator, null);
    if (estimator == Estimator.RECURRING_MINIMUM) {
      throw new IllegalArgumentException("recurring minimum needs a secondary shape");
    }
  }

  /**
   * A recurring-minimum filter with a secondary filter of the given shape. The paper sizes the
   * secondary at about half the primary; its probe positions use a different hash seed.
   */
  public static SpectralBloomFilter recurringMinimum(BloomShape primary, BloomShape secondary) {
    return new SpectralBloomFilter(primary, Estimator.RECURRING_MINIMUM,
        new SpectralBloomFilter(Objects.requireNonNull(secondary, "secondary"), Estimator.MINIMUM_SELECTION, null));
  }

  private SpectralBloomFilter(BloomShape shape, Estimator estimator, SpectralBloomFilter secondary) {
    this.shape = Objects.requireNonNull(shape, "shape");
    this.estimator = Objects.requireNonNull(estimator, "estimator");
    if (shape.bits() > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("a spectral filter holds at most 2^31 - 9 counters, got " + shape.bits());
    }
    this.counters = new int[(int) shape.bits()];
    this.secondary = secondary;
  }

  /** The shape (m counters, k probes). */
  public BloomShape shape() {
    return shape;
  }

  /** The estimator chosen at construction. */
  public Estimator estimator() {
    return estimator;
  }

  /** Inserts one occurrence of a long key. */
  public void insert(long key) {
    Hash128 h = Murmur3.hash128(key);
    insert(shape.probes(h), secondaryProbes(key));
  }

  /** Inserts one occurrence of a byte-array key. */
  public void insert(byte[] key) {
    insert(shape.probes(key), secondary == null ? null : secondary.shape.probes(Murmur3.hash128(key, 0, key.length, SECONDARY_SEED)));
  }

  /** Removes one occurrence of a long key; unsupported with MI. */
  public Removal remove(long key) {
    return remove(shape.probes(key), secondaryProbes(key));
  }

  /** Removes one occurrence of a byte-array key; unsupported with MI. */
  public Removal remove(byte[] key) {
    return remove(shape.probes(key), secondary == null ? null : secondary.shape.probes(Murmur3.hash128(key, 0, key.length, SECONDARY_SEED)));
  }

  /** The estimated multiplicity of a long key; 0 means certainly absent. */
  public int frequency(long key) {
    return frequency(shape.probes(key), secondaryProbes(key));
  }

  /** The estimated multiplicity of a byte-array key; 0 means certainly absent. */
  public int frequency(byte[] key) {
    return frequency(shape.probes(key), secondary == null ? null : secondary.shape.probes(Murmur3.hash128(key, 0, key.length, SECONDARY_SEED)));
  }

  /** Whether the key's estimated multiplicity is at least {@code threshold} (the paper's query). */
  public boolean atLeast(long key, int threshold) {
    return frequency(key) >= threshold;
  }

  /** The value of counter i of the primary filter. */
  public int counter(int i) {
    Objects.checkIndex(i, counters.length);
    return counters[i];
  }

  private static final long SECONDARY_SEED = 0x5ec0_17da_7a5eL;

  private Probes secondaryProbes(long key) {
    return secondary == null ? null : secondary.shape.probes(Murmur3.hash128(key, SECONDARY_SEED));
  }

  private void insert(Probes p, Probes sp) {
    switch (estimator) {
      case MINIMUM_SELECTION -> incrementAll(p);
      case MINIMAL_INCREASE -> {
        int min = minimum(p);
        for (int i = 0, k = p.count(); i < k; i++) {
          int pos = (int) p.position(i);
          // a position probed twice is raised once: the second visit no longer sees the minimum
          if (counters[pos] == min) {
            counters[pos] = Math.addExact(min, 1);
          }
        }
      }
      case RECURRING_MINIMUM -> {
        incrementAll(p);
        int inSecondary = secondary.minimum(sp);
        if (inSecondary > 0) {
          secondary.incrementAll(sp);
        } else if (!recurring(p)) {
          int min = minimum(p);
          for (int i = 0; i < min; i++) {
            secondary.incrementAll(sp);
          }
        }
      }
      default -> throw new AssertionError(estimator);
    }
  }

  private Removal remove(Probes p, Probes sp) {
    if (estimator == Estimator.MINIMAL_INCREASE) {
      throw new UnsupportedOperationException("minimal increase does not support removal");
    }
    if (minimum(p) == 0) {
      return Removal.CERTAINLY_ABSENT;
    }
    for (int i = 0, k = p.count(); i < k; i++) {
      counters[(int) p.position(i)]--;
    }
    if (secondary != null && secondary.minimum(sp) > 0) {
      secondary.remove(sp, null);
    }
    return Removal.REMOVED;
  }

  private int frequency(Probes p, Probes sp) {
    int min = minimum(p);
    if (estimator != Estimator.RECURRING_MINIMUM || min == 0 || recurring(p)) {
      return min;
    }
    int fromSecondary = secondary.minimum(sp);
    return fromSecondary > 0 ? Math.min(fromSecondary, min) : min;
  }

  private void incrementAll(Probes p) {
    for (int i = 0, k = p.count(); i < k; i++) {
      int pos = (int) p.position(i);
      counters[pos] = Math.addExact(counters[pos], 1);
    }
  }

  private int minimum(Probes p) {
    int min = Integer.MAX_VALUE;
    for (int i = 0, k = p.count(); i < k; i++) {
      min = Math.min(min, counters[(int) p.position(i)]);
    }
    return min;
  }

  /** Whether the minimum occurs at two or more distinct positions. */
  private boolean recurring(Probes p) {
    int min = minimum(p);
    long first = -1;
    for (int i = 0, k = p.count(); i < k; i++) {
      long pos = p.position(i);
      if (counters[(int) pos] == min) {
        if (first < 0) {
          first = pos;
        } else if (pos != first) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "SpectralBloomFilter[m=" + shape.bits() + ", k=" + shape.hashes() + ", " + estimator + "]";
  }
}
