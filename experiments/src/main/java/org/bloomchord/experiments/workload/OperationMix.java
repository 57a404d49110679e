package org.bloomchord.experiments.workload;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The rate of each operation kind ({@code lookups: 200/s, locates: 50/s}). The kinds together
 * arrive at {@link #total()}; an arrival is of kind K with probability rate(K) / total. Kinds
 * without a rate do not occur.
 *
 * @param rates rate per kind (absent means none)
 */
public record OperationMix(Map<OperationKind, Rate> rates) {

  public OperationMix {
    EnumMap<OperationKind, Rate> copy = new EnumMap<>(OperationKind.class);
    copy.putAll(rates);
    rates = Collections.unmodifiableMap(copy);
  }

  /** The rate of all kinds together. */
  public Rate total() {
    return new Rate(rates.values().stream().mapToDouble(Rate::perSecond).sum());
  }

  /** The rate of one kind (0 when absent). */
  public Rate rate(OperationKind kind) {
    return rates.getOrDefault(kind, new Rate(0));
  }

  /** Draws the kind of one arrival. */
  public OperationKind choose(RandomGenerator rng) {
    double x = rng.nextDouble() * total().perSecond();
    OperationKind last = null;
    for (Map.Entry<OperationKind, Rate> e : rates.entrySet()) {
      if (e.getValue().perSecond() <= 0) {
        continue;
      }
      last = e.getKey();
      x -= e.getValue().perSecond();
      if (x < 0) {
        return last;
      }
    }
    if (last == null) {
      throw new IllegalStateException("the mix has no operation with a positive rate");
    }
    return last;
  }
}
