package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.bloomchord.overlay.BackoffTimer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkContractTest;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RemoteRejectedException;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoPeer.Settled;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Pong;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.Test;

/** The runtime contract on the simulator, plus what only a deterministic simulator can promise. */
class SimNetworkTest extends NetworkContractTest {

  @Override
  protected Network<EchoPeer> open(NetworkOptions options, WireRegistry registry) {
    return new SimNetwork<>(options, registry);
  }

  @Override
  protected long slackMs() {
    return 0;
  }

  private static SimNetwork<EchoPeer> sim(NetworkOptions options) {
    return new SimNetwork<>(options, EchoWire.registry());
  }

  private static String longText() {
    return "y".repeat(EchoWire.MAX_TEXT_BYTES + 1);
  }

  @Test
  void framesThatFailToDecodeAreRejectedCountedAndThePeerKeepsWorking() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    assertThrows(RemoteRejectedException.class, () -> net().call(a, p -> p.ping(b.ref(), 1, longText(), 1_000), WAIT));
    net().call(a, p -> p.note(b.ref(), longText()), WAIT);
    net().runFor(100);
    assertEquals(Map.of("Ping", 1L, "Note", 1L), net().traffic().rejectedSnapshot());
    assertEquals(List.of(), b.protocol().notes);
    assertEquals(new Pong(2, "fine"), net().call(a, p -> p.ping(b.ref(), 2, "fine", 1_000), WAIT));
  }

  private record Run(List<List<String>> traces, Map<String, List<Long>> traffic, long events, long now) {
  }

  private static Run gossipRun(long seed, Function<List<PeerRef>, List<PeerRef>> launchOrder) {
    NetworkOptions o = NetworkOptions.defaults().withSeed(seed)
        .withSim(s -> s.withLatency(LatencyModel.coordinates(60)).withLossProbability(0.05));
    try (SimNetwork<EchoPeer> net = sim(o)) {
      List<PeerRef> refs = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        refs.add(new PeerRef("peer-" + i, i));
      }
      List<PeerHandle<EchoPeer>> peers = new ArrayList<>(net.launchAll(launchOrder.apply(refs), r -> new EchoPeer()));
      peers.sort((x, y) -> x.ref().address().compareTo(y.ref().address()));
      net.callAll(peers, p -> p.gossip(refs, 30), 10);
      net.runFor(1_000);
      net.crash(peers.get(3));
      net.runFor(1_000);
      List<List<String>> traces = new ArrayList<>();
      for (PeerHandle<EchoPeer> p : peers) {
        traces.add(List.copyOf(p.protocol().trace));
      }
      Map<String, List<Long>> traffic = new java.util.TreeMap<>();
      net.traffic().snapshot().forEach((k, v) -> traffic.put(k, List.of(v[0], v[1])));
      return new Run(traces, traffic, net.eventsFired(), net.now());
    }
  }

  @Test
  void sameSeedGivesTheSameRunToTheByteWhateverTheLaunchOrder() {
    Run first = gossipRun(42, refs -> refs);
    Run again = gossipRun(42, refs -> {
      List<PeerRef> reversed = new ArrayList<>(refs);
      java.util.Collections.reverse(reversed);
      return reversed;
    });
    assertTrue(first.events() > 5_000, "events: " + first.events());
    assertEquals(first, again);
    assertNotEquals(first.traces(), gossipRun(43, refs -> refs).traces());
  }

  @Test
  void aTimerFromARandomPhaseFirstRunsWithinOnePeriodSpreadOverItThenEveryPeriod() {
    try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults())) {
      List<PeerRef> refs = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        refs.add(new PeerRef("t" + i, i));
      }
      List<PeerHandle<EchoPeer>> peers = net.launchAll(refs, r -> new EchoPeer());
      long start = net.now();
      List<List<Long>> runs = new ArrayList<>();
      List<Cancellable> timers = new ArrayList<>();
      for (PeerHandle<EchoPeer> p : peers) {
        List<Long> at = new ArrayList<>();
        runs.add(at);
        timers.add(net.call(p, e -> Future.succeededFuture(
            e.runtime().everyFromRandomPhase(1_000, 0, () -> at.add(net.now() - start))), WAIT));
      }
      timers.get(0).cancel(); // before its first run: never runs
      net.runFor(1_001);
      timers.get(1).cancel(); // after its first run: never again
      net.runFor(2_999);
      assertTrue(runs.get(0).isEmpty());
      assertEquals(1, runs.get(1).size());
      int early = 0;
      for (int i = 2; i < runs.size(); i++) {
        List<Long> at = runs.get(i);
        long first = at.get(0);
        assertTrue(first >= 1 && first <= 1_000, "first run at " + first);
        early += first <= 500 ? 1 : 0;
        assertEquals(List.of(first, first + 1_000, first + 2_000, first + 3_000), at);
      }
      // 398 first runs uniform over the period: half of them in its first half, within 4 sd (0.1)
      assertEquals(0.5, early / 398.0, 0.1);
    }
  }

  @Test
  void aBackoffTimerGrowsByItsFactorUpToTheCeilingAndReturnsToTheFloorOnAChange() {
    try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults())) {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      long start = net.now();
      List<Long> fired = new ArrayList<>();
      BackoffTimer[] t = new BackoffTimer[1];
      net.call(a, e -> {
        t[0] = new BackoffTimer(e.runtime(), 100, 1_000, 0, () -> {
          fired.add(net.now() - start);
          t[0].backOff(true);
          t[0].scheduleNext();
        });
        t[0].start(false);
        return Future.succeededFuture();
      }, WAIT);
      net.runFor(10_000);
      // first after the floor, then 120, 144, 173, ... (rounded), never beyond the ceiling
      long expectedAt = 100;
      long interval = 100;
      for (int i = 0; i < 8; i++) {
        assertEquals(expectedAt, fired.get(i), fired.toString());
        interval = Math.min(1_000, Math.round(interval * BackoffTimer.BACKOFF));
        expectedAt += interval;
      }
      assertEquals(1_000, t[0].interval());
      // a change while a round is due later than a floor away: the next round comes a floor from now
      int before = fired.size();
      long changedAt = net.now() - start;
      net.call(a, e -> {
        t[0].toFloor();
        return Future.succeededFuture();
      }, WAIT);
      net.runFor(100);
      assertEquals(before + 1, fired.size());
      assertEquals(changedAt + 100, fired.get(before));
      net.call(a, e -> {
        t[0].cancel();
        return Future.succeededFuture();
      }, WAIT);
      int cancelled = fired.size();
      net.runFor(5_000);
      assertEquals(cancelled, fired.size(), "no round after cancel");
    }
  }

  @Test
  void roundTripTimeOfConstantLatencyIsTwiceTheDelay() {
    try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults().withSim(s -> s.withLatency(LatencyModel.constant(25))))) {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      PeerHandle<EchoPeer> b = net.launch(new PeerRef("b", 2), new EchoPeer());
      Settled s = net.call(a, p -> p.timedPing(b.ref(), "x", 1_000), WAIT);
      assertNull(s.failure());
      assertEquals(50, s.elapsedMs());
    }
  }

  @Test
  void aRequestAndItsReplyDelayedBeyondTheQueuesWindowTravelAsEventsAndStillMeet() {
    // requests and replies travel as frames in the queue's wheel of 65.5 s; a delay of 70 s lies
    // beyond it, so both go as events instead, and the reply still settles its request
    try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults().withSim(s -> s.withLatency(LatencyModel.constant(70_000))))) {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      PeerHandle<EchoPeer> b = net.launch(new PeerRef("b", 2), new EchoPeer());
      Settled s = net.call(a, p -> p.timedPing(b.ref(), "far", 200_000), 300_000);
      assertNull(s.failure());
      assertEquals(140_000, s.elapsedMs());
      assertEquals(2, net.traffic().messages());
    }
  }

  @Test
  void aSoftDeadlineSharesItsRequestsQueueEntryAndAReplyInTheTimeoutsMillisecondIsTooLate() {
    // round trips of exactly 600 ms: overdue at 400 and answered late at 600; a timeout of 600
    // fails as the request without a soft deadline does, since its timeout was queued first
    try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults().withSim(s -> s.withLatency(LatencyModel.constant(300))))) {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      PeerHandle<EchoPeer> b = net.launch(new PeerRef("b", 2), new EchoPeer());
      assertEquals(List.of("overdue@400", "reply@600"), net.call(a, p -> p.softPing(b.ref(), "x", 400, 1_000), WAIT));
      assertEquals(List.of("reply@600"), net.call(a, p -> p.softPing(b.ref(), "x", 1_000, 1_000), WAIT),
          "no soft deadline before the timeout: never overdue");
      assertEquals(List.of("overdue@400", "RequestTimeoutException@600"),
          net.call(a, p -> p.softPing(b.ref(), "x", 400, 600), WAIT));
      Settled plain = net.call(a, p -> p.timedPing(b.ref(), "x", 600), WAIT);
      assertInstanceOf(RequestTimeoutException.class, plain.failure());
      assertEquals(600, plain.elapsedMs());
      assertEquals(8, net.traffic().messages(), "every request was answered, in time or not");
    }
  }

  @Test
  void roundTripTimesStayWithinTheLatencyModelsBounds() {
    for (LatencyModel model : List.of(LatencyModel.uniform(10, 30), LatencyModel.coordinates(80))) {
      try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults().withSim(s -> s.withLatency(model)))) {
        List<PeerRef> refs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
          refs.add(new PeerRef("n" + i, i));
        }
        List<PeerHandle<EchoPeer>> peers = net.launchAll(refs, r -> new EchoPeer());
        long min = Long.MAX_VALUE;
        long max = 0;
        for (PeerHandle<EchoPeer> from : peers) {
          for (Network.Outcome<Settled> o : net.callAll(peers, p -> p.timedPing(from.ref(), "x", 1_000), WAIT)) {
            min = Math.min(min, o.value().elapsedMs());
            max = Math.max(max, o.value().elapsedMs());
          }
        }
        assertTrue(min >= 2 * model.minMs() && max <= 2 * model.maxMs(), model + ": [" + min + ", " + max + "]");
        // 900 round trips spread over the range: both ends are approached (coordinates: self-pings are 0)
        assertTrue(max >= 2 * model.maxMs() * 6 / 10, model + " max " + max);
      }
    }
  }

  @Test
  void lossRateMatchesTheConfiguredProbability() {
    // 10,000 one-way notes lost with p = 0.2: the received share has standard deviation 0.004;
    // the tolerance 0.02 is five of them, so the fixed seed cannot pass by luck of a wrong rate.
    try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults().withSeed(11).withSim(s -> s.withLossProbability(0.2)))) {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      PeerHandle<EchoPeer> b = net.launch(new PeerRef("b", 2), new EchoPeer());
      net.call(a, p -> p.notes(b.ref(), 10_000), WAIT);
      net.runFor(1_000);
      assertEquals(10_000, net.traffic().messages());
      double received = b.protocol().notes.size() / 10_000.0;
      assertEquals(0.8, received, 0.02);
    }
  }

  @Test
  void requestToAPeerCrashingInFlightTimesOutAtTheDeadline() {
    try (SimNetwork<EchoPeer> net = sim(NetworkOptions.defaults().withSim(s -> s.withLatency(LatencyModel.constant(40))))) {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      PeerHandle<EchoPeer> b = net.launch(new PeerRef("b", 2), new EchoPeer());
      List<Network.Outcome<Settled>> out = new ArrayList<>();
      net.callAll(List.of(a), p -> {
        io.vertx.core.Future<Settled> f = p.timedPing(b.ref(), "x", 500);
        f.onComplete(ar -> out.add(new Network.Outcome<>(ar.result(), ar.cause())));
        return io.vertx.core.Future.succeededFuture();
      }, 0);
      net.runFor(20);
      net.crash(b);
      net.runFor(1_000);
      assertEquals(1, out.size());
      assertInstanceOf(org.bloomchord.overlay.RequestTimeoutException.class, out.get(0).value().failure());
      assertEquals(500, out.get(0).value().elapsedMs());
    }
  }
}
