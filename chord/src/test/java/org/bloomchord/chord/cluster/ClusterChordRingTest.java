package org.bloomchord.chord.cluster;

import org.bloomchord.overlay.Networks;

/**
 * The Chord suite on the clustered Vert.x runtime: peers spread over three clustered nodes in this
 * JVM, each with its own Hazelcast member, so most messages cross the event bus over loopback TCP.
 */
class ClusterChordRingTest extends ChordRingContract {

  @Override
  String runtime() {
    return Networks.LOOPBACK_CLUSTER;
  }

  @Override
  int ringSize() {
    return 6;
  }
}
