package org.bloomchord.routing.location.cluster;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.PeerRef;
import org.jgrapht.Graph;
import org.jgrapht.Graphs;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * The truth about the links at one instant: a directed graph with an edge P -> L for every live
 * peer P and every live peer L among P's links (successor list, fingers, predecessor), and which
 * live peers hold which objects. Breadth-first search from a querier gives the hop distance to the
 * nearest holder, against which location is judged (stretch, "within depth").
 *
 * <p>Invariant: immutable after construction; only live peers are vertices.
 */
public final class LinkOracle {

  private final Graph<PeerRef, DefaultEdge> graph = new DefaultDirectedGraph<>(DefaultEdge.class);
  private final Map<String, Set<PeerRef>> holders;

  /**
   * @param links each live peer's links (links to peers not in the map are ignored)
   * @param holders each object's live holders
   */
  public LinkOracle(Map<PeerRef, List<PeerRef>> links, Map<String, Set<PeerRef>> holders) {
    links.keySet().forEach(graph::addVertex);
    links.forEach((p, ls) -> {
      for (PeerRef l : ls) {
        if (!l.equals(p) && graph.containsVertex(l)) {
          graph.addEdge(p, l);
        }
      }
    });
    this.holders = Map.copyOf(holders);
  }

  /** The link graph (read-only use). */
  public Graph<PeerRef, DefaultEdge> graph() {
    return graph;
  }

  /** The live peers. */
  public Set<PeerRef> peers() {
    return graph.vertexSet();
  }

  /** The live holders of {@code key} (empty when none). */
  public Set<PeerRef> holders(String key) {
    return holders.getOrDefault(key, Set.of());
  }

  /** Hops from {@code from} to the nearest live holder of {@code key}; -1 when none is reachable. */
  public int distance(PeerRef from, String key) {
    return distance(from, holders(key));
  }

  /** Hops from {@code from} to the nearest of {@code targets}; 0 when it is one, -1 when none is reachable. */
  public int distance(PeerRef from, Collection<PeerRef> targets) {
    if (!graph.containsVertex(from) || targets.isEmpty()) {
      return -1;
    }
    Map<PeerRef, Integer> dist = new HashMap<>();
    ArrayDeque<PeerRef> queue = new ArrayDeque<>();
    dist.put(from, 0);
    queue.add(from);
    while (!queue.isEmpty()) {
      PeerRef p = queue.poll();
      int d = dist.get(p);
      if (targets.contains(p)) {
        return d;
      }
      for (PeerRef n : Graphs.successorListOf(graph, p)) {
        if (dist.putIfAbsent(n, d + 1) == null) {
          queue.add(n);
        }
      }
    }
    return -1;
  }
}
