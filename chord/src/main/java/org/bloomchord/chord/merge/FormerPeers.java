package org.bloomchord.chord.merge;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;

/**
 * The passive list of ring unification: peers this peer once had in its tables and suspected of
 * failure, kept to be asked again, since after a partition they are the peers of the other side.
 * Unlike the recovery candidates of {@code finger.Suspicion} (the nearest 2·r, forgotten after 8
 * suspicions in a row) an entry is forgotten only when it answered (and was then found in our ring
 * or joined into it) or when a newer one needs its place; the cost of keeping a dead peer is
 * bounded by the probe interval's back-off in {@link RingMerger}, not by forgetting it.
 *
 * <p>Bounded: at most {@code capacity} peers; when full, the peer with the most failed probes gives
 * way (the oldest among equals). Probes go round-robin ({@link #next}). Not thread-safe; owned by
 * one peer.
 */
final class FormerPeers {

  private final int capacity;
  /**
   * Remembered peers and their failed probes, in probe order (next first); the shared empty map
   * until a peer is remembered (most peers never suspect one).
   */
  private Map<PeerRef, Integer> failures = Collections.emptyMap();

  FormerPeers(int capacity) {
    this.capacity = capacity;
  }

  /** Remembers {@code peer} (it was suspected); a peer already remembered keeps its place and count. */
  void remember(PeerRef peer) {
    if (failures.containsKey(peer)) {
      return;
    }
    if (failures.size() >= capacity) {
      PeerRef worst = null;
      int most = -1;
      for (Map.Entry<PeerRef, Integer> e : failures.entrySet()) {
        if (e.getValue() > most) {
          most = e.getValue();
          worst = e.getKey();
        }
      }
      failures.remove(worst);
    }
    if (!(failures instanceof LinkedHashMap)) {
      failures = new LinkedHashMap<>();
    }
    failures.put(peer, 0);
  }

  /** The peer to probe now, moved to the end of the round; null when none is remembered. */
  PeerRef next() {
    Iterator<Map.Entry<PeerRef, Integer>> it = failures.entrySet().iterator();
    if (!it.hasNext()) {
      return null;
    }
    Map.Entry<PeerRef, Integer> first = it.next();
    it.remove();
    failures.put(first.getKey(), first.getValue());
    return first.getKey();
  }

  /** A probe of {@code peer} found nobody. */
  void failed(PeerRef peer) {
    Integer n = failures.get(peer);
    if (n != null) {
      failures.put(peer, n + 1);
    }
  }

  /** Forgets {@code peer} (it answered). */
  void forget(PeerRef peer) {
    failures.remove(peer);
  }

  boolean isEmpty() {
    return failures.isEmpty();
  }

  int size() {
    return failures.size();
  }
}
