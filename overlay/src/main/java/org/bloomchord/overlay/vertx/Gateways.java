package org.bloomchord.overlay.vertx;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The cluster nodes a {@link VertxNetwork} runs peers on, with their gateways: where a new peer is
 * placed ({@code name@node}, nodes taken in turn) and which gateway a peer's messages to other
 * nodes leave through. Empty for a network that is not clustered.
 */
final class Gateways {

  /** By node name, in the order the nodes were given. */
  private final Map<String, Gateway> byNode = new LinkedHashMap<>();
  private final List<String> nodeNames = new ArrayList<>();
  private final CrossTraffic cross = new CrossTraffic();
  private int nextNode;

  /** No nodes: every peer is local. */
  Gateways() {
  }

  /** One gateway per node; {@link #start} registers them. */
  Gateways(List<ClusterNode> nodes, WireRegistry registry, Traffic traffic) {
    for (ClusterNode node : nodes) {
      Gateway g = new Gateway(node, registry, traffic, cross);
      if (byNode.putIfAbsent(node.name(), g) != null) {
        throw new IllegalArgumentException("two nodes named " + node.name());
      }
      nodeNames.add(node.name());
    }
  }

  /** Registers every gateway's clustered consumer. */
  Future<?> start() {
    List<Future<Void>> started = new ArrayList<>();
    for (Gateway g : byNode.values()) {
      started.add(g.start());
    }
    return Future.all(started);
  }

  /** Unregisters every gateway. */
  List<Future<Void>> stop() {
    List<Future<Void>> stopped = new ArrayList<>();
    for (Gateway g : byNode.values()) {
      stopped.add(g.stop());
    }
    return stopped;
  }

  /** {@code name@node} with the nodes taken in turn; {@code name} when not clustered. */
  synchronized String addressFor(String name) {
    if (nodeNames.isEmpty()) {
      return name;
    }
    return name + "@" + nodeNames.get(nextNode++ % nodeNames.size());
  }

  /** The gateway of the node a peer runs on, null when not clustered. */
  Gateway of(PeerRef ref) {
    if (byNode.isEmpty()) {
      return null;
    }
    Gateway g = byNode.get(ref.node());
    if (g == null) {
      throw new IllegalArgumentException("peer " + ref.address() + " names node '" + ref.node()
          + "', which this network does not run; use addressFor");
    }
    return g;
  }

  List<ClusterNode> nodes() {
    List<ClusterNode> out = new ArrayList<>();
    for (Gateway g : byNode.values()) {
      out.add(g.node());
    }
    return out;
  }

  /** The Vert.x instances of the nodes other than {@code main}. */
  List<Vertx> othersThan(Vertx main) {
    List<Vertx> out = new ArrayList<>();
    for (Gateway g : byNode.values()) {
      if (g.node().vertx() != main) {
        out.add(g.node().vertx());
      }
    }
    return out;
  }

  CrossTraffic cross() {
    return cross;
  }
}
