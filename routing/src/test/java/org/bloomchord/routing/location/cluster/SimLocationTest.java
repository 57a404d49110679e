package org.bloomchord.routing.location.cluster;

import org.bloomchord.overlay.Networks;

/** The location suite on the deterministic simulator. */
class SimLocationTest extends LocationContract {

  @Override
  String runtime() {
    return Networks.SIM;
  }

  @Override
  int ringSize() {
    return 32;
  }
}
