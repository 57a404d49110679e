package org.bloomchord.node;

import static org.bloomchord.node.NodeReachability.DETECTION_BOUND_MS;
import static org.bloomchord.node.NodeReachability.LATE_ANSWER_MS;
import static org.bloomchord.node.NodeReachability.MIN_SILENCE_MS;
import static org.bloomchord.node.NodeReachability.PROBE_PERIOD_MS;
import static org.bloomchord.node.NodeReachability.PROBE_TIMEOUT_MS;
import static org.bloomchord.node.NodeReachability.QUIET_DETECTION_MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The probe's timing on a fake clock: the {@link ProbeRounds} that {@code ClusterDirectory} runs,
 * its round every period, its timers on the fake clock's event queue, and its ping answered by a
 * node that answers after a latency unless it is cut off or stalled (an answer later than
 * {@link NodeReachability#LATE_ANSWER_MS} is the event bus' {@code TIMEOUT} at that wait). The oracles are the formulas: a cut is reported within
 * {@link NodeReachability#QUIET_DETECTION_MS} = period + least silence (7 s) after regular answers
 * and within {@link NodeReachability#DETECTION_BOUND_MS} = period + longest silence (9 s) after
 * irregular ones, whatever its phase against the rounds, and the quiet bound is reached; a node
 * whose answers are held for less than the least silence less its answer latency is never
 * reported. Timers here fire on time, as on the probe's own thread.
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
   * One node "b" probed by "a" from time 0, whose answer to a probe sent at t arrives at
   * {@code answerAt(t)} (Long.MAX_VALUE: never).
   */
  private static final class Bench {
    private record Event(long at, long seq, Runnable run) {
    }

    final NodeReachability reach = new NodeReachability("a");
    private final ProbeRounds probes = new ProbeRounds(reach, () -> this.now, this::after, this::ping);
    final List<NodeReachability.Transition> transitions = new ArrayList<>();
    private final PriorityQueue<Event> queue = new PriorityQueue<>(
        (x, y) -> x.at() != y.at() ? Long.compare(x.at(), y.at()) : Long.compare(x.seq(), y.seq()));
    private final LongUnaryOperator answerAt;
    private long now;
    private long seq;

    /** Answers after {@link #LATENCY_MS}, except that answers due in [from, until) are held until {@code until}. */
    Bench(long from, long until) {
      this(sent -> {
        long answer = sent + LATENCY_MS;
        return answer >= from && answer < until ? until : answer;
      }, 60_000);
    }

    Bench(LongUnaryOperator answerAt, long horizon) {
      this.answerAt = answerAt;
      reach.onTransition(transitions::add);
      reach.seen("b", "10.0.0.2:5701", 0);
      for (long t = PROBE_PERIOD_MS; t < horizon; t += PROBE_PERIOD_MS) {
        at(t, () -> probes.round(() -> { }));
      }
    }

    private Event at(long t, Runnable r) {
      Event e = new Event(t, seq++, r);
      queue.add(e);
      return e;
    }

    /** The probe thread's timer: fires at its time unless cancelled. */
    private Runnable after(Runnable task, long delayMs) {
      Event e = at(now + delayMs, task);
      return () -> queue.remove(e);
    }

    /** The event bus' request: the answer when it comes within its wait, else its timeout. */
    private void ping(String node, java.util.function.Consumer<String> outcome) {
      long answer = answerAt.applyAsLong(now);
      if (answer - now <= LATE_ANSWER_MS) {
        at(answer, () -> outcome.accept(null));
      } else {
        at(now + LATE_ANSWER_MS, () -> outcome.accept(ProbeRounds.TIMEOUT));
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
  void aCutAfterRegularAnswersIsReportedWithinAPeriodAndTheLeastSilenceWhateverItsPhase() {
    long worst = 0;
    for (long phase = 0; phase < PROBE_PERIOD_MS; phase += PHASE_STEP_MS) {
      long cut = START_MS + phase;
      Bench b = new Bench(cut, Long.MAX_VALUE).runUntil(cut + 20_000);
      assertEquals(1, b.transitions.size(), "one report of the cut at phase " + phase);
      NodeReachability.NodeState gone = b.transitions.get(0).split().get(0);
      long took = gone.sinceMs() - cut;
      assertTrue(took > 0 && took <= QUIET_DETECTION_MS, "cut at phase " + phase + " reported after " + took + " ms");
      worst = Math.max(worst, took);
    }
    assertTrue(worst > QUIET_DETECTION_MS - PHASE_STEP_MS - LATENCY_MS,
        "the bound is the worst case, not a loose one: worst " + worst + " ms");
  }

  @Test
  void aStallShorterThanTheLeastSilenceIsNoSplitAndOneLongerThanTheBoundIsOne() {
    for (long phase = 0; phase < PROBE_PERIOD_MS; phase += PHASE_STEP_MS) {
      long start = START_MS + phase;
      Bench held = new Bench(start, start + MIN_SILENCE_MS - LATENCY_MS).runUntil(start + 20_000);
      assertEquals(List.of(), held.transitions, "answers held for the least silence less the latency, phase " + phase);
      assertEquals(List.of(), held.reach.unreachable());
      assertTrue(held.reach.suspicionsWithdrawn() > 0, "the stall raised a suspicion that its answers withdrew");

      Bench longer = new Bench(start, start + DETECTION_BOUND_MS + LATENCY_MS).runUntil(start + 30_000);
      assertEquals(2, longer.transitions.size(), "a stall past the bound is a split and a merge, phase " + phase);
      assertEquals(List.of("b"), names(longer.transitions.get(0).split()));
      assertEquals(List.of("b"), names(longer.transitions.get(1).merged()), "reachable again once it answers");
    }
  }

  /**
   * A loaded node: answers 5 to 800 ms late, and stalls (GC, a starved JVM) of 1 to 7.5 s about
   * every 20 s, for an hour (seed 36). The fixed rule it replaces (two probes of 3 s in a row
   * unanswered) reported every stall longer than about two timeouts; the accrual detector allows a
   * node that came back from a long pause lately a longer silence and reports fewer of them, while
   * a cut at the end is still reported within {@link NodeReachability#DETECTION_BOUND_MS}.
   */
  @Test
  void underLoadPausesAreToldFromDeathsAndACutIsStillReportedInTime() {
    SplittableRandom random = new SplittableRandom(36);
    long hour = 3_600_000;
    List<long[]> stalls = new ArrayList<>();
    for (long t = 30_000; t < hour; t += 10_000 + random.nextLong(20_000)) {
      long length = 1_000 + random.nextLong(6_500);
      stalls.add(new long[] {t, t + length});
      t += length;
    }
    long cut = hour + 30_000;
    long[] jitter = new long[4_000];
    for (int i = 0; i < jitter.length; i++) {
      jitter[i] = LATENCY_MS + random.nextLong(800);
    }
    LongUnaryOperator answerAt = sent -> {
      long answer = sent + jitter[(int) ((sent / PROBE_PERIOD_MS) % jitter.length)];
      if (answer >= cut) {
        return Long.MAX_VALUE;
      }
      for (long[] s : stalls) {
        if (answer >= s[0] && answer < s[1]) {
          return s[1];
        }
      }
      return answer;
    };
    Bench b = new Bench(answerAt, cut + 20_000).runUntil(cut + 20_000);
    long oldRuleReports = stalls.stream().filter(s -> s[1] - s[0] > 2 * PROBE_TIMEOUT_MS - LATENCY_MS).count();
    long falseSuspicions = b.transitions.stream().filter(t -> !t.split().isEmpty()
        && t.split().get(0).sinceMs() < cut).count();
    NodeReachability.NodeState gone = b.transitions.get(b.transitions.size() - 1).split().get(0);
    long detection = gone.sinceMs() - cut;
    System.out.printf("accrual detector, loaded node, 1 h: %d stalls, %d longer than two timeouts (the fixed rule's"
        + " false splits), %d false suspicions, %d suspicions withdrawn, cut reported after %d ms%n",
        stalls.size(), oldRuleReports, falseSuspicions, b.reach.suspicionsWithdrawn(), detection);
    assertTrue(oldRuleReports >= 10, "the load has stalls the fixed rule reports: " + oldRuleReports);
    assertTrue(falseSuspicions < oldRuleReports, "fewer false splits than the fixed rule's: "
        + falseSuspicions + " of " + oldRuleReports);
    assertTrue(detection > 0 && detection <= DETECTION_BOUND_MS, "the cut reported after " + detection + " ms");
  }

  @Test
  void aFailedProbeIsFollowedATimeoutAfterItWasSentNotAtTheNextRound() {
    NodeReachability r = new NodeReachability("a");
    r.seen("b", "10.0.0.2:5701", 0);
    assertEquals(List.of("b"), r.due(1_000));
    assertEquals(List.of(), r.due(1_500), "one probe at a time");
    assertEquals(4_000, r.silent("b", 4_000, "TIMEOUT"), "timed out: the next at once");
    assertEquals(List.of("b"), r.due(4_000));
    assertEquals(7_000, r.silent("b", 7_000, "TIMEOUT"));
    r.endRound(7_000);
    assertEquals(List.of("b"), names(r.unreachable()), "silent since it was seen, 7 s");
    assertEquals(7_000, r.unreachable().get(0).sinceMs());
    assertEquals(List.of("b"), r.due(7_200));
    r.answered("b", 7_210);
    r.endRound(7_210);
    assertEquals(List.of(), r.unreachable());

    // a failure at once (no handler) is followed a timeout after the failed probe was sent, not a
    // millisecond later
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
    r.silent("c", 3_000, "NO_HANDLERS"); // its probes only confirm it
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
