package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The queue against a sorted-set oracle under random adds, removals and polls. */
class EventQueueTest {

  private static final class Probe extends SimEvent {
    @Override
    void fire() {
    }
  }

  @Test
  void pollsInTimeThenSchedulingOrderUnderRandomRemovals() {
    SplittableRandom r = new SplittableRandom(9);
    EventQueue q = new EventQueue();
    TreeSet<SimEvent> oracle = new TreeSet<>(Comparator.<SimEvent>comparingLong(e -> e.time).thenComparingLong(e -> e.seq));
    List<SimEvent> queued = new ArrayList<>();
    for (int step = 0; step < 50_000; step++) {
      int op = r.nextInt(10);
      if (op < 5) {
        Probe p = new Probe();
        q.add(p, r.nextLong(100));
        oracle.add(p);
        queued.add(p);
      } else if (op < 7 && !queued.isEmpty()) {
        SimEvent e = queued.remove(r.nextInt(queued.size()));
        q.remove(e);
        q.remove(e);
        oracle.remove(e);
      } else {
        SimEvent e = q.poll();
        assertEquals(oracle.pollFirst(), e);
        queued.remove(e);
      }
      assertEquals(oracle.size(), q.size());
    }
    while (!oracle.isEmpty()) {
      assertEquals(oracle.pollFirst(), q.poll());
    }
    assertNull(q.poll());
  }
}
