package org.bloomchord.routing.cache.cluster;

import org.bloomchord.overlay.Networks;

/** The cache traces on the simulator. */
class SimCacheTest extends CacheContract {

  @Override
  String runtime() {
    return Networks.SIM;
  }
}
