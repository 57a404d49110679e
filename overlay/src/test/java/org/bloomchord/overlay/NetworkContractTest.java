package org.bloomchord.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoPeer.Settled;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Note;
import org.bloomchord.overlay.echo.Ping;
import org.bloomchord.overlay.echo.Pong;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every runtime must show, written once against the blocking {@link Network} API and
 * run by one subclass per runtime. Bounds on real time get the subclass' {@link #slackMs()} on the
 * upper side only; lower bounds (a timeout never fires early) hold exactly on both runtimes.
 */
public abstract class NetworkContractTest {

  protected static final long WAIT = 5_000;
  protected final WireRegistry registry = EchoWire.registry();
  private Network<EchoPeer> network;

  /** A fresh network of the runtime under test. */
  protected abstract Network<EchoPeer> open(NetworkOptions options, WireRegistry registry);

  /** How late a real-time runtime may be on top of a delay it was asked for. */
  protected abstract long slackMs();

  protected NetworkOptions options() {
    return NetworkOptions.defaults().withSeed(7).withVertx(v -> v.withEventLoopThreads(2));
  }

  protected Network<EchoPeer> net() {
    if (network == null) {
      network = open(options(), registry);
    }
    return network;
  }

  protected PeerHandle<EchoPeer> launch(String address) {
    return net().launch(new PeerRef(address, address.hashCode()), new EchoPeer());
  }

  @AfterEach
  void closeNetwork() {
    if (network != null) {
      network.close();
    }
  }

