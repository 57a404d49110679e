package org.bloomchord.routing.repair;

import org.bloomchord.overlay.Networks;

/** Replica repair on the clustered Vert.x runtime: replicas on different nodes reconcile across them. */
class ClusterReplicaRepairTest extends ReplicaRepairContract {

  @Override
  String runtime() {
    return Networks.LOOPBACK_CLUSTER;
  }
}
