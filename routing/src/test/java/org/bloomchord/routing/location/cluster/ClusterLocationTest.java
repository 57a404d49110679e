package org.bloomchord.routing.location.cluster;

import org.bloomchord.overlay.Networks;

/** The location suite on the clustered Vert.x runtime (three clustered nodes in this JVM). */
class ClusterLocationTest extends LocationContract {

  @Override
  String runtime() {
    return Networks.LOOPBACK_CLUSTER;
  }

  @Override
  int ringSize() {
    return 9;
  }
}
