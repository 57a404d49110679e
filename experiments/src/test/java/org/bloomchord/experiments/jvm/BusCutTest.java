package org.bloomchord.experiments.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link BusCut} on two clustered nodes over loopback TCP, each with a consumer at its gateway
 * address: with no cut requests are answered; while both nodes cut, a request to the other side's
 * gateway is dropped before it leaves (the consumer never sees it) and fails with the requester's
 * own TIMEOUT, as over a silent link; a reply sent after the cut began is dropped by the
 * receiving side; every drop is counted where it happened; after the heal requests are answered
 * again.
 */
class BusCutTest {

  private static ClusterNode a;
  private static ClusterNode b;
  private static BusCut cutA;
  private static BusCut cutB;
  /** Requests B's gateway consumer received. */
  private static final AtomicInteger RECEIVED = new AtomicInteger();
  /** How long B's consumer waits before it answers, per request. */
  private static volatile long replyDelayMs;

  @BeforeAll
  static void start() {
    ClusterOptions base = ClusterOptions.loopback().withPort(0).withClusterName("buscut-" + UUID.randomUUID());
    a = ClusterNode.start(base.withNodeName("a"), 1);
    b = ClusterNode.start(base.withNodeName("b").withMembers(List.of(a.memberAddress())), 1);
    cutA = BusCut.install(a);
    cutB = BusCut.install(b);
    b.vertx().eventBus().<String>consumer(BusCut.GATEWAY_PREFIX + "b", m -> {
      RECEIVED.incrementAndGet();
      if (replyDelayMs == 0) {
        m.reply("pong");
      } else {
        b.vertx().setTimer(replyDelayMs, t -> m.reply("pong"));
      }
    }).completion().toCompletionStage().toCompletableFuture().join();
  }

  @AfterAll
  static void stop() {
    if (b != null) {
      b.close();
    }
    if (a != null) {
      a.close();
    }
  }

  /** A request from A to B's gateway: the reply's body, or the failure. */
  private static CompletableFuture<Object> ask(long timeoutMs) {
    CompletableFuture<Object> out = new CompletableFuture<>();
    a.vertx().eventBus().<String>request(BusCut.GATEWAY_PREFIX + "b", "ping", new DeliveryOptions().setSendTimeout(timeoutMs))
        .onComplete(ar -> out.complete(ar.succeeded() ? ar.result().body() : ar.cause()));
    return out;
  }

  private static Object await(CompletableFuture<Object> f) throws Exception {
    return f.get(20, TimeUnit.SECONDS);
  }

  private static void cutBoth() {
    Map<String, Integer> groups = Map.of("a", 0, "b", 1);
    cutA.cut(groups);
    cutB.cut(groups);
  }

  @Test
  void aCutDropsAndCountsBothWaysAndAHealRestores() throws Exception {
    // the cluster's event-bus connection may take a moment to be usable: the first answer waits for it
    Object first = null;
    for (int i = 0; i < 20 && !"pong".equals(first); i++) {
      first = await(ask(2_000));
    }
    assertEquals("pong", first);
    int before = RECEIVED.get();

    cutBoth();
    Object cut = await(ask(500));
    assertTrue(cut instanceof ReplyException r && r.failureType() == ReplyFailure.TIMEOUT, String.valueOf(cut));
    assertEquals(before, RECEIVED.get(), "the request never left A");
    assertEquals(1, cutA.dropped());

    // a request that crossed before the cut: its reply, sent during the cut, is dropped where it arrives
    cutA.heal();
    cutB.heal();
    replyDelayMs = 1_000;
    CompletableFuture<Object> late = ask(3_000);
    long until = System.currentTimeMillis() + 10_000;
    while (RECEIVED.get() == before && System.currentTimeMillis() < until) {
      Thread.sleep(10);
    }
    assertEquals(before + 1, RECEIVED.get(), "the request reached B before the cut");
    cutBoth();
    Object reply = await(late);
    assertTrue(reply instanceof ReplyException r && r.failureType() == ReplyFailure.TIMEOUT, String.valueOf(reply));
    assertEquals(2, cutA.dropped(), "A dropped the reply B sent during the cut");
    assertEquals(0, cutB.dropped());

    cutA.heal();
    cutB.heal();
    replyDelayMs = 0;
    assertEquals("pong", await(ask(5_000)));
    assertTrue(!cutA.cutting() && !cutB.cutting());
  }

  @Test
  void aNodeMustBeInTheGroupsItCuts() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> cutA.cut(Map.of("b", 1)));
    assertTrue(e.getMessage().contains("in no group"), e.getMessage());
    assertTrue(!cutA.cutting());
  }
}
