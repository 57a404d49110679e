package org.bloomchord.routing.heavy;

import java.util.Arrays;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.bloom.Probes;

/**
 * A counting Bloom filter over a sliding window of two generations: m counters per generation,
 * each item mapped to k of them by the shape's probes. An item's estimate is the smallest over its
 * k positions of (current + previous generation); it never falls below the item's true count in the
 * current and previous windows (no false negatives), whichever {@link UpdateRule}. {@link #rotate}
 * ends a window: the current generation becomes the previous one and a zero generation starts, so an
 * estimate covers between one and two windows and an item quiet for two windows is forgotten.
 *
 * <p>Memory is fixed at 2 m ints however many items pass: what makes it usable where an exact map
 * of senders or keys would grow without bound. Counters saturate at {@link Integer#MAX_VALUE}.
 * Not thread-safe; owned by one peer.
 */
public final class WindowedCountingFilter {

  private final BloomShape shape;
  private final UpdateRule rule;
  private int[] current;
  private int[] previous;

  /** A filter of {@code shape.bits()} counters per generation and {@code shape.hashes()} probes. */
  public WindowedCountingFilter(BloomShape shape, UpdateRule rule) {
    if (shape.bits() > Integer.MAX_VALUE / 2) {
      throw new IllegalArgumentException("too many counters: " + shape.bits());
    }
    this.shape = shape;
    this.rule = rule;
    this.current = new int[(int) shape.bits()];
    this.previous = new int[(int) shape.bits()];
  }

  /** The shape (counters per generation, probes). */
  public BloomShape shape() {
    return shape;
  }

  /** The update rule. */
  public UpdateRule rule() {
    return rule;
  }

  /** Adds {@code weight} occurrences of {@code item}; returns its new estimate. */
  public int add(long item, int weight) {
    return add(shape.probes(item), weight);
  }

  /** Adds {@code weight} occurrences of the item with these probes; returns its new estimate. */
  public int add(Probes p, int weight) {
    if (weight < 0) {
      throw new IllegalArgumentException("negative weight " + weight);
    }
    int k = p.count();
    if (rule == UpdateRule.PLAIN) {
      for (int i = 0; i < k; i++) {
        int at = (int) p.position(i);
        current[at] = saturated((long) current[at] + weight);
      }
      return estimate(p);
    }
    // conservative within the current generation alone: each counter of the current generation
    // then holds at least the count of every item mapped to it in this window, which still holds
    // after rotate() makes it the previous generation. Raising the current counters only as far as
    // (current + previous) needs would lean on previous counts that rotate() drops, and an item
    // counted past a threshold could fall back below it in the next window (a false negative).
    long min = Long.MAX_VALUE;
    for (int i = 0; i < k; i++) {
      min = Math.min(min, current[(int) p.position(i)]);
    }
    long target = min + weight;
    for (int i = 0; i < k; i++) {
      int at = (int) p.position(i);
      if (current[at] < target) {
        current[at] = saturated(target);
      }
    }
    return estimate(p);
  }

  /** The estimate of {@code item}: never below its true count over the current and previous window. */
  public int estimate(long item) {
    return estimate(shape.probes(item));
  }

  /** The estimate of the item with these probes. */
  public int estimate(Probes p) {
    long min = Long.MAX_VALUE;
    for (int i = 0; i < p.count(); i++) {
      int at = (int) p.position(i);
      min = Math.min(min, (long) current[at] + previous[at]);
    }
    return saturated(min);
  }

  /** Ends the window: the current generation becomes the previous one, a zero one starts. */
  public void rotate() {
    int[] t = previous;
    previous = current;
    current = t;
    Arrays.fill(current, 0);
  }

  /** Bytes of the counters (both generations). */
  public long memoryBytes() {
    return 8L * current.length;
  }

  private static int saturated(long v) {
    return (int) Math.min(Integer.MAX_VALUE, v);
  }

  /**
   * An upper bound on the chance that an item of true count {@code count} reaches {@code threshold}
   * in a plain filter of {@code counters} counters and {@code hashes} probes that counted
   * {@code total} occurrences in all (Estan and Varghese's bound for parallel multistage filters,
   * Lemma 1, applied to k probes of one array): each of the item's counters holds on average
   * k (total - count) / m occurrences of other items, Markov's inequality bounds the chance that
   * one of them reaches threshold - count, and the k counters are taken as independent:
   * min(1, (k (total - count) / (m (threshold - count)))^k). Items at or above the threshold: 1.
   */
  public static double passBound(long count, long threshold, long total, long counters, int hashes) {
    if (count >= threshold) {
      return 1;
    }
    double perCounter = (double) hashes * (total - count) / ((double) counters * (threshold - count));
    return Math.min(1, Math.pow(perCounter, hashes));
  }
}
