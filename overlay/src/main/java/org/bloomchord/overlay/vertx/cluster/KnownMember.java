package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.spi.cluster.NodeInfo;
import io.vertx.core.spi.cluster.RegistrationInfo;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link JGroupsClusterManager} knows of one other member: the last state it sent
 * ({@code stated} once one arrived), and the registrations it added or removed since. Guarded by
 * the manager's lock.
 */
final class KnownMember {
  final String nodeId;
  String memberAddress;
  NodeInfo nodeInfo;
  boolean stated;
  Map<String, Set<RegistrationInfo>> registrations = new HashMap<>();

  KnownMember(String nodeId) {
    this.nodeId = nodeId;
  }
}
