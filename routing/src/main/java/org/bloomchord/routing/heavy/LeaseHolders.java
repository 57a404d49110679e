package org.bloomchord.routing.heavy;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;

/**
 * Who holds a leased copy that this peer handed out, per key, and until when (this peer's clock, an
 * upper bound of the holder's own expiry): the peers an invalidation of the key must reach. Bounded:
 * at most {@code maxKeys} keys and {@code maxPerKey} holders of a key; when full, {@link #record}
 * refuses (the caller then hands out no lease) rather than forgetting a holder, which would let an
 * invalidation miss a copy. Not thread-safe; owned by one peer.
 */
public final class LeaseHolders {

  private final int maxKeys;
  private final int maxPerKey;
  private final LinkedHashMap<String, Map<PeerRef, Long>> byKey = new LinkedHashMap<>();
  private int turn;

  /** An empty table of at most {@code maxKeys} keys and {@code maxPerKey} holders each. */
  public LeaseHolders(int maxKeys, int maxPerKey) {
    this.maxKeys = maxKeys;
    this.maxPerKey = maxPerKey;
  }

  /** Records that {@code holder} may serve a copy of {@code key} until {@code untilMs}; false when full. */
  public boolean record(String key, PeerRef holder, long untilMs, long nowMs) {
    Map<PeerRef, Long> holders = byKey.get(key);
    if (holders == null) {
      if (byKey.size() >= maxKeys) {
        dropExpired(nowMs);
      }
      if (byKey.size() >= maxKeys) {
        return false;
      }
      holders = new HashMap<>();
      byKey.put(key, holders);
    }
    if (!holders.containsKey(holder) && holders.size() >= maxPerKey) {
      holders.values().removeIf(until -> until <= nowMs);
      if (holders.size() >= maxPerKey) {
        return false;
      }
    }
    holders.merge(holder, untilMs, Math::max);
    return true;
  }

  /** Removes and returns the holders of {@code key} whose copies may still be served at {@code nowMs}. */
  public Map<PeerRef, Long> take(String key, long nowMs) {
    Map<PeerRef, Long> holders = byKey.remove(key);
    if (holders == null) {
      return Map.of();
    }
    holders.values().removeIf(until -> until <= nowMs);
    return holders;
  }

  /**
   * A holder of {@code key} whose recorded expiry is after {@code minUntilMs}, other than
   * {@code except}, taken in turn over successive calls so that handed-on gets spread over the
   * holders; null when there is none.
   */
  public PeerRef pick(String key, long minUntilMs, PeerRef except) {
    Map<PeerRef, Long> holders = byKey.get(key);
    if (holders == null || holders.isEmpty()) {
      return null;
    }
    int n = holders.size();
    int start = Math.floorMod(turn++, n);
    int i = 0;
    PeerRef first = null;
    for (Map.Entry<PeerRef, Long> h : holders.entrySet()) {
      if (h.getValue() > minUntilMs && !h.getKey().equals(except)) {
        if (i >= start) {
          return h.getKey();
        }
        if (first == null) {
          first = h.getKey();
        }
      }
      i++;
    }
    return first;
  }

  /** The latest expiry among the holders of {@code key}, or null. */
  public Long latest(String key) {
    Map<PeerRef, Long> holders = byKey.get(key);
    return holders == null || holders.isEmpty() ? null : holders.values().stream().max(Long::compare).orElseThrow();
  }

  /** Keys with recorded holders. */
  public int keys() {
    return byKey.size();
  }

  private void dropExpired(long nowMs) {
    for (Iterator<Map<PeerRef, Long>> it = byKey.values().iterator(); it.hasNext();) {
      Map<PeerRef, Long> holders = it.next();
      holders.values().removeIf(until -> until <= nowMs);
      if (holders.isEmpty()) {
        it.remove();
      }
    }
  }
}
