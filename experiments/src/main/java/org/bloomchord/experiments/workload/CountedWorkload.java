package org.bloomchord.experiments.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A fixed number of operations of each kind ({@code measure: { lookups: 10000, locates: 10000 }}),
 * shuffled together and paced evenly at {@code pace} (the i-th at {@code i / pace}); without a pace
 * every operation is due at time 0 and the runner issues them as fast as its concurrency allows.
 *
 * @param counts operations per kind
 * @param keys the key chooser
 * @param pace operations per second, or null for unpaced
 */
public record CountedWorkload(Map<OperationKind, Integer> counts, KeyChooser keys, Rate pace) implements Workload {

  public CountedWorkload {
    EnumMap<OperationKind, Integer> copy = new EnumMap<>(OperationKind.class);
    copy.putAll(counts);
    copy.values().forEach(n -> {
      if (n < 0) {
        throw new IllegalArgumentException("counts must be >= 0, was " + n);
      }
    });
    counts = Collections.unmodifiableMap(copy);
    if (keys == null) {
      throw new IllegalArgumentException("keys must be given");
    }
    if (pace != null && pace.perSecond() <= 0) {
      throw new IllegalArgumentException("pace must be > 0");
    }
  }

  /** All operations together. */
  public int total() {
    return counts.values().stream().mapToInt(Integer::intValue).sum();
  }

  @Override
  public Iterator<Operation> operations(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<OperationKind> kinds = new ArrayList<>(total());
    counts.forEach((k, n) -> kinds.addAll(Collections.nCopies(n, k)));
    Collections.shuffle(kinds, new java.util.Random(rng.nextLong()));
    List<Operation> out = new ArrayList<>(kinds.size());
    for (int i = 0; i < kinds.size(); i++) {
      long atMs = pace == null ? 0 : (long) (i * 1000 / pace.perSecond());
      out.add(new Operation(atMs, kinds.get(i), keys.next(rng)));
    }
    return out.iterator();
  }
}
