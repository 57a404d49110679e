package org.bloomchord.overlay.sim;

import java.util.Arrays;

/**
 * A binary min-heap of {@link SimEvent}s ordered by (time, sequence number): the far-future part of
 * the {@link EventQueue}. Each event knows its heap position ({@link SimEvent#index}), so an event
 * leaves the heap in O(log n) wherever it sits. No boxing and no comparator objects.
 *
 * <p>Invariants: {@code heap[0..size)} holds the queued events, each parent before its children in
 * (time, seq) order, and {@code heap[i].index == i}; the time and sequence number of a queued event
 * do not change.
 */
final class EventHeap {

  private SimEvent[] heap = new SimEvent[64];
  private int size;

  int size() {
    return size;
  }

  /** Queues {@code e}, whose time and sequence number are set. */
  void add(SimEvent e) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    siftUp(e, size++);
  }

  /** Takes out {@code e}, which must be in this heap. */
  void remove(SimEvent e) {
    int i = e.index;
    e.index = SimEvent.NOT_QUEUED;
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
    top.index = SimEvent.NOT_QUEUED;
    SimEvent last = heap[--size];
    heap[size] = null;
    if (size > 0) {
      siftDown(last, 0);
    }
    return top;
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
