package org.bloomchord.experiments.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.merge.MergeMode;
import org.bloomchord.chord.merge.MergeOptions;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The seams that the churn runs of {@link MergeTrial} wait for, against the oracle: a ring of 40
 * peers dealt alternately into two sides and split closes into two rings whose every peer skips
 * the other side's peers, so every active peer is a seam; after the merge no seam is open, and a
 * crash leaves a wrong successor (the oracle's error) but no seam.
 */
class MergeTrialSeamsTest {

  @Test
  void everyPeerIsASeamOfATwoWaySplitAndNoneAfterTheMergeEvenWithACrash() {
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(3), ChordConfig.defaults())) {
      c.mergeOptions(MergeOptions.defaults().withMode(MergeMode.BROADCAST));
      c.launchPlaced(40);
      assertTrue(c.awaitStable(60_000), () -> "ring did not stabilize: " + c.checkRing());
      List<PeerRef> ring = new ArrayList<>(c.peers().stream().map(PeerHandle::ref).toList());
      ring.sort((a, b) -> c.ring().compareFrom(0, a.id(), b.id()));
      Map<PeerRef, Integer> side = new HashMap<>();
      List<List<PeerRef>> groups = List.of(new ArrayList<>(), new ArrayList<>());
      for (int i = 0; i < ring.size(); i++) {
        side.put(ring.get(i), i % 2);
        groups.get(i % 2).add(ring.get(i));
      }
      assertEquals(0, MergeTrial.openSeams(c, side), "one correct ring has no seam");
      c.network().simControls().orElseThrow().partition(groups);
      c.network().runFor(60_000);
      assertEquals(2, c.rings());
      // alternate sides: each peer's successor is two places on, past a peer of the other side
      assertEquals(40, MergeTrial.openSeams(c, side));
      c.network().simControls().orElseThrow().heal();
      assertTrue(c.network().awaitUntil(() -> c.checkRing().successorErrors() == 0, 60_000, 100), "merged");
      assertEquals(0, MergeTrial.openSeams(c, side));
      c.crash(c.peers().get(7));
      assertTrue(c.checkRing().successorErrors() > 0, "the crashed peer's predecessor still names it");
      assertEquals(0, MergeTrial.openSeams(c, side), "a dead successor is churn's, not a seam");
    }
  }
}
