package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.location.LocateOutcome;
import org.bloomchord.routing.location.LocateResult;
import org.junit.jupiter.api.Test;

class LinkOracleTest {

  private final PeerRef a = new PeerRef("a", 1);
  private final PeerRef b = new PeerRef("b", 2);
  private final PeerRef c = new PeerRef("c", 3);
  private final PeerRef d = new PeerRef("d", 4);
  private final PeerRef gone = new PeerRef("gone", 5);

  @Test
  void distanceIsTheShortestDirectedPathToTheNearestHolder() {
    // a -> b -> c -> d, a -> gone (not live), d -> a
    LinkOracle o = new LinkOracle(Map.of(a, List.of(b, gone), b, List.of(c), c, List.of(d), d, List.of(a)),
        Map.of("x", Set.of(c, d), "y", Set.of(a)));
    assertEquals(2, o.distance(a, "x"));
    assertEquals(1, o.distance(b, "x"));
    assertEquals(0, o.distance(c, "x"));
    assertEquals(3, o.distance(b, "y"), "links are directed: b reaches a only round the cycle");
    assertEquals(-1, o.distance(a, "nobody"));
    assertEquals(4, o.graph().edgeSet().size(), "the link to the departed peer is not an edge");
  }

  @Test
  void theSummaryCountsOutcomesHopsStretchAndTheWithinDepthShare() {
    List<LocateResult> rs = List.of(
        new LocateResult("k", LocateOutcome.LOCAL, a, 0, 0, 0, 0, 0),
        new LocateResult("k", LocateOutcome.PROBABILISTIC, b, 2, 0, 0, 0, 0),
        new LocateResult("k", LocateOutcome.FALLBACK, c, 1, 4, 1, 1, 0),
        new LocateResult("k", LocateOutcome.NOT_FOUND, null, 0, 5, 0, 0, 0));
    List<LocateResult> chord = List.of(
        new LocateResult("k", LocateOutcome.LOCAL, a, 0, 0, 0, 0, 0),
        new LocateResult("k", LocateOutcome.FALLBACK, b, 0, 5, 1, 0, 0),
        new LocateResult("k", LocateOutcome.FALLBACK, c, 0, 3, 1, 0, 0),
        new LocateResult("k", LocateOutcome.NOT_FOUND, null, 0, 5, 0, 0, 0));
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
}
