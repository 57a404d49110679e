package org.bloomchord.routing.repair;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/** Replica repair on the deterministic simulator (every frame encoded and decoded). */
class SimReplicaRepairTest extends ReplicaRepairContract {

  @Override
  String runtime() {
    return Networks.SIM;
  }

  /**
   * A leaving peer reconciles its range with its successor; when that successor has crashed
   * unnoticed, the leave still ends within a few Chord request timeouts (in simulated time), not
   * after the standalone reconciliation's 30 s request timeout, which held every such leave 30 s.
   */
  @Test
  void aLeaveWhoseSuccessorCrashedEndsWithinTheChordRequestTimeout() {
    try (ChordCluster c = cluster(35)) {
      ready(c, 50);
      PeerHandle<ChordPeer> leaver = c.activePeers().get(2);
      PeerRef successor = c.network().inspect(leaver, p -> p.links().successor());
      c.crash(handle(c, successor));
      long before = c.network().now();
      c.leave(leaver);
      long took = c.network().now() - before;
      long timeout = chordConfig().requestTimeoutMs();
      assertTrue(took <= 2 * timeout, () -> "the leave took " + took + " ms; the request timeout is " + timeout + " ms");
    }
  }
}
