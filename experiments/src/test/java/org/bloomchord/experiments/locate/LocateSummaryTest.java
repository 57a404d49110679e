package org.bloomchord.experiments.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.bloomchord.experiments.summary.LocateStats;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocateResult;
import org.junit.jupiter.api.Test;

class LocateSummaryTest {

  private final PeerRef a = new PeerRef("a", 1);
  private final PeerRef b = new PeerRef("b", 2);
  private final PeerRef c = new PeerRef("c", 3);

  @Test
  void theSummaryCountsOutcomesHopsStretchAndTheWithinDepthShare() {
    List<LocateResult> rs = List.of(
        LocateResult.builder("k", LocateOutcome.LOCAL).holder(a).build(),
        LocateResult.builder("k", LocateOutcome.PROBABILISTIC).holder(b).probabilisticHops(2).build(),
        LocateResult.builder("k", LocateOutcome.FALLBACK).holder(c).probabilisticHops(1).fallbackHops(4).finalHops(1)
            .falsePositives(1).build(),
        LocateResult.builder("k", LocateOutcome.NOT_FOUND).fallbackHops(5).build());
    List<LocateResult> chord = List.of(
        LocateResult.builder("k", LocateOutcome.LOCAL).holder(a).build(),
        LocateResult.builder("k", LocateOutcome.FALLBACK).holder(b).fallbackHops(5).finalHops(1).build(),
        LocateResult.builder("k", LocateOutcome.FALLBACK).holder(c).fallbackHops(3).finalHops(1).build(),
        LocateResult.builder("k", LocateOutcome.NOT_FOUND).fallbackHops(5).build());
    LocateSummary s = LocateSummary.of(rs, List.of(0, 2, 3, -1), chord, 3);
    assertEquals(4, s.total());
    assertEquals(3, s.found());
    assertEquals(1, s.falsePositives());
    assertEquals(2, s.withinDepth());
    assertEquals(1, s.withinDepthProbabilistic());
    assertEquals((0 + 2 + 6) / 3.0, s.hopsMean(), 1e-12);
    assertEquals(2, s.hopsP50());
    assertEquals(6, s.hopsP99());
    assertEquals((2 / 2.0 + 6 / 3.0) / 2, s.stretchMean(), 1e-12);
    assertEquals((6 + 4) / 2.0, s.chordHopsMean(), 1e-12);
    assertEquals(2, s.withinDepthDistanceMean(), 1e-12);
  }

  @Test
  void theSummarySectionKeepsTheExactFiguresAndItsCountsAddUp() {
    List<LocateResult> rs = List.of(
        LocateResult.builder("k", LocateOutcome.PROBABILISTIC).holder(b).probabilisticHops(3).build(),
        LocateResult.builder("k", LocateOutcome.FALLBACK).holder(c).probabilisticHops(1).fallbackHops(2).finalHops(1)
            .falsePositives(1).build(),
        LocateResult.builder("k", LocateOutcome.FAILED).build());
    LocateStats s = LocateSummary.of(rs, List.of(3, 3, 1), rs, 3).toStats();
    assertEquals(s.total(), s.found() + s.notFound() + s.failed());
    assertEquals(1, s.failed());
    assertEquals(3, s.withinDepth());
    assertEquals((3 / 3.0 + 4 / 3.0) / 2, s.stretch().mean(), 1e-12, "hops over oracle distance, not rounded");
    assertEquals(3.5, s.hops().mean(), 1e-12);
  }
}
