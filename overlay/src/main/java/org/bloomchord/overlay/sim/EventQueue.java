package org.bloomchord.overlay.sim;

import java.util.Arrays;

/**
 * The simulator's queue and its clock. It holds two kinds of entries: {@link SimEvent}s (timers,
 * request timeouts) and <em>frames</em>, messages stored as their
 * encoded bytes with their sender and receiver (the objects the caller names them by), so that
 * a message in flight costs no object. Entries leave in (time, scheduling order), whatever their
 * kind, so two entries at the same time leave in the order they were added. Taking an event out
 * ({@link #remove}) is immediate, so answered requests' timeouts and cancelled timers do not bloat
 * the queue; frames cannot be taken out.
 *
 * <p>Layout: a timing wheel of {@code W = 2^windowBits} buckets of one millisecond covering the
 * window {@code [now, now + W)}, a bitmap of the buckets holding live entries, and an
 * {@link EventHeap} for the events at or beyond the end of the window. A bucket is three arrays
 * filled in scheduling order: one slot per entry (the event, or the frame's receiver), the frames'
 * senders, and the frames' bytes back to back, each after its length. Taking the entries of a
 * millisecond out therefore reads its arrays in order, from start to end, instead of following a
 * pointer per message to wherever the allocator put it: at ten thousand peers and more, the cache
 * misses of those pointers were most of the simulator's time. A removed event leaves an empty
 * slot behind, skipped when read, until the bucket runs out of slots with at most half of them
 * live: then its live entries move to the front, in order, instead of the slots doubling (a
 * millisecond a few seconds ahead collects the timeouts of the requests sent a few seconds before
 * it, nearly all removed before it comes); and once removals leave at most an eighth of its slots
 * live, it moves them to the front of slots for at most four times as many. A bucket starts with
 * small arrays and doubles them as it fills; the arrays it outgrows, and all of its arrays once its
 * last live entry leaves, go back to {@link BucketArrays}, where the next bucket to need an array
 * of that size finds it. So a millisecond ahead holds only the arrays its entries need (mostly
 * the timeouts of requests, until its frames come), and a running simulation allocates almost no
 * array for its queue.
 *
 * <p>Invariants, with {@code n = now}:
 * <ol>
 *   <li>Every entry of the wheel has a time in {@code [n, n + W)} and waits in bucket
 *       {@code time mod W}; every event of the heap has a time {@code >= n + W}. So every queued
 *       entry is due at or after {@code n}, a bucket holds entries of a single time, and every
 *       entry of the wheel comes before every event of the heap. Frames are only ever in the wheel
 *       ({@link #addFrame} refuses a time beyond the window).
 *   <li>Within a bucket, entries sit in their slots in scheduling order; the slots before the
 *       bucket's read position are empty.
 *   <li>Bit {@code b} of the bitmap is set iff bucket {@code b} holds a live entry, and a bucket
 *       without one has no slots and no bytes in use; {@link #size} is the number of live entries
 *       in the wheel plus the events in the heap.
 * </ol>
 * Given these, the earliest entry in (time, seq) order is the first live slot of the first
 * occupied bucket at or after bucket {@code n mod W}, going round (by 1 the buckets in that order
 * hold increasing times; by 2 its first live slot is the earliest scheduled of its time), or, with
 * an empty wheel, the heap's minimum. The operations keep the invariants:
 * <ul>
 *   <li>{@link #add} and {@link #addFrame} at {@code t >= n}: within the window the entry goes to
 *       the next slot of its bucket, after every entry added before, so 2 holds; otherwise an event
 *       goes to the heap.
 *   <li>{@link #remove} empties the event's slot; the rest of its bucket keeps its order.
 *   <li>The clock moves from {@code n} to {@code n' > n} only when no queued entry is due before
 *       {@code n'} ({@link #next} moves it to the time of the entry it takes, which was the
 *       earliest, or to a deadline before the earliest entry). The wheel then holds times in
 *       {@code [n', n + W)}. The heap's events with times in {@code [n + W, n' + W)}, which just
 *       entered the window, move to the wheel at once, in (time, seq) order, before any other
 *       entry can be added. Their buckets were empty: {@code [n', n + W)} and
 *       {@code [n + W, n' + W)} are disjoint parts of the W times {@code [n', n' + W)}, which map
 *       to distinct buckets. So each such bucket is filled in sequence order (2), and every entry
 *       added later for these times comes after them. Invariant 1 holds for {@code n'}.
 * </ul>
 * Hence entries leave in exactly (time, seq) order, the order of a single heap over all of them.
 * Sequence numbers are only stored for the heap's events (a counter of heap insertions orders them
 * as scheduling does); in the wheel, a bucket's slot order is the scheduling order itself.
 * An event moves from the heap to the wheel at most once per scheduling; a clock jump over an
 * empty wheel costs nothing per skipped bucket, it goes straight to the heap's minimum.
 *
 * <p>A frame handed out by {@link #next} is valid (its bytes unchanged) until the next entry is
 * added: its bucket may be emptied and refilled after that.
 *
 * <p>Why one class of about 470 lines, a fifth of them this comment: the wheel, its bitmap, the
 * bucket pool and the overflow heap keep the invariants above only together (every operation
 * touches at least three of them), and the proof that entries leave in (time, seq) order is the
 * argument above over all four. The heap, which stands alone, is its own class ({@link EventHeap});
 * splitting the rest would put the invariants and the code that keeps them in different files.
 */
