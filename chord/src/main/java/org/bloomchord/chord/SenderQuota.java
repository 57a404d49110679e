package org.bloomchord.chord;

import java.util.Iterator;
import java.util.LinkedHashMap;
import org.bloomchord.overlay.PeerRef;

/**
 * Per-sender quotas of one peer: a token bucket of messages and one of bytes for each sender, each
 * refilled at its rate per second up to a burst of two seconds' worth. A message that finds either
 * bucket short is refused (the caller rejects it and counts {@link #REQUESTS} or {@link #BYTES}).
 * At most {@code maxSenders} buckets are kept, in the order their senders were last heard; a new
 * sender beyond that evicts the bucket heard from longest ago ({@link #EVICTED}), which starts
 * full again if that sender returns. Not thread-safe; owned by one peer.
 */
final class SenderQuota implements SenderLimit {

  /** How long an idle bucket takes at most to refill to its cap: the burst is two seconds' worth. */
  static final long REFILL_MS = 2000;

  private final long requestsPerSecond;
  private final long bytesPerSecond;
  private final int maxSenders;
  private final LinkedHashMap<PeerRef, Bucket> buckets = new LinkedHashMap<>(16, 0.75f, true);
  private final Runnable evicted;

  private static final class Bucket {
    double requests;
    double bytes;
    long at;
  }

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
    Bucket b = buckets.get(from);
    if (b == null) {
      b = new Bucket();
      b.requests = 2.0 * requestsPerSecond;
      b.bytes = 2.0 * bytesPerSecond;
      b.at = now;
      buckets.put(from, b);
      if (buckets.size() > maxSenders) {
        Iterator<PeerRef> oldest = buckets.keySet().iterator();
        oldest.next();
        oldest.remove();
        evicted.run();
      }
    } else if (now > b.at) {
      double seconds = (now - b.at) / 1000.0;
      b.requests = Math.min(2.0 * requestsPerSecond, b.requests + seconds * requestsPerSecond);
      b.bytes = Math.min(2.0 * bytesPerSecond, b.bytes + seconds * bytesPerSecond);
      b.at = now;
    }
    if (requestsPerSecond > 0 && b.requests < 1) {
      return Verdict.TOO_MANY;
    }
    if (bytesPerSecond > 0 && b.bytes < size) {
      return Verdict.TOO_LARGE;
    }
    b.requests -= 1;
    b.bytes -= size;
    return Verdict.ACCEPTED;
  }

  /**
   * Drops the buckets not charged for the last {@link #REFILL_MS}: each has refilled to its cap by
   * now (a charge never takes a bucket below zero), so it is the same as the fresh bucket a sender
   * without one gets. The map is in charge order, so those are its first entries. This keeps only
   * the senders of the last two seconds (at a million peers, the buckets of every sender ever heard
   * were gigabytes).
   */
  private void forgetRefilled(long now) {
    Iterator<Bucket> oldest = buckets.values().iterator();
    while (oldest.hasNext()) {
      if (now - oldest.next().at < REFILL_MS) {
        return;
      }
      oldest.remove();
    }
  }

  /** Senders whose buckets are kept. */
  @Override
  public int senders() {
    return buckets.size();
  }
}
