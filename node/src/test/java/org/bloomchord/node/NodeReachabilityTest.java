package org.bloomchord.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The memory of other nodes: a node seen once stays known; two probes in a row it does not answer
 * make it unreachable (one is a stalled event loop as often as a cut), one it answers makes it
 * reachable; a node that said it left is never reported; an
 * unreachable node is forgotten after a day; each round reports its changes once.
 */
class NodeReachabilityTest {

  private static List<String> names(List<NodeReachability.NodeState> states) {
    List<String> out = new ArrayList<>();
    states.forEach(s -> out.add(s.node()));
    return out;
  }

  @Test
  void aSilentNodeIsUnreachableUntilItAnswersAndEachChangeIsReportedOnce() {
    NodeReachability r = new NodeReachability("a");
    List<NodeReachability.Transition> seen = new ArrayList<>();
    r.onTransition(seen::add);
    r.seen("a", "10.0.0.1:5701", 0);
    r.seen("b", "10.0.0.2:5701", 0);
    r.seen("c", "10.0.0.3:5701", 0);
    assertEquals(List.of("b", "c"), r.knownNodes(), "itself is not among the others");

    r.silent("b", 500);
    r.silent("c", 500);
    r.endRound(500);
    assertEquals(List.of(), r.unreachable(), "one silent probe is not a split");
    r.silent("b", 1_000);
    r.answered("c", 1_000);
    r.endRound(1_000);
    r.silent("b", 3_000); // still silent: no new transition
    r.endRound(3_000);
    r.silent("c", 3_000); // c answered in between: its count started again
    r.endRound(3_000);
    assertEquals(List.of("b"), names(r.unreachable()));
    assertEquals(1_000, r.unreachable().get(0).sinceMs(), "unreachable since the second silent probe in a row");
    assertEquals(1, seen.size());
    assertEquals(List.of("b"), names(seen.get(0).split()));
    assertEquals(List.of(), seen.get(0).merged());

    r.answered("b", 5_000);
    r.endRound(5_000);
    assertEquals(List.of(), r.unreachable());
    assertEquals(2, seen.size());
    assertEquals(List.of("b"), names(seen.get(1).merged()));
    assertEquals(1, r.splits());
    assertEquals(1, r.merges());
  }

  @Test
  void aNodeThatLeftIsNotReportedAndAGoneOneIsForgottenAfterADay() {
    NodeReachability r = new NodeReachability("a");
    r.seen("b", "10.0.0.2:5701", 0);
    r.seen("c", "10.0.0.3:5701", 0);
    r.left("b");
    for (int probe = 0; probe < NodeReachability.SILENT_PROBES; probe++) {
      r.silent("b", 1_000); // its probes fail after it left: nothing to report
      r.silent("c", 1_000);
    }
    r.endRound(1_000);
    assertEquals(List.of("c"), names(r.unreachable()));
    assertEquals(List.of("c"), r.knownNodes());

    r.endRound(1_000 + NodeReachability.FORGET_AFTER_MS);
    assertEquals(List.of("c"), names(r.unreachable()), "still reported a day after, to the millisecond");
    r.endRound(1_001 + NodeReachability.FORGET_AFTER_MS);
    assertEquals(List.of(), r.unreachable());
    assertEquals(List.of(), r.knownNodes());
  }
}