final class EventQueue {

  /** log2 of the default window: 65.5 s of virtual time, beyond every timer and timeout in use. */
  static final int DEFAULT_WINDOW_BITS = 16;

  /** What {@link #next} found: nothing due by the deadline. */
  static final int NONE = 0;
  /** What {@link #next} found: an event, see {@link #event()}. */
  static final int EVENT = 1;
  /** What {@link #next} found: a frame, see {@link #frameFrom()} and the other frame accessors. */
  static final int FRAME = 2;

  /** The slots below which a bucket is not shrunk when its events are removed. */
  static final int SPARSE_MIN_SLOTS = 64;
  /** The slots of a new bucket, and the frames' senders of a bucket's first frame. */
  static final int FIRST_SLOTS = 4;
  /** The bytes of a bucket's first frame, at least. */
  static final int FIRST_BYTES = 32;

  /**
   * The entries of one millisecond, in scheduling order. Slot {@code i} holds entry {@code i}: an
   * event, or a frame's receiver (never an event). The frames' senders follow each other in
   * {@link #senders}, and their bytes in {@link #bytes}, each after its length as a varint, in the
   * order of their entries: frames are never removed, so reading the entries in order reads the
   * senders and the bytes in order too, and a frame needs no index of its own.
   * Invariants: slots before {@link #read} and at or after {@link #used} are null; {@link #live}
   * counts the non-null slots; {@link #framesRead} and {@link #bytesRead} are where the first frame
   * not yet taken starts; a bucket with no live entry is not in the wheel.
   */
  private static final class Bucket {
    final BucketArrays arrays;
    Object[] slots;
    Object[] senders;
    byte[] bytes;
    int used;
    int read;
    int live;
    int framesUsed;
    int framesRead;
    int bytesUsed;
    int bytesRead;

    Bucket(BucketArrays arrays) {
      this.arrays = arrays;
      this.slots = arrays.refs(FIRST_SLOTS);
    }

    /**
     * Puts an entry in the next slot and returns its index. When the slots are full and at most
     * half of them hold live entries, the live ones move to the front first, in their order, instead
     * of the array doubling: a millisecond a few seconds ahead collects the timeouts of every
     * request sent a few seconds before it, and most are removed (answered) long before it comes.
     */
    int append(Object entry) {
      int i = used;
      if (i == slots.length) {
        if (2 * live <= slots.length) {
          compact();
          i = used;
        } else {
          slots = moved(slots, i, 2 * i);
        }
      }
      slots[i] = entry;
      used = i + 1;
      live++;
      return i;
    }

    /**
     * Gives back most of the slots once at most an eighth of them are live: a millisecond that a
     * wave of joins filled with thousands of timeouts keeps the few that are not removed in slots
     * for twice as many, not in the array the burst grew (each shrink follows at least
     * {@code 7/8} of the slots' removals, so the copies cost a constant per removal).
     */
    void shrinkIfSparse() {
      if (slots.length > SPARSE_MIN_SLOTS && 8 * live <= slots.length) {
        compact();
        slots = moved(slots, used, Math.max(FIRST_SLOTS, 2 * live));
      }
    }

    /**
     * The first {@code n} references of {@code from} in an array of at least {@code length} from
     * {@link #arrays}, to which {@code from} goes back with every element null.
     */
    private Object[] moved(Object[] from, int n, int length) {
      Object[] to = arrays.refs(length);
      System.arraycopy(from, 0, to, 0, n);
      Arrays.fill(from, 0, n, null);
      arrays.give(from);
      return to;
    }

