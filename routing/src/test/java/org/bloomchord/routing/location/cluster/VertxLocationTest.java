package org.bloomchord.routing.location.cluster;

import org.bloomchord.overlay.Networks;

/** The location suite on the Vert.x actor runtime (real time, so small rings). */
class VertxLocationTest extends LocationContract {

  @Override
  String runtime() {
    return Networks.VERTX;
  }

  @Override
  int ringSize() {
    return 10;
  }
}
