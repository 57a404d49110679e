package org.bloomchord.experiments.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.chord.ChordConfig;
import org.junit.jupiter.api.Test;

/** The Chord configuration {@code ring} gives its peers from its period flags. */
class RingSettingsTest {

  @Test
  void replicaSyncFollowsTheStabilizePeriodButNeverRunsMoreOftenThanTheDefault() {
    long def = ChordConfig.defaults().replicaSyncMs();
    ChordConfig atDefault = RingSettings.chordConfig(64, 8, 3, 1, 500, 0, 0, 0);
    assertEquals(ChordConfig.defaults().replicaSyncMs(), atDefault.replicaSyncMs());
    assertEquals(500, atDefault.stabilizeMs());
    assertEquals(1000, atDefault.checkPredecessorMs());
    // faster maintenance keeps the default sync
    assertEquals(def, RingSettings.chordConfig(64, 8, 3, 1, 100, 0, 0, 0).replicaSyncMs());
    // slower maintenance slows the sync by the same factor
    ChordConfig slow = RingSettings.chordConfig(64, 8, 3, 1, 600_000, 0, 0, 0);
    assertEquals(6_000_000, slow.replicaSyncMs());
    assertEquals(1_200_000, slow.checkPredecessorMs());
    assertEquals(10_000, RingSettings.chordConfig(64, 8, 3, 1, 1000, 0, 0, 0).replicaSyncMs());
  }

  @Test
  void fixFingersTakesItsOwnPeriodWhenGivenAndTheStabilizePeriodOtherwise() {
    ChordConfig same = RingSettings.chordConfig(64, 8, 3, 1, 4000, 0, 0, 0);
    assertEquals(4000, same.fixFingersMs());
    ChordConfig apart = RingSettings.chordConfig(64, 8, 3, 1, 4000, 16_000, 40_000, 160_000);
    assertEquals(4000, apart.stabilizeMs());
    assertEquals(16_000, apart.fixFingersMs());
    assertEquals(8000, apart.checkPredecessorMs());
    assertEquals(160_000, apart.fixFingersCeilingMs());
  }

  @Test
  void onlyTheStreamLaunchTurnsTheSuccessorPushOn() {
    RingSettings d = RingSettings.defaults(100);
    assertFalse(d.chordConfig().successorPush());
    RingSettings stream = new RingSettings(d.runtime(), 100, 64, 8, 3, 1, 10, 0, 10, 1, 500, 60, 0, 2, 0, 0,
        RingSettings.STREAM, 50, 0);
    assertTrue(stream.chordConfig().successorPush());
  }
}