    /** Gives every array back to {@link #arrays}; the bucket holds no live entry and is not used again. */
    void release() {
      arrays.give(slots);
      slots = null;
      if (senders != null) {
        arrays.give(senders);
        senders = null;
      }
      if (bytes != null) {
        arrays.give(bytes);
        bytes = null;
      }
    }

    /** Moves the live entries to the first slots, in their order, and tells each event its slot. */
    private void compact() {
      Object[] s = slots;
      int j = 0;
      for (int i = read; i < used; i++) {
        Object o = s[i];
        if (o == null) {
          continue;
        }
        if (j != i) {
          s[j] = o;
          s[i] = null;
          if (o instanceof SimEvent e) {
            e.index = SimEvent.IN_WHEEL - j;
          }
        }
        j++;
      }
      used = j;
      read = 0;
    }

    /** Appends a frame's sender, and its bytes after their length, after the others. */
    void frame(Object sender, byte[] src, int offset, int length) {
      int f = framesUsed;
      if (senders == null) {
        senders = arrays.refs(FIRST_SLOTS);
      } else if (f == senders.length) {
        senders = moved(senders, f, 2 * f);
      }
      senders[f] = sender;
      framesUsed = f + 1;
      int at = bytesUsed;
      int need = at + 5 + length;
      if (bytes == null) {
        bytes = arrays.bytes(Math.max(FIRST_BYTES, need));
      } else if (bytes.length < need) {
        byte[] grown = arrays.bytes(Math.max(2 * bytes.length, need));
        System.arraycopy(bytes, 0, grown, 0, at);
        arrays.give(bytes);
        bytes = grown;
      }
      int v = length;
      while ((v & ~0x7F) != 0) {
        bytes[at++] = (byte) (v & 0x7F | 0x80);
        v >>>= 7;
      }
      bytes[at++] = (byte) v;
      System.arraycopy(src, offset, bytes, at, length);
      bytesUsed = at + length;
    }
  }

  private final int windowBits;
  private final int mask;
  private final int wordMask;
  /** The bucket of each millisecond of the window, null when it holds no live entry. */
  private final Bucket[] wheel;
  private final long[] occupied;
  private final EventHeap overflow = new EventHeap();
  private final BucketArrays arrays = new BucketArrays();
  private int wheelSize;
  private long now;
  private long nextSeq;