  @Test
  void requestGetsTheReply() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    Pong pong = net().call(a, p -> p.ping(b.ref(), 7, "hello", 1_000), WAIT);
    assertEquals(new Pong(7, "hello"), pong);
  }

  @Test
  void oneWayMessageArrivesWithTheSendersAddress() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    net().call(a, p -> p.note(b.ref(), "hi"), WAIT);
    assertTrue(net().awaitUntil(() -> b.protocol().notes.contains("a:hi"), WAIT, 10));
  }

  @Test
  void requestToCrashedPeerTimesOutOnlyAfterTheTimeout() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    net().crash(b);
    long t0 = net().now();
    Settled s = net().call(a, p -> p.timedPing(b.ref(), "x", 300), WAIT);
    assertInstanceOf(RequestTimeoutException.class, s.failure());
    assertTrue(s.elapsedMs() >= 300, "failed after " + s.elapsedMs() + " ms");
    assertTrue(s.elapsedMs() <= 300 + slackMs(), "failed after " + s.elapsedMs() + " ms");
    assertTrue(net().now() - t0 >= 300);
    assertEquals(List.of("start", "stop"), b.protocol().lifecycle);
  }

  @Test
  void aRequestWithASoftDeadlineIsOverdueThereAndStillHearsItsReplyOrItsTimeout() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    List<String> answered = net().call(a, p -> p.softPing(b.ref(), "x", 2_000, 3_000), WAIT);
    assertEquals(1, answered.size(), "answered in time, never overdue: " + answered);
    assertTrue(answered.get(0).startsWith("reply@"), answered.toString());
    net().crash(b);
    List<String> silent = net().call(a, p -> p.softPing(b.ref(), "x", 200, 500), WAIT);
    assertEquals(2, silent.size(), silent.toString());
    long overdue = Long.parseLong(silent.get(0).substring("overdue@".length()));
    long timedOut = Long.parseLong(silent.get(1).substring("RequestTimeoutException@".length()));
    assertTrue(silent.get(0).startsWith("overdue@") && overdue >= 200 && overdue <= 200 + slackMs(), silent.toString());
    assertTrue(silent.get(1).startsWith("RequestTimeoutException@") && timedOut >= 500
        && timedOut <= 500 + slackMs(), silent.toString());
  }

  @Test
  void requestFutureIsNotCompletedInsideRequest() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    Settled s = net().call(a, p -> p.timedPing(b.ref(), "x", 1_000), WAIT);
    assertNull(s.failure());
  }

  @Test
  void periodicTimerFiresWithinJitterBoundsUntilCancelled() {
    PeerHandle<EchoPeer> a = launch("a");
    net().call(a, p -> p.startTicking(100, 0.2), WAIT);
    net().runFor(1_000);
    net().call(a, EchoPeer::stopTicking, WAIT);
    List<Long> ticks = List.copyOf(a.protocol().ticks);
    assertTrue(ticks.size() >= 1_000 / (120 + slackMs()) && ticks.size() <= 1_000 / 80 + 1,
        "ticks: " + ticks);
    long previous = a.protocol().tickStart;
    for (long t : ticks) {
      assertTrue(t - previous >= 80 && t - previous <= 120 + slackMs(), "interval " + (t - previous));
      previous = t;
    }
    net().runFor(400);
    assertEquals(ticks, a.protocol().ticks, "a cancelled timer fired again");
  }

  @Test
  void oneShotTimerFiresAfterItsDelayUnlessCancelled() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    long t0 = net().call(a, p -> p.after(50, false), WAIT);
    net().call(b, p -> p.after(50, true), WAIT);
    assertTrue(net().awaitUntil(() -> a.protocol().afterFired, WAIT, 10));
    long delay = a.protocol().afterFiredAt - t0;
    assertTrue(delay >= 50 && delay <= 50 + slackMs(), "fired after " + delay);
    net().runFor(200);
    assertFalse(b.protocol().afterFired);
  }

  @Test
  void malformedMessagesAreRejectedCountedAndThePeerKeepsWorking() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    assertThrows(RemoteRejectedException.class, () -> net().call(a, p -> p.ping(b.ref(), 1, "bad", 1_000), WAIT));
    assertEquals(Map.of("Ping", 1L), net().traffic().rejectedSnapshot());
    net().call(a, p -> p.note(b.ref(), "bad note"), WAIT);
    assertTrue(net().awaitUntil(() -> net().traffic().rejectedTotal() == 2, WAIT, 10));
    assertEquals(Map.of("Ping", 1L, "Note", 1L), net().traffic().rejectedSnapshot());
    assertEquals(new Pong(2, "fine"), net().call(a, p -> p.ping(b.ref(), 2, "fine", 1_000), WAIT));
    net().call(a, p -> p.note(b.ref(), "ok"), WAIT);
    assertTrue(net().awaitUntil(() -> b.protocol().notes.contains("a:ok"), WAIT, 10));
    assertEquals(List.of("a:ok"), b.protocol().notes);
  }

  @Test
  void aHandlerThatThrowsFailsOnlyItsPeerWhichIsCountedAndTheRunGoesOn() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    PeerHandle<EchoPeer> c = launch("c");
    PeerHandle<EchoPeer> d = launch("d");
    PeerHandle<EchoPeer> e = launch("e");
    // an Error in a request handler: the failed peer answers nothing, as a crashed one
    Settled s = net().call(a, p -> p.timedPing(b.ref(), "error", 300), WAIT);
    assertInstanceOf(RequestTimeoutException.class, s.failure());
    // an exception in a one-way handler, and an Error in a timer task
    net().call(a, p -> p.note(c.ref(), "throw"), WAIT);
    net().call(d, p -> p.failingTimer(20, "error"), WAIT);
    assertTrue(net().awaitUntil(() -> net().alive().size() == 2, WAIT, 10), () -> "alive: " + net().alive());
    assertEquals(List.of(a, e), net().alive());
    assertEquals(3, net().metrics().counter(Network.FAILED_PEERS));
    assertThrows(IllegalStateException.class, () -> net().crash(b));
    // the others carry on
    assertEquals(new Pong(4, "fine"), net().call(a, p -> p.ping(e.ref(), 4, "fine", 1_000), WAIT));
    assertEquals(List.of(), c.protocol().notes);
    assertEquals(0, net().traffic().rejectedTotal());
  }

  @Test
  void trafficCountsTheEncodedSizeOfEveryMessage() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    net().call(a, p -> p.ping(b.ref(), 300, "abc", 1_000), WAIT);
    net().call(b, p -> p.note(a.ref(), "xyz"), WAIT);
    assertTrue(net().awaitUntil(() -> a.protocol().notes.size() == 1, WAIT, 10));
    int ping = registry.sizeOf(new Ping(300, "abc"));
    int pong = registry.sizeOf(new Pong(300, "abc"));
    int note = registry.sizeOf(new Note("xyz"));
    assertEquals(1 + 2 + 3 + 1, ping, "oracle: tag, 2-byte varint, length and 3 bytes");
    Map<String, long[]> byType = net().traffic().snapshot();
    assertEquals(List.of("Note", "Ping", "Pong"), List.copyOf(byType.keySet()));
    assertEquals(List.of(1L, (long) ping), List.of(byType.get("Ping")[0], byType.get("Ping")[1]));
    assertEquals(List.of(1L, (long) pong), List.of(byType.get("Pong")[0], byType.get("Pong")[1]));
    assertEquals(List.of(1L, (long) note), List.of(byType.get("Note")[0], byType.get("Note")[1]));
    assertEquals(3, net().traffic().messages());
    assertEquals(ping + pong + note, net().traffic().bytes());
  }

  @Test
  void gracefulLeaveRunsTheProtocolsLeaveBeforeRemoval() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    b.protocol().leaveNotice = a.ref();
    net().leave(b);
    assertEquals(List.of("start", "leave", "stop"), b.protocol().lifecycle);
    assertEquals(List.of(a), net().alive());
    assertTrue(net().awaitUntil(() -> a.protocol().notes.contains("b:bye"), WAIT, 10));
    Settled s = net().call(a, p -> p.timedPing(b.ref(), "x", 100), WAIT);
    assertInstanceOf(RequestTimeoutException.class, s.failure());
  }

  @Test
  void aliveListsRunningPeersInLaunchOrderAndAddressesAreUnique() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    PeerHandle<EchoPeer> c = launch("c");
    net().crash(b);
    assertEquals(List.of(a, c), net().alive());
    assertThrows(IllegalArgumentException.class, () -> launch("a"));
    assertThrows(IllegalStateException.class, () -> net().crash(b));
    assertEquals(List.of(a, c), net().alive());
  }

  @Test
  void launchAllStartsEveryPeerAndCallAllReportsEachOutcome() {
    List<PeerRef> refs = List.of(new PeerRef("p0", 0), new PeerRef("p1", 1), new PeerRef("p2", 2));
    List<PeerHandle<EchoPeer>> peers = net().launchAll(refs, r -> new EchoPeer());
    assertEquals(refs, peers.stream().map(PeerHandle::ref).toList());
    PeerRef target = peers.get(0).ref();
    List<Network.Outcome<Pong>> outcomes = net().callAll(peers,
        p -> p.ping(target, 5, p.runtime().self().address().equals("p2") ? "bad" : "ok", 1_000), WAIT);
    assertEquals(new Pong(5, "ok"), outcomes.get(0).value());
    assertEquals(new Pong(5, "ok"), outcomes.get(1).value());
    assertInstanceOf(RemoteRejectedException.class, outcomes.get(2).failure());
    assertEquals(List.of("start"), net().inspect(peers.get(1), p -> List.copyOf(p.lifecycle)));

    // a peer crashed after the caller listed it is a failed outcome, not an exception for all
    net().crash(peers.get(1));
    List<Network.Outcome<Pong>> after = net().callAll(peers, p -> p.ping(target, 6, "ok", 1_000), WAIT);
    assertEquals(new Pong(6, "ok"), after.get(0).value());
    assertInstanceOf(IllegalStateException.class, after.get(1).failure());
    assertTrue(after.get(1).failure().getMessage().contains("p1"), after.get(1).failure().getMessage());
    assertEquals(new Pong(6, "ok"), after.get(2).value());
  }

  @Test
  void metricsCollectCountersAndTimestampedEvents() {
    PeerHandle<EchoPeer> a = launch("a");
    net().call(a, p -> {
      p.runtime().metrics().increment("probes", 3);
      p.runtime().metrics().event("joined", p.runtime().self(), 1.5);
      return io.vertx.core.Future.succeededFuture();
    }, WAIT);
    assertEquals(3, net().metrics().counter("probes"));
    MetricsRecorder.MetricEvent e = net().metrics().events().get(0);
    assertEquals("joined", e.name());
    assertEquals(a.ref(), e.peer());
    assertTrue(e.timeMs() <= net().now());
  }
}
