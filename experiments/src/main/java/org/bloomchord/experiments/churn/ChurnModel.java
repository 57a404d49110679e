package org.bloomchord.experiments.churn;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A generator of churn: given the population at a phase's start and a seed, a time-ordered stream
 * of {@link ChurnEvent}s (times relative to the phase's start) that the runner applies in order.
 * The same population and seed always give the same stream. Events at the same millisecond keep
 * the order the stream gives them (a departure before the joiner that replaces it).
 */
public interface ChurnModel {

  /** The events, lazily, in non-decreasing time. */
  Iterator<ChurnEvent> events(Population start, long seed);

  /** All events as a list (for short phases and tests). */
  default List<ChurnEvent> schedule(Population start, long seed) {
    List<ChurnEvent> out = new ArrayList<>();
    events(start, seed).forEachRemaining(out::add);
    return out;
  }
}
