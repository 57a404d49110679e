package org.bloomchord.chord;

import java.util.Arrays;
import org.bloomchord.overlay.PeerRef;

/**
 * Per-sender quotas of one peer: a token bucket of messages and one of bytes for each sender, each
 * refilled at its rate per second up to a burst of two seconds' worth. A message that finds either
 * bucket short is refused (the caller rejects it and counts {@link #REQUESTS} or {@link #BYTES}).
 *
 * <p>A bucket at its cap is the same as no bucket (a sender without one gets a full one), so only
 * the buckets below their cap are kept: a bucket is dropped once it is seen full, by the charge
 * that fills it no more, by a cheap look at the oldest buckets on every charge, or by a sweep of
 * all of them before the arrays would grow. Every verdict is that of buckets kept forever. At the
 * default quotas (10,000 messages and 16 MiB a second) a charge is refilled within a millisecond,
 * so a peer keeps the buckets of the senders of its last millisecond or so, not of the last two
 * seconds. At most {@code maxSenders} buckets below their cap are kept, in the order their senders
 * were last charged; a new sender beyond that evicts the one charged longest ago
 * ({@link #EVICTED}), which starts full again if that sender returns.
 * Not thread-safe; owned by one peer.
 *
 * <p>The buckets are rows of one {@code long[]} ({@value #STRIDE} cells each: the sender's id,
 * the time of the last charge, the two token counts as the bits of their doubles, and the bucket's
 * older and newer neighbour on a list in charge order) beside the senders' refs, found through an
 * open-addressing table by the sender's id: what an access-ordered {@code LinkedHashMap} of
 * bucket objects did, without an entry, a node and a bucket object per sender and without
 * hashing the sender's address on every message. A charge reads three arrays (the slots, the row,
 * the ref when the ids match), and forgetting a bucket moves slots by the ids in the rows without
 * reading any sender's ref: at a large ring each array touched is a cache miss per message.
 */
final class SenderQuota implements SenderLimit {

  /** How long an idle bucket takes at most to refill to its cap: the burst is two seconds' worth. */
  static final long REFILL_MS = 2000;

  private static final int NONE = -1;
  private static final int FIRST_CAPACITY = 2;
  /** The cells of a bucket's row. */
  private static final int STRIDE = 5;
  private static final int ID = 0;
  private static final int AT = 1;
  private static final int REQUESTS = 2;
  private static final int BYTES = 3;
  /** The older neighbour in the high 32 bits, the newer in the low 32 (each {@link #NONE} for none). */
  private static final int LINKS = 4;

  private final long requestsPerSecond;
  private final long bytesPerSecond;
  private final int maxSenders;
  private final Runnable evicted;

  private PeerRef[] senders = new PeerRef[FIRST_CAPACITY];
  private long[] rows = new long[STRIDE * FIRST_CAPACITY];
  /** Open addressing by id: bucket index + 1, 0 for an empty slot; filled to at most half. */
  private int[] slots = new int[slotsFor(FIRST_CAPACITY)];
  private int oldest = NONE;
  private int newest = NONE;
  private int size;
  /** Bucket indices freed, threaded through their newer links. */
  private int free = NONE;
  private int used;
  private long lastCharge;

  /**
   * Quotas as {@code limits} sets them.
   *
   * @param evicted told of every bucket evicted ({@link #EVICTED})
   */
  SenderQuota(ChordLimits limits, Runnable evicted) {
    this.requestsPerSecond = limits.requestsPerSecond();
    this.bytesPerSecond = limits.bytesPerSecond();
    this.maxSenders = limits.maxSenders();
    this.evicted = evicted;
  }

  /** Whether any quota is on. */
  @Override
  public boolean enabled() {
    return requestsPerSecond > 0 || bytesPerSecond > 0;
  }

  /** Whether the byte quota is on (the caller then measures messages). */
  @Override
  public boolean countsBytes() {
    return bytesPerSecond > 0;
  }

