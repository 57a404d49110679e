package org.bloomchord.chord.store;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bloomchord.overlay.PeerRef;

/**
 * Which peers hold the r copies of a key: its owner and r-1 peers of the owner's successor list,
 * preferring peers of failure domains (JVMs: the {@link PeerRef#node()} of an address) that no copy
 * is in yet, so that losing one JVM loses no key whenever the successor list allows.
 *
 * <p>The rule, applied the same way by every writer, reader, repairer and sweeper and by the
 * oracle: walk the successor list in ring order and take each peer whose domain no chosen copy is
 * in, until r copies are chosen; if the list runs out first, fill up with the remaining peers in
 * ring order. Copies are returned owner first, then in ring order. When every peer is in one domain
 * (one JVM, or the simulator) this is the owner and its first r-1 successors, Chord's placement.
 */
public final class ReplicaPlacement {

  private ReplicaPlacement() {}

  /**
   * The r peers that hold a key owned by {@code owner} whose successor list is {@code successors}
   * (in ring order; the owner itself and duplicates are skipped, so a list that starts with the
   * owner works as well). Fewer than r when the list is shorter.
   */
  public static List<PeerRef> replicas(PeerRef owner, List<PeerRef> successors, int r) {
    List<PeerRef> candidates = new ArrayList<>(successors.size());
    for (PeerRef p : successors) {
      if (!p.equals(owner) && !candidates.contains(p)) {
        candidates.add(p);
      }
    }
    int wanted = Math.min(Math.max(0, r - 1), candidates.size());
    boolean[] chosen = new boolean[candidates.size()];
    Set<String> domains = new HashSet<>();
    domains.add(owner.node());
    int count = 0;
    for (int i = 0; i < candidates.size() && count < wanted; i++) {
      if (domains.add(candidates.get(i).node())) {
        chosen[i] = true;
        count++;
      }
    }
    for (int i = 0; i < candidates.size() && count < wanted; i++) {
      if (!chosen[i]) {
        chosen[i] = true;
        count++;
      }
    }
    List<PeerRef> out = new ArrayList<>(1 + wanted);
    if (r > 0) {
      out.add(owner);
    }
    for (int i = 0; i < candidates.size(); i++) {
      if (chosen[i]) {
        out.add(candidates.get(i));
      }
    }
    return out;
  }

  /** The copies other than the owner's: where the owner sends its replicas. */
  public static List<PeerRef> targets(PeerRef owner, List<PeerRef> successors, int r) {
    List<PeerRef> all = replicas(owner, successors, r);
    return all.isEmpty() ? all : List.copyOf(all.subList(1, all.size()));
  }
}
