package org.bloomchord.overlay.vertx;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Three clustered nodes in this JVM, each a Vert.x instance with its own Hazelcast member on
 * 127.0.0.1, under a cluster name no other process uses. Messages between peers of different
 * nodes cross the real clustered event bus over loopback TCP, so the protocol suites and the
 * in-JVM benchmarks exercise the cross-JVM path without starting JVMs.
 *
 * <p>Members start slowly (seconds each), so the nodes are started once, on first use, shared by
 * every network created on them one after another, and closed when the JVM exits.
 */
public final class LoopbackCluster {

  /** Nodes of the shared cluster. */
  public static final int NODES = 3;

  private static List<ClusterNode> shared;

  private LoopbackCluster() {
  }

  /** The shared nodes, started on first call. */
  public static synchronized List<ClusterNode> nodes() {
    if (shared == null) {
      ClusterOptions base = ClusterOptions.loopback().withPort(0).withClusterName("loopback-" + UUID.randomUUID());
      List<ClusterNode> nodes = new ArrayList<>();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> nodes.forEach(ClusterNode::close), "loopback-cluster-close"));
      for (int i = 0; i < NODES; i++) {
        List<String> members = nodes.isEmpty() ? List.of() : List.of(nodes.get(0).memberAddress());
        nodes.add(ClusterNode.start(base.withNodeName("node" + i).withMembers(members), 1));
      }
      shared = List.copyOf(nodes);
    }
    return shared;
  }
}
