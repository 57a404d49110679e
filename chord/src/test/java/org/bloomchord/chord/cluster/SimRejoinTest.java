package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.RingHints;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * A whole ring restarted with every peer in its recorded place ({@link ChordPeer#rejoining}), or
 * launched in place ({@link ChordCluster#launchPlaced}), is the right ring at once, fingers included,
 * without a single join, and serves writes and reads; later joins and crashes go by the protocol.
 */
class SimRejoinTest {

  @Test
  void peersStartedFromTheirRecordedNeighbourhoodFormTheRingAtOnce() {
    ChordConfig config = ChordConfig.defaults();
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(41), config)) {
      List<PeerRef> refs = new ArrayList<>();
      for (int i = 0; i < 48; i++) {
        String name = "r" + i;
        refs.add(new PeerRef(name, c.ring().hash(name)));
      }
      var hints = RingHints.ofAll(c.ring(), refs, config.successors());
      List<PeerHandle<ChordPeer>> peers = c.network().launchAll(refs,
          ref -> ChordPeer.rejoining(config, hints.get(ref), List.of()));
      assertEquals(48, peers.size());
      RingCheck now = c.check();
      assertTrue(now.converged(), () -> "not the right ring, fingers included, at start: " + now);
      assertEquals(48, c.activePeers().size());
      for (int i = 0; i < 40; i++) {
        assertTrue(c.put(c.randomPeer(), "k" + i, "v" + i).stored());
      }
      c.network().runFor(10 * config.stabilizeMs());
      assertTrue(c.check().stable(), () -> "the ring did not stay right: " + c.check());
      for (int i = 0; i < 40; i++) {
        assertEquals(ReadOutcome.FOUND, c.get(c.randomPeer(), "k" + i).outcome());
      }
      readStates(c).forEach(s -> assertEquals(PeerState.ACTIVE, s));
    }
  }

  @Test
  void aPlacedLaunchIsARingThatTakesJoinsAndRepairsCrashesByTheProtocol() {
    ChordConfig config = ChordConfig.defaults();
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(43), config)) {
      assertEquals(200, c.launchPlaced(200).size());
      RingCheck start = c.check();
      assertTrue(start.converged(), () -> "a placed launch is the right ring, fingers included: " + start);
      assertThrows(IllegalStateException.class, () -> c.launchPlaced(5), "only an empty network");
      for (int i = 0; i < 60; i++) {
        assertTrue(c.put(c.randomPeer(), "k" + i, "v" + i).stored());
      }
      // what comes later goes through the protocol: 50 joins at once, then 20 crashes
      assertEquals(50, c.launchWave(50).size());
      c.crashFraction(0.08);
      assertTrue(c.awaitStable(200 * config.stabilizeMs()), () -> "not stable after joins and crashes: " + c.check());
      assertTrue(c.awaitConverged(200 * config.fixFingersMs()), () -> "fingers not repaired: " + c.check());
      assertEquals(230, c.activePeers().size());
      for (int i = 0; i < 60; i++) {
        assertEquals(ReadOutcome.FOUND, c.get(c.randomPeer(), "k" + i).outcome(), "k" + i);
      }
      for (int i = 0; i < 200; i++) {
        long key = c.ring().hash("probe" + i);
        assertEquals(c.oracle().successor(key), c.lookup(c.randomPeer(), key).successor(), "probe" + i);
      }
    }
  }

  private static List<PeerState> readStates(ChordCluster c) {
    List<PeerState> out = new ArrayList<>();
    for (PeerSnapshot s : c.snapshots()) {
      out.add(s.state());
    }
    return out;
  }
}