  private SimEvent event;
  private Object frameFrom;
  private Object frameTo;
  private byte[] frameBytes;
  private int frameOffset;
  private int frameLength;

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
    this.wheel = new Bucket[buckets];
    this.occupied = new long[buckets >>> 6];
  }

  /** The clock: the time of the last entry taken out, or the last deadline reached if later. */
  long now() {
    return now;
  }

  /** Entries queued. */
  int size() {
    return wheelSize + overflow.size();
  }

  /**
   * Queues {@code e} at {@code time}, after every entry already queued for that time.
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

  /**
   * Queues a frame, {@code length} bytes of {@code src} from {@code offset} (copied), from
   * {@code from} to {@code to} at {@code time}, after every entry already queued for that time; or
   * returns false and queues nothing when {@code time} lies beyond the window (the caller then
   * queues the message as an event).
   *
   * @throws IllegalArgumentException if {@code time} is before {@link #now}, or {@code to} is an
   *     event (the queue tells frames from events by the receiver's type)
   * @throws NullPointerException if {@code from} or {@code to} is null
   */
  boolean addFrame(Object from, Object to, byte[] src, int offset, int length, long time) {
    if (time < now) {
      throw new IllegalArgumentException("time " + time + " is before now " + now);
    }
    if (from == null || to == null) {
      throw new NullPointerException("a frame needs its sender and receiver");
    }
    if (to instanceof SimEvent) {
      throw new IllegalArgumentException("a frame's receiver cannot be an event");
    }
    if (!inWindow(time)) {
      return false;
    }
    Bucket k = bucket(time);
    k.append(to);
    k.frame(from, src, offset, length);
    return true;
  }

  /** Takes {@code e} out of the queue if it is queued, so it will not fire. */
  void remove(SimEvent e) {
    int index = e.index;
    if (index <= SimEvent.IN_WHEEL) {
      int b = (int) e.time & mask;
      Bucket k = wheel[b];
      k.slots[SimEvent.IN_WHEEL - index] = null;
      e.index = SimEvent.NOT_QUEUED;
      wheelSize--;
      if (--k.live == 0) {
        release(b, k);
      } else {
        k.shrinkIfSparse();
      }
    } else if (index >= 0) {
      overflow.remove(e);
    }
  }

  /**
   * Takes out the earliest entry if it is due at or before {@code deadline}, moving the clock to
   * its time, and says which kind it is ({@link #EVENT} or {@link #FRAME}); otherwise returns
   * {@link #NONE} and moves the clock to {@code deadline} unless that lies in the past.
   */
  int next(long deadline) {
    event = null;
    frameFrom = null;
    frameTo = null;
    frameBytes = null;
    if (wheelSize == 0) {
      SimEvent e = overflow.peek();
      if (e == null || e.time > deadline) {
        moveTo(deadline);
        return NONE;
      }
      overflow.poll();
      moveTo(e.time);
      event = e;
      return EVENT;
    }
    int b = firstBucket();
    long time = now + ((b - (int) now) & mask);
    if (time > deadline) {
      moveTo(deadline);
      return NONE;
    }
    Bucket k = wheel[b];
    Object[] s = k.slots;
    int i = k.read;
    while (s[i] == null) {
      i++;
    }
    Object first = s[i];
    s[i] = null;
    k.read = i + 1;
    wheelSize--;
    int kind;
    if (first instanceof SimEvent e) {
      e.index = SimEvent.NOT_QUEUED;
      event = e;
      kind = EVENT;
    } else {
      byte[] bytes = k.bytes;
      int at = k.bytesRead;
      int length = 0;
      for (int shift = 0; ; shift += 7) {
        byte x = bytes[at++];
        length |= (x & 0x7F) << shift;
        if (x >= 0) {
          break;
        }
      }
      frameTo = first;
      frameFrom = k.senders[k.framesRead];
      k.senders[k.framesRead++] = null;
      frameBytes = bytes;
      frameOffset = at;
      frameLength = length;
      k.bytesRead = at + length;
      kind = FRAME;
    }
    if (--k.live == 0) {
      release(b, k);
    }
    moveTo(time);
    return kind;
  }

  /** The slots of the bucket of {@code time}'s millisecond, 0 when it has none (for tests). */
  int slotsAt(long time) {
    Bucket k = inWindow(time) ? wheel[(int) time & mask] : null;
    return k == null ? 0 : k.slots.length;
  }

  /** The event {@link #next} took out. */
  SimEvent event() {
    return event;
  }

  /** The sender of the frame {@link #next} took out. */
  Object frameFrom() {
    return frameFrom;
  }

  /** The receiver of the frame {@link #next} took out. */
  Object frameTo() {
    return frameTo;
  }

  /** The array holding the frame {@link #next} took out, valid until the next entry is added. */
  byte[] frameBytes() {
    return frameBytes;
  }

  /** Where in {@link #frameBytes()} the frame starts. */
  int frameOffset() {
    return frameOffset;
  }

  /** The frame's length in bytes. */
  int frameLength() {
    return frameLength;
  }

  private boolean inWindow(long time) {
    return (time - now) >>> windowBits == 0;
  }

  /** Moves the clock forward to {@code time}, which no queued entry precedes. */
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
    e.index = SimEvent.IN_WHEEL - bucket(e.time).append(e);
  }

  /** The bucket of {@code time}, within the window; a new one if it has none. */
  private Bucket bucket(long time) {
    wheelSize++;
    int b = (int) time & mask;
    Bucket k = wheel[b];
    if (k == null) {
      k = new Bucket(arrays);
      wheel[b] = k;
      occupied[b >>> 6] |= 1L << b;
    }
    return k;
  }

  /**
   * Takes bucket {@code k}, which has no live entry left, out of wheel slot {@code b}, and gives its
   * arrays back. Its slots and frames' senders are all null already (taken and removed entries clear
   * theirs). A frame just taken out of it stays readable until the next entry is added, as
   * {@link #next} promises: only an addition takes an array from {@link BucketArrays}.
   */
  private void release(int b, Bucket k) {
    wheel[b] = null;
    occupied[b >>> 6] &= ~(1L << b);
    k.release();
  }

  /** The first occupied bucket at or after bucket {@code now mod W}, going round; wheel not empty. */
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
