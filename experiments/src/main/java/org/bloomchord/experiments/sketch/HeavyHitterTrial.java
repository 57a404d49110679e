package org.bloomchord.experiments.sketch;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.heavy.UpdateRule;
import org.bloomchord.routing.heavy.WindowedCountingFilter;

/**
 * One heavy-hitter measurement, the work of {@code bloomchord sketch heavy-hitters}: a stream over
 * N items whose counts follow Zipf(A) scaled so that exactly the H most frequent reach the
 * threshold T (item of rank r counts round(T (H / r)^A), at least 1), shuffled, counted in one
 * window of a {@link WindowedCountingFilter} of M counters and K probes; then every item is judged
 * against its exact count.
 *
 * @param items N distinct items
 * @param heavy H items at or above T
 * @param threshold T
 * @param counters M counters
 * @param hashes K probes
 * @param rule plain or conservative update
 * @param zipf the exponent A, > 0
 * @param seed the shuffle's and the item ids' seed
 */
public record HeavyHitterTrial(int items, int heavy, long threshold, int counters, int hashes, UpdateRule rule,
    double zipf, long seed) {

  /**
   * What the run found.
   *
   * @param stream occurrences counted
   * @param flagged items whose estimate reached T
   * @param heavy items whose exact count reached T
   * @param falseNegatives heavy items not flagged (0 by construction of the filter)
   * @param falsePositives flagged items below T
   * @param expectedFalsePositives the sum over items below T of {@link WindowedCountingFilter#passBound}
   *     (an upper bound for the plain filter)
   * @param memoryBytes bytes of the filter's counters (two generations)
   */
  public record Result(long stream, long flagged, long heavy, long falseNegatives, long falsePositives,
      double expectedFalsePositives, long memoryBytes) {
  }

  /** The exact count of the item of rank {@code r} (1-based). */
  public long countOfRank(int r) {
    return Math.max(1, Math.round(threshold * Math.pow((double) heavy / r, zipf)));
  }

  /** Runs the measurement. */
  public Result run() {
    long[] ids = new long[items];
    long[] counts = new long[items];
    SplittableRandom random = new SplittableRandom(seed);
    long total = 0;
    for (int r = 1; r <= items; r++) {
      ids[r - 1] = random.nextLong();
      counts[r - 1] = countOfRank(r);
      total += counts[r - 1];
    }
    if (total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("stream of " + total + " occurrences is too long");
    }
    int[] stream = new int[(int) total];
    int at = 0;
    for (int i = 0; i < items; i++) {
      for (long c = 0; c < counts[i]; c++) {
        stream[at++] = i;
      }
    }
    for (int i = stream.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = stream[i];
      stream[i] = stream[j];
      stream[j] = t;
    }
    WindowedCountingFilter filter = new WindowedCountingFilter(new BloomShape(counters, hashes), rule);
    for (int i : stream) {
      filter.add(ids[i], 1);
    }
    long flagged = 0;
    long trulyHeavy = 0;
    long fn = 0;
    long fp = 0;
    double expected = 0;
    for (int i = 0; i < items; i++) {
      boolean over = filter.estimate(ids[i]) >= threshold;
      boolean isHeavy = counts[i] >= threshold;
      flagged += over ? 1 : 0;
      trulyHeavy += isHeavy ? 1 : 0;
      fn += isHeavy && !over ? 1 : 0;
      fp += !isHeavy && over ? 1 : 0;
      if (!isHeavy) {
        expected += WindowedCountingFilter.passBound(counts[i], threshold, total, counters, hashes);
      }
    }
    return new Result(total, flagged, trulyHeavy, fn, fp, expected, filter.memoryBytes());
  }

  /** The command's JSON fields, in order. */
  public Map<String, Object> fields(Result r) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("items", items);
    f.put("threshold", threshold);
    f.put("counters", counters);
    f.put("hashes", hashes);
    f.put("conservative", rule == UpdateRule.CONSERVATIVE);
    f.put("zipf", zipf);
    f.put("stream", r.stream());
    f.put("flagged", r.flagged());
    f.put("heavy", r.heavy());
    f.put("falseNegatives", r.falseNegatives());
    f.put("falsePositives", r.falsePositives());
    f.put("expectedFalsePositives", r.expectedFalsePositives());
    f.put("memoryBytes", r.memoryBytes());
    return f;
  }
}
