package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The overflow heap against a sorted-set oracle under random adds, removals and polls. */
class EventHeapTest {

  @Test
  void pollsInTimeThenSequenceOrderUnderRandomRemovals() {
    SplittableRandom r = new SplittableRandom(9);
    EventHeap heap = new EventHeap();
    TreeSet<Probe> oracle = new TreeSet<>(Probe.BY_TIME_AND_SEQ);
    List<Probe> queued = new ArrayList<>();
    long seq = 0;
    for (int step = 0; step < 50_000; step++) {
      int op = r.nextInt(10);
      if (op < 5) {
        Probe p = new Probe();
        p.time = r.nextLong(100);
        p.expectedTime = p.time;
        p.expectedSeq = seq++;
        heap.add(p, p.expectedSeq);
        oracle.add(p);
        queued.add(p);
      } else if (op < 7 && !queued.isEmpty()) {
        Probe p = queued.remove(r.nextInt(queued.size()));
        heap.remove(p);
        assertEquals(SimEvent.NOT_QUEUED, p.index);
        oracle.remove(p);
      } else {
        SimEvent e = heap.poll();
        assertEquals(oracle.pollFirst(), e);
        queued.remove(e);
      }
      assertEquals(oracle.size(), heap.size());
      assertEquals(oracle.isEmpty() ? null : oracle.first(), heap.peek());
    }
    while (!oracle.isEmpty()) {
      assertEquals(oracle.pollFirst(), heap.poll());
    }
    assertNull(heap.poll());
  }
}
