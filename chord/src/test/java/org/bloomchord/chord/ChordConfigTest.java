package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** What a configuration derives from its settings, and which settings it refuses. */
class ChordConfigTest {

  private static final ChordConfig D = ChordConfig.defaults();

  private static void refused(String message, Supplier<ChordConfig> build) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::get);
    assertEquals(message, e.getMessage());
  }

  @Test
  void maxHopsFollowsTheRingWidthAndTheSuccessorListWheneverEitherChanges() {
    for (int bits : new int[] {1, 8, 32, 64}) {
      for (int successors : new int[] {1, 8, 20, 64}) {
        ChordConfig c = D.withIdBits(bits).withSuccessors(successors, 1);
        assertEquals(2 * bits + successors + 16, c.maxHops(), bits + " bits, " + successors + " successors");
        // changing the width again recomputes it instead of keeping the old bound
        assertEquals(2 * (65 - bits) + successors + 16, c.withIdBits(65 - bits).maxHops());
      }
    }
  }

  @Test
  void aMessageMayAlwaysCarryAWholeSuccessorList() {
    for (int s = 1; s <= 64; s++) {
      ChordConfig c = D.withSuccessors(s, 1);
      assertTrue(c.maxPeersPerMessage() >= s, "successors " + s + ": " + c.maxPeersPerMessage());
    }
  }

  @Test
  void unsetQuorumsAreAMajorityForWritesAndOneReplicaForReads() {
    int[] majority = {0, 1, 2, 2, 3, 3, 4, 4, 5};
    for (int r = 1; r <= 8; r++) {
      ChordConfig c = D.withSuccessors(8, r);
      assertEquals(majority[r], c.writeQuorum(), "replicas " + r);
      assertEquals(1, c.readQuorum(), "replicas " + r);
      assertEquals(r, c.withQuorums(r, r).writeQuorum());
      assertEquals(r, c.withQuorums(r, r).readQuorum());
    }
  }

  @Test
  void periodicTasksBackOffAsFarAsTheSlowestMaintenanceTaskOnlyWhenACeilingLiesAboveItsPeriod() {
    assertFalse(D.adaptive());
    assertEquals(D.replicaSyncMs(), D.replicaSyncCeilingMs());
    assertEquals(1234, D.backedOff(1234));
    // a ceiling at or below its period backs nothing off
    ChordConfig flat = D.withAdaptivePeriods(D.stabilizeMs(), 0);
    assertFalse(flat.adaptive());
    assertEquals(flat.replicaSyncMs(), flat.replicaSyncCeilingMs());
    // ceilings of 32 and 128 periods: everything backs off by the larger factor, 128
    ChordConfig c = D.withPeriods(500, 500, 1000).withAdaptivePeriods(16_000, 64_000);
    assertTrue(c.adaptive());
    assertEquals(128 * c.replicaSyncMs(), c.replicaSyncCeilingMs());
    assertEquals(128 * 700, c.backedOff(700));
  }

  @Test
  void joinAttemptsDoubleTheirLookupTimeoutAndTheJoinWaitCoversThemAll() {
    ChordConfig d = D.withTimeouts(1000, 10_000);
    assertEquals(10_000, d.joinLookupTimeoutMs(1));
    assertEquals(20_000, d.joinLookupTimeoutMs(2));
    assertEquals(40_000, d.joinLookupTimeoutMs(3));
    // the doubling stops at 2^10, so a long retry series cannot overflow
    assertEquals(10_000L << 10, d.joinLookupTimeoutMs(40));
    long wait = 0;
    for (int k = 1; k <= d.operationAttempts(); k++) {
      wait += d.joinLookupTimeoutMs(k) + 2 * d.stabilizeMs();
    }
    assertEquals(wait, d.joinWaitMs());
  }

  @Test
  void boundariesAreAcceptedAndEveryRefusalNamesTheSettingAndTheValue() {
    assertEquals(1, D.withIdBits(1).idBits());
    assertEquals(64, D.withIdBits(64).idBits());
    assertEquals(64, D.withSuccessors(64, 64).replicas());
    assertEquals(65, D.withProximity(65).proximityCandidates());
    refused("idBits must be in 1..64, got 0", () -> D.withIdBits(0));
    refused("idBits must be in 1..64, got 65", () -> D.withIdBits(65));
    refused("successors must be in 1..64, got 65", () -> D.withSuccessors(65, 1));
    refused("replicas must be in 1..successors (2), got 3", () -> D.withSuccessors(2, 3));
    refused("stabilizeMs must be positive, got 0", () -> D.withPeriods(0, 1, 1));
    refused("lookupTimeoutMs must be at least requestTimeoutMs, got 999", () -> D.withTimeouts(1000, 999));
    refused("jitter must be in [0, 1), got 1.0", () -> D.withJitter(1.0));
    refused("virtualNodes must be in 1..64, got 0", () -> D.withVirtualNodes(0));
    refused("lookupMode must be given", () -> D.withLookupMode(null));
    refused("writeQuorum must be in 1..replicas (3) or 0 for a majority, got 4", () -> D.withQuorums(4, 0));
    refused("proximityCandidates must be 0 (off) or in 2..65, got 1", () -> D.withProximity(1));
    refused("stabilizeCeilingMs must not be negative, got -1", () -> D.withAdaptivePeriods(-1, 0));
  }

  @Test
  void theBuilderSetsEachComponentByItsNameAndACopyRebuildsTheSameConfiguration() {
    ChordLimits limits = ChordLimits.defaults();
    ChordConfig c = ChordConfig.builder().idBits(40).successors(12).replicas(5).stabilizeMs(300).fixFingersMs(400)
        .checkPredecessorMs(700).replicaSyncMs(9000).jitter(0.1).requestTimeoutMs(600).lookupTimeoutMs(6000)
        .suspectMs(2000).operationAttempts(4).virtualNodes(2).lookupMode(org.bloomchord.chord.lookup.LookupMode.ITERATIVE)
        .maxPeersPerMessage(80).maxKeyBytes(100).maxValueBytes(200).maxEntriesPerTransfer(50)
        .stabilizeCeilingMs(3000).fixFingersCeilingMs(8000).successorRouting(true).limits(limits).writeQuorum(4)
        .readQuorum(2).proximityCandidates(6).successorPush(true).build();
    assertEquals(List.of(40, 12, 5, 300L, 400L, 700L, 9000L, 0.1, 600L, 6000L, 2000L, 4, 2,
            org.bloomchord.chord.lookup.LookupMode.ITERATIVE, 2 * 40 + 12 + 16, 80, 100, 200, 50, 3000L, 8000L, true,
            limits, 4, 2, 6, true),
        List.of(c.idBits(), c.successors(), c.replicas(), c.stabilizeMs(), c.fixFingersMs(), c.checkPredecessorMs(),
            c.replicaSyncMs(), c.jitter(), c.requestTimeoutMs(), c.lookupTimeoutMs(), c.suspectMs(),
            c.operationAttempts(), c.virtualNodes(), c.lookupMode(), c.maxHops(), c.maxPeersPerMessage(),
            c.maxKeyBytes(), c.maxValueBytes(), c.maxEntriesPerTransfer(), c.stabilizeCeilingMs(),
            c.fixFingersCeilingMs(), c.successorRouting(), c.limits(), c.writeQuorum(), c.readQuorum(),
            c.proximityCandidates(), c.successorPush()));
    assertEquals(c, c.toBuilder().build());
    assertEquals(D, ChordConfig.builder().build());
    // an unset quorum is copied as unset, so it follows a later change of the replica count
    assertEquals(3, D.toBuilder().successors(8).replicas(5).build().writeQuorum());
  }
}
