package org.bloomchord.routing.repair;

import org.bloomchord.overlay.Networks;

/** Replica repair on the Vert.x actor runtime (messages passed by reference, real time). */
class VertxReplicaRepairTest extends ReplicaRepairContract {

  @Override
  String runtime() {
    return Networks.VERTX;
  }
}
