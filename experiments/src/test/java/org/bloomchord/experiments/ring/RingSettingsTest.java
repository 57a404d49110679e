package org.bloomchord.experiments.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bloomchord.chord.ChordConfig;
import org.junit.jupiter.api.Test;

/** The Chord configuration {@code ring} gives its peers from its period flags. */
class RingSettingsTest {

  @Test
  void replicaSyncFollowsTheStabilizePeriodButNeverRunsMoreOftenThanTheDefault() {
    long def = ChordConfig.defaults().replicaSyncMs();
    ChordConfig atDefault = RingSettings.chordConfig(64, 8, 3, 1, 500, 0, 0);
    assertEquals(ChordConfig.defaults().replicaSyncMs(), atDefault.replicaSyncMs());
    assertEquals(500, atDefault.stabilizeMs());
    assertEquals(1000, atDefault.checkPredecessorMs());
    // faster maintenance keeps the default sync
    assertEquals(def, RingSettings.chordConfig(64, 8, 3, 1, 100, 0, 0).replicaSyncMs());
    // slower maintenance slows the sync by the same factor
    ChordConfig slow = RingSettings.chordConfig(64, 8, 3, 1, 600_000, 0, 0);
    assertEquals(6_000_000, slow.replicaSyncMs());
    assertEquals(1_200_000, slow.checkPredecessorMs());
    assertEquals(10_000, RingSettings.chordConfig(64, 8, 3, 1, 1000, 0, 0).replicaSyncMs());
  }
}
