package org.bloomchord.overlay.sim;

import java.util.Arrays;

/**
 * A binary min-heap of {@link SimEvent}s ordered by (time, sequence number). Sequence numbers are
 * handed out here in scheduling order, so two events at the same time leave in the order they
 * were scheduled. Each event knows its heap position, so answered requests' timeouts and cancelled
 * timers leave the queue at once instead of bloating it. No boxing and no comparator objects: the loop polls millions of events a second.
 */
final class EventQueue {

  private SimEvent[] heap = new SimEvent[1024];
  private int size;
  private long nextSeq;

  int size() {
    return size;
  }

  /** Queues {@code e} at {@code time}, after every event already queued for that time. */
  void add(SimEvent e, long time) {
    e.time = time;
    e.seq = nextSeq++;
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    siftUp(e, size++);
  }

  /** Takes {@code e} out of the queue if it is queued, so it will not fire. */
  void remove(SimEvent e) {
    int i = e.index;
    if (i < 0) {
      return;
    }
    e.index = -1;
    SimEvent last = heap[--size];
    heap[size] = null;
    if (i == size) {
      return;
    }
    if (i > 0 && before(last, heap[(i - 1) >>> 1])) {
      siftUp(last, i);
    } else {
      siftDown(last, i);
    }
  }

  private void siftUp(SimEvent e, int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      SimEvent p = heap[parent];
      if (!before(e, p)) {
        break;
      }
      heap[i] = p;
      p.index = i;
      i = parent;
    }
    heap[i] = e;
    e.index = i;
  }

  /** The earliest event, or null when empty. */
  SimEvent peek() {
    return size == 0 ? null : heap[0];
  }

  /** Removes and returns the earliest event, or null when empty. */
  SimEvent poll() {
    if (size == 0) {
      return null;
    }
    SimEvent top = heap[0];
    top.index = -1;
    SimEvent last = heap[--size];
    heap[size] = null;
    if (size > 0) {
      siftDown(last, 0);
    }
    return top;
  }

  private void siftDown(SimEvent e, int i) {
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      SimEvent c = heap[child];
      int right = child + 1;
      if (right < size && before(heap[right], c)) {
        child = right;
        c = heap[child];
      }
      if (!before(c, e)) {
        break;
      }
      heap[i] = c;
      c.index = i;
      i = child;
    }
    heap[i] = e;
    e.index = i;
  }

  private static boolean before(SimEvent a, SimEvent b) {
    return a.time < b.time || (a.time == b.time && a.seq < b.seq);
  }
}
