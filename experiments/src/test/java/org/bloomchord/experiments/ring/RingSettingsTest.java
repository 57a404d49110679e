package org.bloomchord.experiments.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.chord.ChordConfig;
import org.junit.jupiter.api.Test;

/** The Chord configuration {@code ring} gives its peers from its flags. */
class RingSettingsTest {

  private static ChordConfig chord(MaintenancePeriods periods) {
    return RingSettings.builder(10).periods(periods).build().chordConfig();
  }

  @Test
  void replicaSyncFollowsTheStabilizePeriodButNeverRunsMoreOftenThanTheDefault() {
    long def = ChordConfig.defaults().replicaSyncMs();
    ChordConfig atDefault = chord(MaintenancePeriods.fixed(500));
    assertEquals(ChordConfig.defaults().replicaSyncMs(), atDefault.replicaSyncMs());
    assertEquals(500, atDefault.stabilizeMs());
    assertEquals(1000, atDefault.checkPredecessorMs());
    // faster maintenance keeps the default sync
    assertEquals(def, chord(MaintenancePeriods.fixed(100)).replicaSyncMs());
    // slower maintenance slows the sync by the same factor
    ChordConfig slow = chord(MaintenancePeriods.fixed(600_000));
    assertEquals(6_000_000, slow.replicaSyncMs());
    assertEquals(1_200_000, slow.checkPredecessorMs());
    assertEquals(10_000, chord(MaintenancePeriods.fixed(1000)).replicaSyncMs());
  }

  @Test
  void fixFingersTakesItsOwnPeriodWhenGivenAndTheStabilizePeriodOtherwise() {
    ChordConfig same = chord(MaintenancePeriods.fixed(4000));
    assertEquals(4000, same.fixFingersMs());
    ChordConfig apart = chord(MaintenancePeriods.fixed(4000).withFixFingersMs(16_000).withCeilings(40_000, 160_000));
    assertEquals(4000, apart.stabilizeMs());
    assertEquals(16_000, apart.fixFingersMs());
    assertEquals(8000, apart.checkPredecessorMs());
    assertEquals(160_000, apart.fixFingersCeilingMs());
  }

  @Test
  void pushesAreOffUnlessAskedForButTheStreamAlwaysPushesSuccessorLists() {
    RingSettings d = RingSettings.defaults(100);
    assertFalse(d.pushes());
    assertFalse(d.chordConfig().successorPush());
    assertFalse(d.chordConfig().fingerPush());
    RingSettings stream = d.toBuilder().launch(RingSettings.STREAM).joinWindow(50).build();
    assertTrue(stream.chordConfig().successorPush());
    assertFalse(stream.chordConfig().fingerPush());
    RingSettings on = d.toBuilder().pushes(true).build();
    assertTrue(on.chordConfig().successorPush());
    assertTrue(on.chordConfig().fingerPush());
  }

  @Test
  void theBuilderCarriesEveryFieldAndValidatesTheWholeNamingTheFlag() {
    RingSettings s = RingSettings.builder(300).runtime("SIM").idBits(20).successors(12, 4).virtualNodes(2).keys(5)
        .failFraction(0.25).lookups(7).seed(9).periods(MaintenancePeriods.fixed(250).withCeilings(1000, 0))
        .maxWaitSeconds(30).benchPings(3).waveGrowth(4).pushes(true).build();
    assertEquals(s, s.toBuilder().build());
    assertTrue(s.toBuilder().build().pushes());
    assertEquals("sim", s.runtime());
    assertEquals(MaintenancePeriods.fixed(250).withCeilings(1000, 0), s.periods());
    assertEquals(4, s.chordConfig().replicas());
    assertEquals(MaintenancePeriods.fixed(250), s.withLaunch(4, 0, 0).periods());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> s.toBuilder().successors(2, 3).build());
    assertEquals("--replicas must be in 1..--successors (2), got 3", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> MaintenancePeriods.fixed(500).withCeilings(100, 0));
    assertEquals("--stabilize-max must be 0 or at least --stabilize-ms (500), got 100", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> s.toBuilder().launch(RingSettings.PLACED).build());
    assertEquals("--launch placed has no waves; it does not take --wave-growth", e.getMessage());
    // of several wrong flags the first in the order of the fields is named, the periods after the lookups
    e = assertThrows(IllegalArgumentException.class,
        () -> RingSettings.builder(10).runtime("bogus").periods(500, 0, 100, 0).build());
    assertEquals("--runtime must be 'vertx' or 'sim', got 'bogus'", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> RingSettings.builder(10).periods(500, 0, 100, 0).maxWaitSeconds(0).build());
    assertEquals("--stabilize-max must be 0 or at least --stabilize-ms (500), got 100", e.getMessage());
  }
}
