package org.bloomchord.chord;

import java.util.Arrays;
import org.bloomchord.overlay.PeerRef;

/**
 * Per-sender quotas of one peer: a token bucket of messages and one of bytes for each sender, each
 * refilled at its rate per second up to a burst of two seconds' worth. A message that finds either
 * bucket short is refused (the caller rejects it and counts {@link #REQUESTS} or {@link #BYTES}).
 * At most {@code maxSenders} buckets are kept, in the order their senders were last heard; a new
 * sender beyond that evicts the bucket heard from longest ago ({@link #EVICTED}), which starts
 * full again if that sender returns. Not thread-safe; owned by one peer.
 *
 * <p>The buckets are columns of arrays (sender, tokens, time of the last charge), threaded on a
 * list in charge order and found through an open-addressing table by the sender's id: what an
 * access-ordered {@code LinkedHashMap} of bucket objects did, without an entry, a node and a
 * bucket object per sender (at a million simulated peers with a dozen senders each, about a
 * kilobyte of every peer's heap) and without hashing the sender's address on every message.
 */
final class SenderQuota implements SenderLimit {

  /** How long an idle bucket takes at most to refill to its cap: the burst is two seconds' worth. */
  static final long REFILL_MS = 2000;

  private static final int NONE = -1;
  private static final int FIRST_CAPACITY = 4;

  private final long requestsPerSecond;
  private final long bytesPerSecond;
  private final int maxSenders;
  private final Runnable evicted;

  private PeerRef[] senders = new PeerRef[FIRST_CAPACITY];
  private double[] requests = new double[FIRST_CAPACITY];
  private double[] bytes = new double[FIRST_CAPACITY];
  private long[] at = new long[FIRST_CAPACITY];
  /** The charge-order list: older and newer neighbour of each bucket. */
  private int[] older = new int[FIRST_CAPACITY];
  private int[] newer = new int[FIRST_CAPACITY];
  /** Open addressing by id: bucket index + 1, 0 for an empty slot; at least twice the capacity. */
  private int[] slots = new int[2 * FIRST_CAPACITY];
  private int oldest = NONE;
  private int newest = NONE;
  private int size;
  /** Bucket indices freed, threaded through {@link #newer}. */
  private int free = NONE;
  private int used;

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
    forgetRefilled(now);
    int b = find(from);
    if (b == NONE) {
      b = add(from);
      requests[b] = 2.0 * requestsPerSecond;
      bytes[b] = 2.0 * bytesPerSecond;
      at[b] = now;
      if (this.size > maxSenders) {
        remove(oldest);
        evicted.run();
      }
    } else {
      unlink(b);
      linkNewest(b);
      if (now > at[b]) {
        double seconds = (now - at[b]) / 1000.0;
        requests[b] = Math.min(2.0 * requestsPerSecond, requests[b] + seconds * requestsPerSecond);
        bytes[b] = Math.min(2.0 * bytesPerSecond, bytes[b] + seconds * bytesPerSecond);
        at[b] = now;
      }
    }
    if (requestsPerSecond > 0 && requests[b] < 1) {
      return Verdict.TOO_MANY;
    }
    if (bytesPerSecond > 0 && bytes[b] < size) {
      return Verdict.TOO_LARGE;
    }
    requests[b] -= 1;
    bytes[b] -= size;
    return Verdict.ACCEPTED;
  }

  /**
   * Drops the buckets not charged for the last {@link #REFILL_MS}: each has refilled to its cap by
   * now (a charge never takes a bucket below zero), so it is the same as the fresh bucket a sender
   * without one gets. The list is in charge order, so those are its oldest entries. This keeps only
   * the senders of the last two seconds (at a million peers, the buckets of every sender ever heard
   * were gigabytes).
   */
  private void forgetRefilled(long now) {
    while (oldest != NONE && now - at[oldest] >= REFILL_MS) {
      remove(oldest);
    }
    if (senders.length > FIRST_CAPACITY && 4 * size < senders.length) {
      rebuild(senders.length / 2);
    }
  }

  /** Senders whose buckets are kept. */
  @Override
  public int senders() {
    return size;
  }

  private static int mix(long id) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }

  private int find(PeerRef from) {
    int mask = slots.length - 1;
    for (int s = mix(from.id()) & mask;; s = (s + 1) & mask) {
      int e = slots[s];
      if (e == 0) {
        return NONE;
      }
      PeerRef p = senders[e - 1];
      if (p == from || p.id() == from.id() && p.equals(from)) {
        return e - 1;
      }
    }
  }

  private int add(PeerRef from) {
    if (free == NONE && used == senders.length) {
      grow();
    }
    int b;
    if (free != NONE) {
      b = free;
      free = newer[b];
    } else {
      b = used++;
    }
    senders[b] = from;
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
    int s = mix(senders[b].id()) & mask;
    while (slots[s] != b + 1) {
      s = (s + 1) & mask;
    }
    // backward-shift deletion: move up every later entry of the run that the hole would cut off
    for (int next = (s + 1) & mask; slots[next] != 0; next = (next + 1) & mask) {
      int home = mix(senders[slots[next] - 1].id()) & mask;
      if (((next - home) & mask) >= ((next - s) & mask)) {
        slots[s] = slots[next];
        s = next;
      }
    }
    slots[s] = 0;
    senders[b] = null;
    newer[b] = free;
    free = b;
    size--;
  }

  private void linkNewest(int b) {
    older[b] = newest;
    newer[b] = NONE;
    if (newest != NONE) {
      newer[newest] = b;
    } else {
      oldest = b;
    }
    newest = b;
  }

  private void unlink(int b) {
    if (older[b] != NONE) {
      newer[older[b]] = newer[b];
    } else {
      oldest = newer[b];
    }
    if (newer[b] != NONE) {
      older[newer[b]] = older[b];
    } else {
      newest = older[b];
    }
  }

  private void grow() {
    rebuild(senders.length * 2);
  }

  /**
   * Moves the buckets, oldest first, into arrays of {@code capacity} (at least the buckets held):
   * the arrays grow with a burst of senders (a bootstrap during a wave of joins) and shrink again
   * once it has passed, so a peer keeps room for about the senders of its last two seconds.
   */
  private void rebuild(int capacity) {
    PeerRef[] s = new PeerRef[capacity];
    double[] r = new double[capacity];
    double[] y = new double[capacity];
    long[] t = new long[capacity];
    int n = 0;
    for (int b = oldest; b != NONE; b = newer[b]) {
      s[n] = senders[b];
      r[n] = requests[b];
      y[n] = bytes[b];
      t[n] = at[b];
      n++;
    }
    senders = s;
    requests = r;
    bytes = y;
    at = t;
    older = new int[capacity];
    newer = new int[capacity];
    slots = new int[2 * capacity];
    int mask = slots.length - 1;
    for (int b = 0; b < n; b++) {
      older[b] = b - 1;
      newer[b] = b + 1 < n ? b + 1 : NONE;
      int slot = mix(senders[b].id()) & mask;
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
