package org.bloomchord.experiments.churn;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The peers alive when a churn phase starts, by the runner's peer numbers, and the number the next
 * joiner will get. Invariant: every alive number is below {@code nextPeer} and appears once.
 *
 * @param alive the live peers' numbers, in the runner's order
 * @param nextPeer the number of the next peer to join
 */
public record Population(List<Integer> alive, int nextPeer) {

  public Population {
    alive = List.copyOf(alive);
    if (alive.stream().distinct().count() != alive.size()) {
      throw new IllegalArgumentException("alive peers must be distinct");
    }
    for (int p : alive) {
      if (p < 0 || p >= nextPeer) {
        throw new IllegalArgumentException("peer " + p + " outside 0.." + (nextPeer - 1));
      }
    }
  }

  /** Peers {@code 0..n-1} alive, the next joiner numbered {@code n}. */
  public static Population of(int n) {
    return new Population(IntStream.range(0, n).boxed().toList(), n);
  }

  /** Number of live peers. */
  public int size() {
    return alive.size();
  }
}
