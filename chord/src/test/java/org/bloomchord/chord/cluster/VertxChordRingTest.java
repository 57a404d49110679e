package org.bloomchord.chord.cluster;

import org.bloomchord.overlay.Networks;

/** The Chord suite on the Vert.x actor runtime (real time, so small rings). */
class VertxChordRingTest extends ChordRingContract {

  @Override
  String runtime() {
    return Networks.VERTX;
  }

  @Override
  int ringSize() {
    return 12;
  }
}
