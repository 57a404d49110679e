package org.bloomchord.routing.cache.cluster;

import org.bloomchord.overlay.Networks;

/** The cache traces on the Vert.x runtime. */
class VertxCacheTest extends CacheContract {

  @Override
  String runtime() {
    return Networks.VERTX;
  }
}
