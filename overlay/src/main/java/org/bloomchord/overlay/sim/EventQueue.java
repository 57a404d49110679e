package org.bloomchord.overlay.sim;

/**
 * The simulator's queue of {@link SimEvent}s and its clock: events leave in (time, sequence number)
 * order, sequence numbers being handed out here in scheduling order, so two events at the same time
 * leave in the order they were scheduled. Taking an event out ({@link #remove}) is immediate, so
 * answered requests' timeouts and cancelled timers do not bloat the queue.
 *
 * <p>Layout: a timing wheel of {@code W = 2^windowBits} buckets of one millisecond covering the
 * window {@code [now, now + W)}, each bucket a doubly-linked list threaded through the events
 * ({@link SimEvent#prev}, {@link SimEvent#next}), a bitmap of the non-empty buckets, and an
 * {@link EventHeap} for the events at or beyond the end of the window. Adding, removing and taking
 * the earliest event out of the wheel cost O(1) (plus a bitmap scan, one word in a busy run).
 *
 * <p>Invariants, with {@code n = now}:
 * <ol>
 *   <li>Every event of the wheel has a time in {@code [n, n + W)} and waits in bucket
 *       {@code time mod W}; every event of the heap has a time {@code >= n + W}. So every queued
 *       event is due at or after {@code n}, a bucket holds events of a single time, and every
 *       event of the wheel comes before every event of the heap.
 *   <li>Within a bucket, events are linked in increasing sequence number.
 *   <li>Bit {@code b} of the bitmap is set iff bucket {@code b} is not empty; {@link #size} is
 *       the number of events in the wheel plus the heap.
 * </ol>
 * Given these, the earliest event in (time, seq) order is the head of the first non-empty bucket
 * at or after bucket {@code n mod W}, going round (by 1 the buckets in that order hold increasing
 * times; by 2 the head has the smallest sequence number of its time), or, with an empty wheel, the
 * heap's minimum. The operations keep the invariants:
 * <ul>
 *   <li>{@link #add} at {@code t >= n}: within the window the event goes to the tail of its bucket
 *       with a sequence number larger than any handed out before, so 2 holds; otherwise it goes to
 *       the heap.
 *   <li>{@link #remove} unlinks the event; the rest of its bucket keeps its order.
 *   <li>The clock moves from {@code n} to {@code n' > n} only when no queued event is due before
 *       {@code n'} ({@link #poll} moves it to the time of the event it takes, which was the
 *       earliest, or to a deadline before the earliest event). The wheel then holds times in
 *       {@code [n', n + W)}. The heap's events with times in {@code [n + W, n' + W)}, which just
 *       entered the window, move to the wheel at once, in (time, seq) order, before any other
 *       event can be added. Their buckets were empty: {@code [n', n + W)} and
 *       {@code [n + W, n' + W)} are disjoint parts of the W times {@code [n', n' + W)}, which map
 *       to distinct buckets. So each such bucket is filled in sequence order (2), and every event
 *       added later for these times gets a larger sequence number. Invariant 1 holds for
 *       {@code n'}.
 * </ul>
 * Hence events leave in exactly (time, seq) order, the order of a single heap over all of them.
 * Sequence numbers are only stored for the heap's events (a counter of heap insertions orders them
 * as scheduling does); in the wheel, a bucket's list order is the scheduling order itself.
 * An event moves from the heap to the wheel at most once per scheduling; a clock jump over an
 * empty wheel costs nothing per skipped bucket, it goes straight to the heap's minimum.
 */
final class EventQueue {

  /** log2 of the default window: 65.5 s of virtual time, beyond every timer and timeout in use. */
  static final int DEFAULT_WINDOW_BITS = 16;

  private final int windowBits;
  private final int mask;
  private final int wordMask;
  private final SimEvent[] heads;
  private final SimEvent[] tails;
  private final long[] occupied;
  private final EventHeap overflow = new EventHeap();
  private int wheelSize;
  private long now;
  private long nextSeq;

  EventQueue() {
    this(DEFAULT_WINDOW_BITS);
  }

