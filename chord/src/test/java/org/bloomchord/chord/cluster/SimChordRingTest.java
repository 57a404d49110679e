package org.bloomchord.chord.cluster;

import org.bloomchord.overlay.Networks;

/** The Chord suite on the deterministic simulator. */
class SimChordRingTest extends ChordRingContract {

  @Override
  String runtime() {
    return Networks.SIM;
  }

  @Override
  int ringSize() {
    return 32;
  }
}
