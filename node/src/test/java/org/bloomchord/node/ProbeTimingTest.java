package org.bloomchord.node;

import static org.bloomchord.node.NodeReachability.DETECTION_BOUND_MS;
import static org.bloomchord.node.NodeReachability.PROBE_PERIOD_MS;
import static org.bloomchord.node.NodeReachability.PROBE_TIMEOUT_MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The probe's timing on a fake clock: {@link NodeReachability} driven the way {@code ClusterDirectory}
 * drives it (a round every period: end the round, probe what is due; a failed probe's confirmation
 * on a timer at the time {@code silent} names), against a node that answers after a latency unless
 * it is cut off or stalled. The oracle is the formula: a cut is reported within
 * {@link NodeReachability#DETECTION_BOUND_MS} = period + 2 timeouts (7 s) whatever its phase against
 * the rounds, and that bound is reached; a node whose answers are held for less than two timeouts
 * less its answer latency is never reported. Timers here fire on time, as on the probe's own thread.
 */
class ProbeTimingTest {

  /** How long the node takes to answer a probe when nothing holds it. */
  private static final long LATENCY_MS = 5;
  /** Held so that the level set on it stays (JUL keeps loggers weakly): the runs log a split each. */
  private static final Logger REACH_LOG = Logger.getLogger(NodeReachability.class.getName());
  private static Level levelBefore;
  /** The cut (or stall) starts after this, with the rounds well under way. */
  private static final long START_MS = 10_000;
  /** Phases of the cut against the rounds: every 10 ms over one period. */
  private static final long PHASE_STEP_MS = 10;

  /**
   * One node "b" probed by "a" from time 0, answering after {@link #LATENCY_MS} except that
   * answers it would give in [from, until) are held until {@code until} (a cut: until = forever).
   */
  private static final class Bench {
    private record Event(long at, long seq, Runnable run) {
    }

    final NodeReachability reach = new NodeReachability("a");
    final List<NodeReachability.Transition> transitions = new ArrayList<>();
    private final PriorityQueue<Event> queue = new PriorityQueue<>(
        (x, y) -> x.at() != y.at() ? Long.compare(x.at(), y.at()) : Long.compare(x.seq(), y.seq()));
    private final long from;
    private final long until;
    private long now;
    private long seq;

    Bench(long from, long until) {
      this.from = from;
      this.until = until;
      reach.onTransition(transitions::add);
      reach.seen("b", "10.0.0.2:5701", 0);
      for (long t = 0; t < 60_000; t += PROBE_PERIOD_MS) {
        at(t, this::round);
      }
    }

    private void at(long t, Runnable r) {
      queue.add(new Event(t, seq++, r));
    }

    private void round() {
      reach.endRound(now);
      probeDue();
    }

    private void probeDue() {
      for (String n : reach.due(now)) {
        long sent = now;
        long answer = sent + LATENCY_MS;
        if (answer >= from && answer < until) {
          answer = until; // held by the cut or the stall
        }
        if (answer - sent <= PROBE_TIMEOUT_MS) {
          at(answer, () -> reach.answered(n, now));
        } else {
          at(sent + PROBE_TIMEOUT_MS, () -> {
            long confirmAt = reach.silent(n, now, "TIMEOUT");
            if (confirmAt >= 0) {
              at(Math.max(now, confirmAt), this::probeDue);
            }
          });
        }
      }
    }

    /** Runs the events until {@code end}. */
    Bench runUntil(long end) {
      while (!queue.isEmpty() && queue.peek().at() <= end) {
        Event e = queue.poll();
        now = e.at();
        e.run().run();
      }
      return this;
    }
  }

  @BeforeAll
  static void quiet() {
    levelBefore = REACH_LOG.getLevel();
    REACH_LOG.setLevel(Level.SEVERE);
  }

  @AfterAll
  static void restore() {
    REACH_LOG.setLevel(levelBefore);
  }

  @Test
  void aCutIsReportedWithinAPeriodAndTwoTimeoutsWhateverItsPhase() {
    long worst = 0;
    for (long phase = 0; phase < PROBE_PERIOD_MS; phase += PHASE_STEP_MS) {
      long cut = START_MS + phase;
      Bench b = new Bench(cut, Long.MAX_VALUE).runUntil(cut + 20_000);
      assertEquals(1, b.transitions.size(), "one report of the cut at phase " + phase);
      NodeReachability.NodeState gone = b.transitions.get(0).split().get(0);
      long took = gone.sinceMs() - cut;
      assertTrue(took > 0 && took <= DETECTION_BOUND_MS, "cut at phase " + phase + " reported after " + took + " ms");
      worst = Math.max(worst, took);
    }
    assertEquals(7_000, DETECTION_BOUND_MS, "period 1 s + two timeouts of 3 s");
    assertTrue(worst > DETECTION_BOUND_MS - PHASE_STEP_MS - LATENCY_MS,
        "the bound is the worst case, not a loose one: worst " + worst + " ms");
  }

  @Test
  void aStallShorterThanTwoTimeoutsIsNoSplitAndOneLongerThanTheBoundIsOne() {
    for (long phase = 0; phase < PROBE_PERIOD_MS; phase += PHASE_STEP_MS) {
      long start = START_MS + phase;
      Bench held = new Bench(start, start + 2 * PROBE_TIMEOUT_MS - LATENCY_MS).runUntil(start + 20_000);
      assertEquals(List.of(), held.transitions, "answers held for 2 timeouts less the latency, phase " + phase);
      assertEquals(List.of(), held.reach.unreachable());

      Bench longer = new Bench(start, start + DETECTION_BOUND_MS + LATENCY_MS).runUntil(start + 30_000);
      assertEquals(2, longer.transitions.size(), "a stall past the bound is a split and a merge, phase " + phase);
      assertEquals(List.of("b"), names(longer.transitions.get(0).split()));
      assertEquals(List.of("b"), names(longer.transitions.get(1).merged()), "reachable again once it answers");
    }
  }

  @Test
  void aFailedProbeIsConfirmedATimeoutAfterItWasSentNotAtTheNextRound() {
    NodeReachability r = new NodeReachability("a");
    r.seen("b", "10.0.0.2:5701", 0);
    assertEquals(List.of("b"), r.due(1_000));
    assertEquals(List.of(), r.due(1_500), "one probe at a time");
    assertEquals(4_000, r.silent("b", 4_000, "TIMEOUT"), "timed out: confirmed at once");
    assertEquals(List.of("b"), r.due(4_000));
    assertEquals(-1, r.silent("b", 7_000, "TIMEOUT"), "the second silence decides: no confirmation");
    assertEquals(List.of("b"), names(r.unreachable()));
    assertEquals(7_000, r.unreachable().get(0).sinceMs());
    assertEquals(List.of("b"), r.due(7_200), "an unreachable node is probed at the next round");
    r.answered("b", 7_210);

    // a failure at once (no handler) is confirmed a timeout after the failed probe was sent, so that
    // two probes a timeout apart decide, as for timeouts
    assertEquals(List.of("b"), r.due(9_000));
    assertEquals(12_000, r.silent("b", 9_001, "NO_HANDLERS"));
    assertEquals(List.of(), r.due(11_999));
    assertEquals(List.of("b"), r.due(12_000));
  }

  @Test
  void aRemovedMemberMakesItsNodesUnreachableAtOnceUntilTheyAnswerAProbeSentSince() {
    NodeReachability r = new NodeReachability("a");
    List<NodeReachability.Transition> seen = new ArrayList<>();
    r.onTransition(seen::add);
    r.seen("b", "10.0.0.2:5701", 0);
    r.seen("c", "10.0.0.3:5701", 0);
    r.seen("d", "10.0.0.3:5701", 0); // a member may carry more than one node

    assertEquals(List.of("b", "c", "d"), r.due(1_900));
    r.answered("b", 1_905);
    assertEquals(List.of(), r.memberRemoved("10.0.0.9:5701", 2_000), "no known node on that member");
    assertEquals(List.of("c", "d"), r.memberRemoved("10.0.0.3:5701", 2_000));
    r.answered("d", 2_010); // sent before the removal: says nothing of now
    r.endRound(2_010);
    assertEquals(List.of("c", "d"), names(r.unreachable()));
    assertEquals(2_000, r.unreachable().get(0).sinceMs(), "unreachable from the removal, no probe waited for");
    assertEquals(1, seen.size());
    assertEquals(List.of("c", "d"), names(seen.get(0).split()));

    assertEquals(List.of(), r.memberRemoved("10.0.0.3:5701", 3_000), "already unreachable: not reported again");
    assertEquals(-1, r.silent("c", 3_000, "NO_HANDLERS"), "its probes only confirm it: no confirmation probe");
    assertEquals(List.of("b", "c", "d"), r.due(3_500));
    r.answered("c", 4_000);
    r.endRound(4_000);
    assertEquals(List.of("d"), names(r.unreachable()));
    assertEquals(List.of("c"), names(seen.get(1).merged()));
  }

  private static List<String> names(List<NodeReachability.NodeState> states) {
    List<String> out = new ArrayList<>();
    states.forEach(s -> out.add(s.node()));
    return out;
  }
}
