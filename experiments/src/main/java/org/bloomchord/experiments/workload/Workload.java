package org.bloomchord.experiments.workload;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A generator of operations: given a seed, a time-ordered stream of {@link Operation}s (times
 * relative to the phase's start) that the runner issues. The same seed gives the same stream.
 */
public interface Workload {

  /** The operations, lazily, in non-decreasing time. */
  Iterator<Operation> operations(long seed);

  /** All operations as a list (for short phases and tests). */
  default List<Operation> schedule(long seed) {
    List<Operation> out = new ArrayList<>();
    operations(seed).forEachRemaining(out::add);
    return out;
  }
}
