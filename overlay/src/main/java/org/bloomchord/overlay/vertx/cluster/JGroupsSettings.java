package org.bloomchord.overlay.vertx.cluster;

import java.util.List;
import java.util.Objects;

/**
 * Where and how a {@link JGroupsClusterManager} joins.
 *
 * @param host the interface the cluster port binds to, and the event bus' host
 * @param port the cluster port (TLS only)
 * @param members other members' cluster ports to contact first, as HOST:PORT (empty: start a cluster)
 * @param clusterName the JGroups cluster name; members of different names never form one view
 * @param suspectAfterMs how long a member may send no heartbeat before it is suspected
 * @param joinAttempts how many discovery rounds a member given {@code members} makes before it gives up
 * @param sockets the TLS sockets every connection of the plane runs on
 */
public record JGroupsSettings(String host, int port, List<String> members, String clusterName, long suspectAfterMs,
    int joinAttempts, PlaneSockets sockets) {

  public JGroupsSettings {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(clusterName, "clusterName");
    Objects.requireNonNull(sockets, "sockets");
    members = List.copyOf(members);
    if (joinAttempts < 1) {
      throw new IllegalArgumentException("joinAttempts must be >= 1: " + joinAttempts);
    }
  }

  /** This member's cluster address as others list it: HOST:PORT. */
  public String memberAddress() {
    return host + ":" + port;
  }
}
