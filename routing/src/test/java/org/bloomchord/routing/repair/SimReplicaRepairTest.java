package org.bloomchord.routing.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
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

  /**
   * A repair that finds the replica in sync costs one round trip of symbols and the end of the
   * conversation: no empty push closes the reconciliation's session, which the end message closes.
   */
  @Test
  void aRepairOfReplicasInSyncIsOneRoundTripAndTheEnd() {
    try (ChordCluster c = cluster(36)) {
      ready(c, 80);
      assertEquals(List.of(), RepairCluster.staleReplicas(c));
      Map<String, long[]> before = c.network().traffic().snapshot();
      int[] failed = {0};
      List<RepairReport> reports = RepairCluster.round(c, RepairMode.RECONCILE, 60_000, failed);
      assertEquals(0, failed[0]);
      assertTrue(reports.size() > 0 && reports.stream().allMatch(r -> r.pulled() == 0 && r.pushed() == 0), reports::toString);
      c.network().runFor(1_000);
      Map<String, long[]> after = c.network().traffic().snapshot();
      long[] zero = new long[2];
      Function<String, Long> sent = t -> after.getOrDefault(t, zero)[0] - before.getOrDefault(t, zero)[0];
      assertEquals(reports.size(), sent.apply("RangeRequest"), "one request per repair");
      assertEquals(reports.size(), sent.apply("RepairDone"), "one end per repair");
      assertEquals(0, sent.apply("PushAck"), "no empty push");
    }
  }
}
