package org.bloomchord.routing.repair;

import org.bloomchord.overlay.Networks;

/** Replica repair on the deterministic simulator (every frame encoded and decoded). */
class SimReplicaRepairTest extends ReplicaRepairContract {

  @Override
  String runtime() {
    return Networks.SIM;
  }
}