  /** Charges one message of {@code size} bytes from {@code from} at time {@code now}. */
  @Override
  public Verdict charge(PeerRef from, int size, long now) {
    lastCharge = now;
    forgetOldestFull(now);
    int b = find(from);
    double requests;
    double bytes;
    if (b == NONE) {
      if (this.size >= maxSenders) {
        forgetFull(now);
      }
      b = add(from, now);
      requests = 2.0 * requestsPerSecond;
      bytes = 2.0 * bytesPerSecond;
      rows[STRIDE * b + AT] = now;
      if (this.size > maxSenders) {
        remove(oldest);
        evicted.run();
      }
    } else {
      unlink(b);
      linkNewest(b);
      int r = STRIDE * b;
      requests = Double.longBitsToDouble(rows[r + REQUESTS]);
      bytes = Double.longBitsToDouble(rows[r + BYTES]);
      long at = rows[r + AT];
      if (now > at) {
        requests = Math.min(2.0 * requestsPerSecond, refilled(requests, requestsPerSecond, at, now));
        bytes = Math.min(2.0 * bytesPerSecond, refilled(bytes, bytesPerSecond, at, now));
        rows[r + AT] = now;
      }
    }
    Verdict verdict = Verdict.ACCEPTED;
    if (requestsPerSecond > 0 && requests < 1) {
      verdict = Verdict.TOO_MANY;
    } else if (bytesPerSecond > 0 && bytes < size) {
      verdict = Verdict.TOO_LARGE;
    } else {
      requests -= 1;
      bytes -= size;
    }
    rows[STRIDE * b + REQUESTS] = Double.doubleToRawLongBits(requests);
    rows[STRIDE * b + BYTES] = Double.doubleToRawLongBits(bytes);
    if (full(b, now)) {
      remove(b);
    }
    if (senders.length > FIRST_CAPACITY && 3 * this.size < senders.length) {
      rebuild(Math.max(FIRST_CAPACITY, 2 * this.size));
    }
    return verdict;
  }

  /**
   * Whether bucket {@code b} is at its cap at {@code now}: the refill a charge at {@code now}
   * would compute, compared with the cap it would clamp to, for each quota that is on (a quota
   * that is off decides nothing, whatever its count). Such a bucket is the fresh one a sender
   * without a bucket gets, so it can be dropped without changing any verdict.
   */
  private boolean full(int b, long now) {
    int r = STRIDE * b;
    long at = rows[r + AT];
    return (requestsPerSecond <= 0
            || refilled(Double.longBitsToDouble(rows[r + REQUESTS]), requestsPerSecond, at, now) >= 2.0 * requestsPerSecond)
        && (bytesPerSecond <= 0
            || refilled(Double.longBitsToDouble(rows[r + BYTES]), bytesPerSecond, at, now) >= 2.0 * bytesPerSecond);
  }

  /**
   * {@code tokens} charged at {@code at} plus what {@code perSecond} adds by {@code now}, before the
   * cap: the one refill both a charge and {@link #full} compute, so that a bucket called full is
   * one a charge would find at its cap.
   */
  private static double refilled(double tokens, double perSecond, long at, long now) {
    return now > at ? tokens + (now - at) / 1000.0 * perSecond : tokens;
  }

  /**
   * Drops the buckets at the old end of the charge order that are full by now, up to the first
   * that is not: the cheap, lazy part of forgetting (one row read when nothing is due). At the
   * default quotas a bucket refills within a millisecond of its charge, so this keeps about the
   * senders of the current millisecond; a bucket still below its cap shields the newer ones behind
   * it until it refills (at most {@link #REFILL_MS}, as a charge never takes a bucket below zero),
   * or until the arrays run out of room and {@link #forgetFull} sweeps them all.
   */
  private void forgetOldestFull(long now) {
    while (oldest != NONE && full(oldest, now)) {
      remove(oldest);
    }
  }

  /** Drops every bucket that is full by {@code now}, wherever it is in the charge order. */
  private void forgetFull(long now) {
    for (int b = oldest; b != NONE;) {
      int next = newer(b);
      if (full(b, now)) {
        remove(b);
      }
      b = next;
    }
  }

  /**
   * Senders whose buckets are below their cap at this peer's last charge: the senders whose quota
   * is tracked (a sender at its cap has the fresh bucket of one never heard from). At most
   * {@code maxSenders}.
   */
  @Override
  public int senders() {
    int n = 0;
    for (int b = oldest; b != NONE; b = newer(b)) {
      if (!full(b, lastCharge)) {
        n++;
      }
    }
    return n;
  }

  /** Buckets kept now, full ones not yet dropped included (at least {@link #senders()}). */
  int held() {
    return size;
  }

  /** The buckets the arrays have room for (at least {@link #senders()}). */
  int capacity() {
    return senders.length;
  }

