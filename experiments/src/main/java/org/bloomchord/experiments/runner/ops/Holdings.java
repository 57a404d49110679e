package org.bloomchord.experiments.runner.ops;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.PeerRef;

/**
 * Which live hosts hold which published objects, by the runner's host numbers: the truth a locate
 * is judged against. A host stops holding its objects the moment its leave or crash starts (its
 * leases then expire in the directory and its filters fade from its neighbours'), so an object
 * whose holders all departed has no live holder and NOT_FOUND is its correct answer.
 *
 * <p>Invariant: every holder listed is a ring peer of a host on the {@link Roster}. Thread-safe:
 * departures (churn threads on Vert.x) and locate callbacks (peer threads) use it at once.
 */
public final class Holdings {

  private final Map<String, Map<PeerRef, Integer>> holders = new HashMap<>();
  private final Map<Integer, Set<String>> byHost = new HashMap<>();

  /** The name of published object number {@code n}. */
  public static String objectName(int n) {
    return "object-" + n;
  }

  /** Records that ring peer {@code peer} of host {@code host} holds {@code object}. */
  public synchronized void add(String object, int host, PeerRef peer) {
    holders.computeIfAbsent(object, k -> new HashMap<>()).put(peer, host);
    byHost.computeIfAbsent(host, k -> new LinkedHashSet<>()).add(object);
  }

  /** Host {@code host} is departing: it holds nothing any more. */
  synchronized void departed(int host) {
    Set<String> objects = byHost.remove(host);
    if (objects == null) {
      return;
    }
    for (String o : objects) {
      Map<PeerRef, Integer> h = holders.get(o);
      h.values().removeIf(n -> n == host);
      if (h.isEmpty()) {
        holders.remove(o);
      }
    }
  }

  /** Whether {@code object} has a live holder. */
  synchronized boolean live(String object) {
    return holders.containsKey(object);
  }

  /** Objects with at least one live holder. */
  synchronized int liveObjects() {
    return holders.size();
  }

  /** Each object's live holders, a copy. */
  public synchronized Map<String, Set<PeerRef>> snapshot() {
    Map<String, Set<PeerRef>> out = new HashMap<>();
    holders.forEach((o, h) -> out.put(o, Set.copyOf(h.keySet())));
    return out;
  }
}
