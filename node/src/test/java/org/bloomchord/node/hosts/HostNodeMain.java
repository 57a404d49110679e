package org.bloomchord.node.hosts;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bloomchord.node.Node;
import org.bloomchord.node.NodeOptions;
import org.bloomchord.node.http.NodeHttpServer;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.cluster.ClusterManagerKind;

/**
 * A clustered node in a child JVM of the host harness: {@code ADDRESS PEERS MEMBER|- CLUSTER SEED}.
 * Binds the membership (JGroups under mutual TLS keyed by the TLS seed SEED, the plane the CLI uses
 * with credentials; port 5701), the event bus (TLS with the same seed) and the HTTP API (port 8080)
 * to ADDRESS only, joins through
 * MEMBER unless it is "-", prints {@code listening on http://ADDRESS:8080} once its ring is stable,
 * and closes gracefully (every peer leaves) when its standard input closes or on SIGTERM.
 */
public final class HostNodeMain {

  private HostNodeMain() {
  }

  public static void main(String[] args) throws Exception {
    String address = args[0];
    ClusterOptions cluster = ClusterOptions.loopback().withHost(address).withPort(5701)
        .withMembers("-".equals(args[2]) ? List.of() : List.of(args[2])).withClusterName(args[3])
        .withTlsSeed(args[4]).withManager(ClusterManagerKind.JGROUPS)
        .withNodeName("n" + address.substring(address.lastIndexOf('.') + 1));
    Node node = Node.start(new NodeOptions().setPeers(Integer.parseInt(args[1])).setEventLoopThreads(2)
        .setCluster(cluster));
    NodeHttpServer http = NodeHttpServer.start(node, address, 8080).toCompletionStage().toCompletableFuture()
        .get(30, TimeUnit.SECONDS);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      http.close();
      node.close();
    }));
    System.out.println("listening on http://" + address + ":" + http.port());
    System.out.flush();
    while (System.in.read() >= 0) {
      // the harness keeps our standard input open while it wants this node running
    }
    System.exit(0);
  }
}
