package org.bloomchord.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The memory of other nodes: a node seen once stays known; a node silent for longer than its
 * history allows (at least {@link NodeReachability#MIN_SILENCE_MS}) is unreachable, and an answer
 * before that withdraws the suspicion (a stalled event loop is as often the cause as a cut); one
 * it answers makes it reachable; a node that said it left is never reported; an unreachable node
 * is forgotten after a day; each round reports its changes once.
 */
class NodeReachabilityTest {

  private static final long MIN = NodeReachability.MIN_SILENCE_MS;

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
    assertEquals(List.of(), r.unreachable(), "a silent probe is a suspicion, not a split");
    r.answeredLate("c", 0, 1_000);
    assertEquals(1, r.suspicionsWithdrawn(), "c's late answer withdrew its suspicion");
    r.silent("b", 3_000);
    r.endRound(500 + MIN - 1);
    assertEquals(List.of(), r.unreachable(), "silent for less than the least silence allowed");
    r.answered("c", 500 + MIN - 1);
    r.endRound(500 + MIN);
    assertEquals(List.of("b"), names(r.unreachable()), "b silent since its first unanswered probe, c heard in between");
    assertEquals(500 + MIN, r.unreachable().get(0).sinceMs(), "unreachable from the round that saw the silence");
    r.endRound(MIN + 1_500); // still silent: no new transition
    assertEquals(1, seen.size());
    assertEquals(List.of("b"), names(seen.get(0).split()));
    assertEquals(List.of(), seen.get(0).merged());

    r.answered("b", 9_000);
    r.endRound(9_000);
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
    r.silent("b", 1_000); // its probes fail after it left: nothing to report
    r.silent("c", 1_000);
    r.endRound(1_000 + MIN);
    assertEquals(List.of("c"), names(r.unreachable()));
    assertEquals(List.of("c"), r.knownNodes());

    r.endRound(1_000 + MIN + NodeReachability.FORGET_AFTER_MS);
    assertEquals(List.of("c"), names(r.unreachable()), "still reported a day after, to the millisecond");
    r.endRound(1_001 + MIN + NodeReachability.FORGET_AFTER_MS);
    assertEquals(List.of(), r.unreachable());
    assertEquals(List.of(), r.knownNodes());
  }
}
