package org.bloomchord.experiments.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChurnModelTest {

  /** Applies the events to a live set, checking each against it, and returns the final set. */
  private static Set<Integer> replay(Population start, List<ChurnEvent> events) {
    Set<Integer> alive = new HashSet<>(start.alive());
    long last = 0;
    for (ChurnEvent e : events) {
      assertTrue(e.atMs() >= last, "time-ordered");
      last = e.atMs();
      if (e.action() == ChurnAction.JOIN) {
        assertTrue(alive.add(e.peer()), "joiner not alive yet: " + e);
      } else {
        assertTrue(alive.remove(e.peer()), "departing peer alive: " + e);
      }
    }
    return alive;
  }

  @Test
  void sessionChurnKeepsThePopulationAndMatchesTheRenewalRate() {
    // 100 peers, exponential sessions of mean 10 s, 1000 s: about 100 * 1000 / 10 = 10,000
    // departures (renewal theorem); Poisson-like count, sd ~ 100, tolerance 4%.
    Population start = Population.of(100);
    SessionChurn churn = new SessionChurn(new SessionDistribution.Exponential(10), 0.3, Duration.ofSeconds(1000));
    List<ChurnEvent> events = churn.schedule(start, 11);
    Set<Integer> alive = replay(start, events);
    assertEquals(100, alive.size());
    long departures = events.stream().filter(e -> e.action() != ChurnAction.JOIN).count();
    long crashes = events.stream().filter(e -> e.action() == ChurnAction.CRASH).count();
    assertEquals(10_000, departures, 400);
    // crash share 0.3 within 0.02 (sd of the share ~0.005)
    assertEquals(0.3, (double) crashes / departures, 0.02);
    assertTrue(events.get(events.size() - 1).atMs() <= 1_000_000);
    assertEquals(events, churn.schedule(start, 11), "same seed, same events");
  }

  @Test
  void poissonCountsMatchTheRate() {
    // R = 0.5/s joins and leaves over 20,000 s: 10,000 of each expected, sd 100; tolerance 4%.
    Population start = Population.of(1000);
    PoissonChurn churn = PoissonChurn.chordStyle(0.5, 1.0, Duration.ofSeconds(20_000));
    List<ChurnEvent> events = churn.schedule(start, 5);
    replay(start, events);
    long joins = events.stream().filter(e -> e.action() == ChurnAction.JOIN).count();
    long crashes = events.stream().filter(e -> e.action() == ChurnAction.CRASH).count();
    assertEquals(10_000, joins, 400);
    assertEquals(10_000, crashes, 400);
    assertEquals(0, events.stream().filter(e -> e.action() == ChurnAction.LEAVE).count());
    // counts in 100-second windows are Poisson(50 + 50): their variance equals their mean (within 10%)
    int[] perWindow = new int[200];
    events.forEach(e -> perWindow[(int) Math.min(199, e.atMs() / 100_000)]++);
    double mean = java.util.Arrays.stream(perWindow).average().orElseThrow();
    double var = java.util.Arrays.stream(perWindow).mapToDouble(c -> (c - mean) * (c - mean)).sum() / 199;
    assertEquals(100, mean, 4);
    assertEquals(1.0, var / mean, 0.25);
  }

  @Test
  void massFailureCrashesTheRoundedFractionOfDistinctLivePeers() {
    Population start = Population.of(1000);
    List<ChurnEvent> events = MassDeparture.failure(0.2).schedule(start, 3);
    assertEquals(200, events.size());
    assertEquals(200, events.stream().map(ChurnEvent::peer).distinct().count());
    assertTrue(events.stream().allMatch(e -> e.atMs() == 0 && e.action() == ChurnAction.CRASH));
    assertEquals(800, replay(start, events).size());
    List<ChurnEvent> spread = new MassDeparture(ChurnAction.LEAVE, 0, 4, Duration.ofSeconds(2))
        .schedule(start, 3);
    assertEquals(List.of(0L, 500L, 1000L, 1500L), spread.stream().map(ChurnEvent::atMs).toList());
  }

  @Test
  void arrivalsAreEvenlyPacedFreshPeers() {
    List<ChurnEvent> joins = new Arrivals(4, Duration.ofSeconds(10)).schedule(Population.of(3), 0);
    assertEquals(List.of(new ChurnEvent(0, ChurnAction.JOIN, 3), new ChurnEvent(2500, ChurnAction.JOIN, 4),
        new ChurnEvent(5000, ChurnAction.JOIN, 5), new ChurnEvent(7500, ChurnAction.JOIN, 6)), joins);
  }

  @Test
  void traceReplaysItsLinesAndNamesTheBadOnes() {
    String text = "time,event,peer\n# a comment\n0.5,crash,1\n1.25,join,7\n\n2,leave,7\n3,join,1\n";
    TraceReplay trace = TraceReplay.parse("t.csv", text);
    assertEquals(List.of(new ChurnEvent(500, ChurnAction.CRASH, 1), new ChurnEvent(1250, ChurnAction.JOIN, 7),
        new ChurnEvent(2000, ChurnAction.LEAVE, 7), new ChurnEvent(3000, ChurnAction.JOIN, 1)),
        trace.schedule(Population.of(3), 0));
    assertEquals("t.csv:2: bad event 'vanish' (expected one of: join, leave, crash)",
        assertThrows(TraceFormatException.class, () -> TraceReplay.parse("t.csv", "1,join,5\n2,vanish,5")).getMessage());
    assertEquals("t.csv:2: time 1 s goes back (times must not decrease)",
        assertThrows(TraceFormatException.class, () -> TraceReplay.parse("t.csv", "2,join,5\n1,crash,5")).getMessage());
    assertEquals("t.csv:1: expected time,event,peer but found 2 fields",
        assertThrows(TraceFormatException.class, () -> TraceReplay.parse("t.csv", "1,join")).getMessage());
    TraceReplay bad = TraceReplay.parse("t.csv", "1,crash,9\n");
    assertEquals("t.csv:1: peer 9 is not alive at 1.0 s",
        assertThrows(TraceFormatException.class, () -> bad.schedule(Population.of(3), 0)).getMessage());
  }
}