  private static int mix(long id) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  private int find(PeerRef from) {
    long id = from.id();
    int mask = slots.length - 1;
    for (int s = mix(id) & mask;; s = (s + 1) & mask) {
      int e = slots[s];
      if (e == 0) {
        return NONE;
      }
      if (rows[STRIDE * (e - 1) + ID] == id) {
        PeerRef p = senders[e - 1];
        if (p == from || p.equals(from)) {
          return e - 1;
        }
      }
    }
  }

  private int add(PeerRef from, long now) {
    if (free == NONE && used == senders.length) {
      forgetFull(now);
    }
    if (free == NONE && used == senders.length) {
      grow();
    }
    int b;
    if (free != NONE) {
      b = free;
      free = newer(b);
    } else {
      b = used++;
    }
    senders[b] = from;
    rows[STRIDE * b + ID] = from.id();
    int mask = slots.length - 1;
    int s = mix(from.id()) & mask;
    while (slots[s] != 0) {
      s = (s + 1) & mask;
    }
    slots[s] = b + 1;
    size++;
    linkNewest(b);
    return b;
  }

  private void remove(int b) {
    unlink(b);
    int mask = slots.length - 1;
    int s = mix(rows[STRIDE * b + ID]) & mask;
    while (slots[s] != b + 1) {
      s = (s + 1) & mask;
    }
    // backward-shift deletion: move up every later entry of the run that the hole would cut off
    for (int next = (s + 1) & mask; slots[next] != 0; next = (next + 1) & mask) {
      int home = mix(rows[STRIDE * (slots[next] - 1) + ID]) & mask;
      if (((next - home) & mask) >= ((next - s) & mask)) {
        slots[s] = slots[next];
        s = next;
      }
    }
    slots[s] = 0;
    senders[b] = null;
    setLinks(b, NONE, free);
    free = b;
    size--;
  }

  private int older(int b) {
    return (int) (rows[STRIDE * b + LINKS] >> 32);
  }

  private int newer(int b) {
    return (int) rows[STRIDE * b + LINKS];
  }

  private void setLinks(int b, int older, int newer) {
    rows[STRIDE * b + LINKS] = ((long) older << 32) | (newer & 0xFFFF_FFFFL);
  }

  private void setOlder(int b, int older) {
    setLinks(b, older, newer(b));
  }

  private void setNewer(int b, int newer) {
    setLinks(b, older(b), newer);
  }

  private void linkNewest(int b) {
    setLinks(b, newest, NONE);
    if (newest != NONE) {
      setNewer(newest, b);
    } else {
      oldest = b;
    }
    newest = b;
  }

  private void unlink(int b) {
    int older = older(b);
    int newer = newer(b);
    if (older != NONE) {
      setNewer(older, newer);
    } else {
      oldest = newer;
    }
    if (newer != NONE) {
      setOlder(newer, older);
    } else {
      newest = older;
    }
  }

  private void grow() {
    rebuild(senders.length + (senders.length >> 1));
  }

  /** The slots for {@code capacity} buckets: the smallest power of two they fill to at most half. */
  private static int slotsFor(int capacity) {
    return Integer.highestOneBit(2 * capacity - 1) << 1;
  }

  /**
   * Moves the buckets, oldest first, into arrays of {@code capacity} (at least the buckets held):
   * the arrays grow by half with a burst of senders (a bootstrap during a wave of joins) and shrink
   * once it has passed (to twice the buckets held, when less than a third is used), so a peer keeps
   * room for about the senders of its last two seconds. A ring's peers hold these arrays for a few
   * dozen senders each, most of their heap while a ring stabilizes: growing by half instead of
   * doubling and shrinking to twice the senders held instead of to half keep less of them (the
   * senders' buckets, their order and every verdict are those of the same charges; only the room
   * around them differs).
   */
  private void rebuild(int capacity) {
    PeerRef[] s = new PeerRef[capacity];
    long[] r = new long[STRIDE * capacity];
    int n = 0;
    for (int b = oldest; b != NONE; b = newer(b)) {
      s[n] = senders[b];
      System.arraycopy(rows, STRIDE * b, r, STRIDE * n, LINKS);
      n++;
    }
    senders = s;
    rows = r;
    slots = new int[slotsFor(capacity)];
    int mask = slots.length - 1;
    for (int b = 0; b < n; b++) {
      setLinks(b, b - 1, b + 1 < n ? b + 1 : NONE);
      int slot = mix(rows[STRIDE * b + ID]) & mask;
      while (slots[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      slots[slot] = b + 1;
    }
    oldest = n > 0 ? 0 : NONE;
    newest = n > 0 ? n - 1 : NONE;
    free = NONE;
    used = n;
  }
}
