package org.bloomchord.routing.cache.cluster;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.cache.CacheOutcome;
import org.bloomchord.routing.cache.CacheResult;

/**
 * What every member of a group holds, kept by the driver from the results of the requests: a
 * peer's cache changes only through its own requests (a miss inserts the object, the LRU evicts the
 * one the result names), so replaying the results gives the exact holdings without asking the
 * peers. It judges remote misses: an object fetched from the origin that another member held.
 */
public final class GroupOracle {

  private final Map<Long, Set<PeerRef>> holders = new HashMap<>();

  /** Applies the result of a request served at {@code peer}. */
  public void apply(PeerRef peer, CacheResult r) {
    if (r.outcome() == CacheOutcome.LOCAL_HIT) {
      return;
    }
    holders.computeIfAbsent(r.object(), k -> new HashSet<>()).add(peer);
    r.evicted().ifPresent(e -> {
      Set<PeerRef> s = holders.get(e);
      if (s != null) {
        s.remove(peer);
        if (s.isEmpty()) {
          holders.remove(e);
        }
      }
    });
  }

  /** How many members other than {@code peer} hold {@code object}. */
  public int heldElsewhere(PeerRef peer, long object) {
    Set<PeerRef> s = holders.get(object);
    if (s == null) {
      return 0;
    }
    return s.size() - (s.contains(peer) ? 1 : 0);
  }

  /** Whether {@code peer} holds {@code object}. */
  public boolean holds(PeerRef peer, long object) {
    Set<PeerRef> s = holders.get(object);
    return s != null && s.contains(peer);
  }
}
