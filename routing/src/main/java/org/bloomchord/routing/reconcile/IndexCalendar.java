package org.bloomchord.routing.reconcile;

import java.util.Arrays;

/**
 * A bucket queue of element ids keyed by the next symbol index they are mapped to, drained in
 * increasing index order. Buckets exist for indexes below a capacity that doubles on demand; ids
 * whose index lies beyond it wait, with their index, in an overflow list that is redistributed when
 * the capacity grows. Each bucket is a singly linked list threaded through a per-id link array.
 *
 * <p>Invariant: an id is in at most one bucket or in the overflow list; {@link #drain} is called
 * with non-decreasing indexes, and ids are only ever parked at indexes not yet drained.
 */
final class IndexCalendar {

  private int[] head = new int[64];
  private int[] link;
  private int[] overflowId = new int[16];
  private long[] overflowAt = new long[16];
  private int overflowSize;

  IndexCalendar(int ids) {
    link = new int[Math.max(16, ids)];
  }

  /** Parks {@code id} at {@code index}. */
  void park(int id, long index) {
    if (id >= link.length) {
      link = Arrays.copyOf(link, Math.max(link.length * 2, id + 1));
    }
    if (index < head.length) {
      link[id] = head[(int) index];
      head[(int) index] = id + 1;
    } else {
      if (overflowSize == overflowId.length) {
        overflowId = Arrays.copyOf(overflowId, overflowSize * 2);
        overflowAt = Arrays.copyOf(overflowAt, overflowSize * 2);
      }
      overflowId[overflowSize] = id;
      overflowAt[overflowSize++] = index;
    }
  }

  /**
   * Removes the ids parked at {@code index} and returns them as a linked list: the first id plus
   * one (0 when empty); follow it with {@link #after}.
   */
  int drain(int index) {
    if (index >= head.length) {
      grow(index);
    }
    int first = head[index];
    head[index] = 0;
    return first;
  }

  /**
   * The id after {@code id} in a drained list, plus one (0 at the end); read it before parking
   * {@code id} again.
   */
  int after(int id) {
    return link[id];
  }

  private void grow(int index) {
    int cap = head.length;
    while (cap <= index) {
      cap *= 2;
    }
    head = Arrays.copyOf(head, cap);
    int kept = 0;
    for (int i = 0; i < overflowSize; i++) {
      int id = overflowId[i];
      long at = overflowAt[i];
      if (at < cap) {
        link[id] = head[(int) at];
        head[(int) at] = id + 1;
      } else {
        overflowId[kept] = id;
        overflowAt[kept++] = at;
      }
    }
    overflowSize = kept;
  }
}
