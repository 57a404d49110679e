package org.bloomchord.overlay.sim;

import java.util.Arrays;

/**
 * A binary min-heap of {@link SimEvent}s ordered by (time, sequence number): the far-future part of
 * the {@link EventQueue}. Each event knows its heap position ({@link SimEvent#index}), so an event
 * leaves the heap in O(log n) wherever it sits. No boxing and no comparator objects. The sequence
 * numbers live here, beside the positions, not in the events: events in the queue's wheel do not
 * need one (a bucket's list is in scheduling order), so every event is 8 bytes smaller.
 *
 * <p>Invariants: {@code heap[0..size)} holds the queued events, each parent before its children in
 * (time, seq) order, {@code heap[i].index == i} and {@code seqs[i]} is the sequence number of
 * {@code heap[i]}; the time and sequence number of a queued event do not change.
 */
final class EventHeap {

  private SimEvent[] heap = new SimEvent[64];
  private long[] seqs = new long[64];
  private int size;

  int size() {
    return size;
  }

  /** Queues {@code e}, whose time is set, with sequence number {@code seq}. */
  void add(SimEvent e, long seq) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
      seqs = Arrays.copyOf(seqs, size * 2);
    }
    siftUp(e, seq, size++);
  }

  /** Takes out {@code e}, which must be in this heap. */
  void remove(SimEvent e) {
    int i = e.index;
    e.index = SimEvent.NOT_QUEUED;
    SimEvent last = heap[--size];
    long lastSeq = seqs[size];
    heap[size] = null;
    if (i == size) {
      return;
    }
    int parent = (i - 1) >>> 1;
    if (i > 0 && before(last.time, lastSeq, heap[parent].time, seqs[parent])) {
      siftUp(last, lastSeq, i);
    } else {
      siftDown(last, lastSeq, i);
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
    long lastSeq = seqs[size];
    heap[size] = null;
    if (size > 0) {
      siftDown(last, lastSeq, 0);
    }
    return top;
  }

  private void siftUp(SimEvent e, long seq, int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      SimEvent p = heap[parent];
      if (!before(e.time, seq, p.time, seqs[parent])) {
        break;
      }
      put(p, seqs[parent], i);
      i = parent;
    }
    put(e, seq, i);
  }

  private void siftDown(SimEvent e, long seq, int i) {
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      SimEvent c = heap[child];
      int right = child + 1;
      if (right < size && before(heap[right].time, seqs[right], c.time, seqs[child])) {
        child = right;
        c = heap[child];
      }
      if (!before(c.time, seqs[child], e.time, seq)) {
        break;
      }
      put(c, seqs[child], i);
      i = child;
    }
    put(e, seq, i);
  }

  private void put(SimEvent e, long seq, int i) {
    heap[i] = e;
    seqs[i] = seq;
    e.index = i;
  }

  private static boolean before(long timeA, long seqA, long timeB, long seqB) {
    return timeA < timeB || (timeA == timeB && seqA < seqB);
  }
}