  /** A queue whose wheel covers {@code 2^windowBits} ms, with 6 <= windowBits <= 24. */
  EventQueue(int windowBits) {
    if (windowBits < 6 || windowBits > 24) {
      throw new IllegalArgumentException("windowBits must be in [6, 24]: " + windowBits);
    }
    this.windowBits = windowBits;
    int buckets = 1 << windowBits;
    this.mask = buckets - 1;
    this.wordMask = (buckets >>> 6) - 1;
    this.heads = new SimEvent[buckets];
    this.tails = new SimEvent[buckets];
    this.occupied = new long[buckets >>> 6];
  }

  /** The clock: the time of the last event taken out, or the last deadline reached if later. */
  long now() {
    return now;
  }

  /** Events queued. */
  int size() {
    return wheelSize + overflow.size();
  }

  /**
   * Queues {@code e} at {@code time}, after every event already queued for that time.
   *
   * @throws IllegalArgumentException if {@code time} is before {@link #now}
   * @throws IllegalStateException if {@code e} is queued already
   */
  void add(SimEvent e, long time) {
    if (time < now) {
      throw new IllegalArgumentException("time " + time + " is before now " + now);
    }
    if (e.index != SimEvent.NOT_QUEUED) {
      throw new IllegalStateException("event already queued at " + e.time);
    }
    e.time = time;
    if (inWindow(time)) {
      link(e);
    } else {
      overflow.add(e, nextSeq++);
    }
  }

  /** Takes {@code e} out of the queue if it is queued, so it will not fire. */
  void remove(SimEvent e) {
    if (e.index == SimEvent.IN_WHEEL) {
      unlink(e);
    } else if (e.index >= 0) {
      overflow.remove(e);
    }
  }

  /**
   * Takes out and returns the earliest event if it is due at or before {@code deadline}, moving
   * the clock to its time; otherwise returns null and moves the clock to {@code deadline} unless
   * that lies in the past.
   */
  SimEvent poll(long deadline) {
    SimEvent e = wheelSize > 0 ? heads[firstBucket()] : overflow.peek();
    if (e == null || e.time > deadline) {
      moveTo(deadline);
      return null;
    }
    if (e.index == SimEvent.IN_WHEEL) {
      unlink(e);
    } else {
      overflow.poll();
    }
    moveTo(e.time);
    return e;
  }

  private boolean inWindow(long time) {
    return (time - now) >>> windowBits == 0;
  }

  /** Moves the clock forward to {@code time}, which no queued event precedes. */
  private void moveTo(long time) {
    if (time <= now) {
      return;
    }
    now = time;
    SimEvent h;
    while ((h = overflow.peek()) != null && inWindow(h.time)) {
      overflow.poll();
      link(h);
    }
  }

  private void link(SimEvent e) {
    int b = (int) e.time & mask;
    SimEvent tail = tails[b];
    e.prev = tail;
    if (tail == null) {
      heads[b] = e;
      occupied[b >>> 6] |= 1L << b;
    } else {
      tail.next = e;
    }
    tails[b] = e;
    e.index = SimEvent.IN_WHEEL;
    wheelSize++;
  }

  private void unlink(SimEvent e) {
    int b = (int) e.time & mask;
    SimEvent p = e.prev;
    SimEvent n = e.next;
    if (p == null) {
      heads[b] = n;
    } else {
      p.next = n;
      e.prev = null;
    }
    if (n == null) {
      tails[b] = p;
    } else {
      n.prev = p;
      e.next = null;
    }
    if (heads[b] == null) {
      occupied[b >>> 6] &= ~(1L << b);
    }
    e.index = SimEvent.NOT_QUEUED;
    wheelSize--;
  }

  /** The first non-empty bucket at or after bucket {@code now mod W}, going round; wheel not empty. */
  private int firstBucket() {
    int b = (int) now & mask;
    int w = b >>> 6;
    long word = occupied[w] & (-1L << b);
    while (word == 0) {
      w = (w + 1) & wordMask;
      word = occupied[w];
    }
    return (w << 6) | Long.numberOfTrailingZeros(word);
  }
}
