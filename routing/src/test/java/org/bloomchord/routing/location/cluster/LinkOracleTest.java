package org.bloomchord.routing.location.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.overlay.PeerRef;
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
}
