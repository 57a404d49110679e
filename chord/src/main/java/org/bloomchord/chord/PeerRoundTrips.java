package org.bloomchord.chord;

import java.util.LinkedHashMap;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;

/**
 * The round trips one peer measured to others, per peer, for proximity neighbour selection: the
 * times of the replies to its own requests (finger checks, pings, stabilize, lookups), smoothed
 * as TCP smooths its estimate (7/8 old, 1/8 new). Bounded: at most {@link #capacity()} peers, the
 * one heard of least recently dropped first, so the memory stays a few kilobytes per peer
 * whatever the ring's size. Not thread-safe; owned by one peer.
 */
public final class PeerRoundTrips {

  /** The default bound: the fingers' candidates (about log2 N times k) and the successor list fit. */
  public static final int DEFAULT_CAPACITY = 512;

  private final int capacity;
  private final LinkedHashMap<PeerRef, Double> rtt;

  /** An empty table holding at most {@code capacity} peers. */
  public PeerRoundTrips(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
    }
    this.capacity = capacity;
    this.rtt = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<PeerRef, Double> eldest) {
        return size() > PeerRoundTrips.this.capacity;
      }
    };
  }

  /** Adds one measured round trip to {@code peer}. */
  public void sample(PeerRef peer, long ms) {
    if (ms < 0) {
      throw new IllegalArgumentException("a round trip must be >= 0 ms, got " + ms);
    }
    Double old = rtt.get(peer);
    rtt.put(peer, old == null ? ms : 0.875 * old + 0.125 * ms);
  }

  /** The smoothed round trip to {@code peer} in milliseconds (rounded), or -1 when never measured. */
  public long get(PeerRef peer) {
    Double r = rtt.get(peer);
    return r == null ? -1 : Math.round(r);
  }

  /** Forgets {@code peer} (it left or was suspected). */
  public void forget(PeerRef peer) {
    rtt.remove(peer);
  }

  /** How many peers are remembered. */
  public int size() {
    return rtt.size();
  }

  /** The most peers remembered. */
  public int capacity() {
    return capacity;
  }
}
