package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.NetworkContractTest;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoPeer.Settled;
import org.bloomchord.overlay.echo.Pong;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The runtime contract on Vert.x, on a Vert.x instance the extension provides and closes. Real
 * time on a shared 2-core machine can be late but never early: upper bounds get 400 ms of slack.
 */
@ExtendWith(VertxExtension.class)
class VertxNetworkTest extends NetworkContractTest {

  private Vertx vertx;

  @BeforeEach
  void useVertx(Vertx vertx) {
    this.vertx = vertx;
  }

  @Override
  protected Network<EchoPeer> open(NetworkOptions options, WireRegistry registry) {
    return new VertxNetwork<>(vertx, options, registry);
  }

  @Override
  protected long slackMs() {
    return 400;
  }

  @Test
  void requestToAnAddressNobodyListensOnWaitsForTheTimeout() {
    PeerHandle<EchoPeer> a = launch("a");
    Settled s = net().call(a, p -> p.timedPing(new PeerRef("nobody", 1), "x", 250), WAIT);
    assertInstanceOf(RequestTimeoutException.class, s.failure());
    assertTrue(s.elapsedMs() >= 250, "failed after " + s.elapsedMs());
  }

  @Test
  void hundredsOfPeersLaunchInBatchesAndAnswer() {
    Network<EchoPeer> net = new VertxNetwork<>(vertx, options().withVertx(v -> v.withDeployBatchSize(64)), registry);
    try {
      List<PeerRef> refs = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        refs.add(new PeerRef("p" + i, i));
      }
      List<PeerHandle<EchoPeer>> peers = net.launchAll(refs, r -> new EchoPeer());
      assertEquals(500, net.alive().size());
      PeerRef last = refs.get(499);
      for (Network.Outcome<Pong> o : net.callAll(peers, p -> p.ping(last, 3, "hi", 2_000), WAIT)) {
        assertNull(o.failure());
        assertEquals(new Pong(3, "hi"), o.value());
      }
      assertEquals(1_000, net.traffic().messages());
    } finally {
      net.close();
    }
  }

  @Test
  void timersFireOnThePeersOwnContextAndGoWithItsDeployment() throws Exception {
    PeerHandle<EchoPeer> a = launch("a");
    String deployment = net().call(a, p -> Future.succeededFuture(Vertx.currentContext().deploymentID()), WAIT);
    List<String> firedIn = new CopyOnWriteArrayList<>();
    Runnable record = () -> firedIn.add(String.valueOf(Vertx.currentContext().deploymentID()));
    net().call(a, p -> {
      p.runtime().after(20, record);
      return Future.succeededFuture();
    }, WAIT);
    // asked for from the driver's thread, not the peer's: still set on the peer's context
    a.protocol().runtime().after(20, record);
    assertTrue(net().awaitUntil(() -> firedIn.size() == 2, WAIT, 10));
    assertEquals(List.of(deployment, deployment), firedIn);

    // a periodic timer of a crashed peer never runs again; a cancelled one never runs at all
    List<String> after = new CopyOnWriteArrayList<>();
    net().call(a, p -> Future.succeededFuture(p.runtime().every(10, 0, () -> after.add("tick"))), WAIT);
    var cancelled = net().call(a, p -> Future.succeededFuture(p.runtime().after(30, () -> after.add("cancelled"))),
        WAIT);
    cancelled.cancel();
    assertTrue(net().awaitUntil(() -> after.size() >= 3, WAIT, 5));
    net().crash(a);
    int ticks = after.size();
    Thread.sleep(200);
    assertTrue(after.size() <= ticks + 1, "ticks after the crash: " + (after.size() - ticks));
    assertFalse(after.contains("cancelled"));
  }

  @Test
  void anAnswerFromAPeerNotAskedIsRejectedAndTheRequestStillWaitsForItsOwn() throws Exception {
    PeerHandle<EchoPeer> a = launch("a");
    PeerRef silent = new PeerRef("silent", 7);
    Future<Settled> asked = a.protocol().timedPing(silent, "x", 600);
    Thread.sleep(100);
    // the request is a's first: exchange 1; answered in its name by a peer it did not ask
    vertx.eventBus().send(PeerVerticle.busAddress(a.ref()), LocalExchange.reply(1, new Pong(1, "forged")),
        PeerVerticle.senderOptions(new PeerRef("mallory", 9)));
    assertTrue(net().awaitUntil(asked::isComplete, WAIT, 10));
    Settled s = asked.result();
    assertInstanceOf(RequestTimeoutException.class, s.failure());
    assertTrue(s.elapsedMs() >= 600, "failed after " + s.elapsedMs());
    assertEquals(Map.of("Pong", 1L), net().traffic().rejectedSnapshot());
    // a late answer from the peer asked, after the timeout, is dropped without a trace
    vertx.eventBus().send(PeerVerticle.busAddress(a.ref()), LocalExchange.reply(1, new Pong(1, "late")),
        PeerVerticle.senderOptions(silent));
    Settled again = net().call(a, p -> p.timedPing(a.ref(), "self", 2_000), WAIT);
    assertNull(again.failure());
    assertEquals(Map.of("Pong", 1L), net().traffic().rejectedSnapshot());
  }

  @Test
  void aRequestWhoseRequesterStoppedWaitingIsDroppedUnreadBehindABacklog() throws Exception {
    Network<EchoPeer> net = new VertxNetwork<>(vertx, options().withVertx(v -> v.withEventLoopThreads(4)), registry);
    try {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      PeerHandle<EchoPeer> b = net.launch(new PeerRef("b", 2), new EchoPeer());
      // b's event loop is held for 800 ms, as a burst or a collection would hold it
      Thread stall = new Thread(() -> net.call(b, p -> {
        try {
          Thread.sleep(800);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return Future.succeededFuture();
      }, WAIT), "stall");
      stall.start();
      Thread.sleep(100);
      List<Future<Settled>> impatient = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        impatient.add(a.protocol().timedPing(b.ref(), "impatient" + i, 150));
      }
      Future<Settled> patient = a.protocol().timedPing(b.ref(), "patient", 5_000);
      stall.join();
      assertTrue(net.awaitUntil(patient::isComplete, WAIT, 10));
      for (Future<Settled> f : impatient) {
        assertInstanceOf(RequestTimeoutException.class, f.result().failure());
      }
      assertNull(patient.result().failure());
      // the five reached b after their requester had stopped waiting: dropped unread, counted
      assertEquals(List.of("patient"), b.protocol().served);
      assertEquals(5, net.metrics().counter(VertxCounter.EXPIRED_UNREAD));
    } finally {
      net.close();
    }
  }

  @Test
  void aBodyThatIsNoProtocolMessageIsCountedByItsClassNeverByItsText() {
    assertEquals("non-protocol java.lang.String", PeerVerticle.typeOf("text the sender chose " + System.nanoTime()));
    assertEquals("null", PeerVerticle.typeOf(null));
  }
}
