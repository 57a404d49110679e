package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoPeer.Settled;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Ping;
import org.bloomchord.overlay.echo.Pong;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two clustered Vert.x nodes in this JVM, each with its own Hazelcast member on 127.0.0.1 and a
 * cluster name of its own, shared by the tests of this class: messages between their peers cross
 * the real clustered event bus through the gateways, and frames written by hand test what a
 * gateway does with hostile input.
 */
class ClusteredNetworkTest {

  private static final long WAIT = 10_000;
  private static final int MAX_FRAME = 4_096;
  private static final List<ClusterNode> NODES = new ArrayList<>();
  private static ClusterOptions base;

  private final WireRegistry registry = EchoWire.registry();
  private VertxNetwork<EchoPeer> net;

  @BeforeAll
  static void startNodes() {
    base = ClusterOptions.loopback().withPort(0).withMaxFrameBytes(MAX_FRAME)
        .withClusterName("test-" + UUID.randomUUID());
    ClusterNode first = ClusterNode.start(base.withNodeName("one"), 1);
    NODES.add(first);
    NODES.add(ClusterNode.start(base.withNodeName("two").withMembers(List.of(first.memberAddress())), 1));
  }

  @AfterAll
  static void stopNodes() {
    NODES.forEach(ClusterNode::close);
  }

  @BeforeEach
  void open() {
    net = new VertxNetwork<>(NODES, NetworkOptions.defaults().withSeed(3).withVertx(v -> v.withEventLoopThreads(1)), registry);
  }

  @AfterEach
  void close() {
    net.close();
  }

  private PeerHandle<EchoPeer> launch(String name) {
    String address = net.addressFor(name);
    return net.launch(new PeerRef(address, address.hashCode()), new EchoPeer());
  }

  @Test
  void bothMembersSeeOneCluster() {
    assertEquals(2, NODES.get(0).members());
    assertEquals(2, NODES.get(1).members());
  }

  @Test
  void theFirstNodeLooksForEveryMemberItHasSeenAfterASplit() throws InterruptedException {
    // "one" was started without --members: without remembering "two", a split would leave it
    // looking for no one
    String two = NODES.get(1).memberAddress();
    long deadline = System.currentTimeMillis() + 5_000;
    while (!NODES.get(0).splitSearchTargets().contains(two) && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    assertTrue(NODES.get(0).splitSearchTargets().contains(two), NODES.get(0).splitSearchTargets().toString());
    assertTrue(NODES.get(1).splitSearchTargets().contains(NODES.get(0).memberAddress()));
  }

  @Test
  void aMemberThatLeavesIsHandedToEveryRemovalActionByTheAddressItListsItselfAt() throws InterruptedException {
    List<String> removedAtOne = new CopyOnWriteArrayList<>();
    List<String> removedAtTwo = new CopyOnWriteArrayList<>();
    NODES.get(0).onMemberRemoved(removedAtOne::add);
    NODES.get(1).onMemberRemoved(removedAtTwo::add);
    ClusterNode three = ClusterNode.start(
        base.withNodeName("three").withMembers(List.of(NODES.get(0).memberAddress())), 1);
    String address = three.memberAddress();
    three.close();
    long deadline = System.currentTimeMillis() + WAIT;
    while ((removedAtOne.isEmpty() || removedAtTwo.isEmpty()) && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    assertEquals(List.of(address), removedAtOne, "the directory matches nodes to members by this address");
    assertEquals(List.of(address), removedAtTwo);
    assertEquals(2, NODES.get(0).members());
  }

  @Test
  void requestAcrossNodesGetsTheReplyAndCountsTheBytesThatCrossed() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    assertNotEquals(a.ref().node(), b.ref().node());
    long tcpBefore = NODES.get(0).wireBytesWritten() + NODES.get(1).wireBytesWritten();
    int rounds = 200;

    for (int i = 0; i < rounds; i++) {
      long seq = i;
      assertEquals(new Pong(seq, "hello"), net.call(a, p -> p.ping(b.ref(), seq, "hello", 2_000), WAIT));
    }

    CrossTraffic cross = net.crossTraffic();
    assertEquals(2L * rounds, cross.frames(), "each request and its relayed reply");
    long payload = 0;
    for (int i = 0; i < rounds; i++) {
      payload += registry.sizeOf(new Ping(i, "hello")) + registry.sizeOf(new Pong(i, "hello"));
    }
    assertEquals(payload, cross.payloadBytes());
    // a request's envelope names both peers and the sender's id; a reply's has 2 bytes of header
    long envelope = rounds * (2 + 1 + a.ref().address().length() + 1 + b.ref().address().length() + 8 + 2 + 1 + 2 + 1);
    assertEquals(payload + envelope, cross.frameBytes());
    // Vert.x reports socket bytes in steps of 4 KiB per connection; two connections carry them
    long tcp = NODES.get(0).wireBytesWritten() + NODES.get(1).wireBytesWritten() - tcpBefore;
    assertTrue(tcp >= cross.frameBytes() - 2 * 4096, "TCP bytes " + tcp + " below the frames' " + cross.frameBytes());
  }

  @Test
  void oneWayMessageArrivesWithTheSendersAddress() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    net.call(a, p -> p.note(b.ref(), "hi"), WAIT);
    assertTrue(net.awaitUntil(() -> b.protocol().notes.contains(a.ref().address() + ":hi"), WAIT, 10),
        () -> "notes: " + b.protocol().notes);
  }

  @Test
  void requestToACrashedPeerOfTheOtherNodeTimesOutOnlyAfterTheTimeout() {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    net.crash(b);
    Settled s = net.call(a, p -> p.timedPing(b.ref(), "x", 300), WAIT);
    assertInstanceOf(RequestTimeoutException.class, s.failure());
    assertTrue(s.elapsedMs() >= 300, "failed after " + s.elapsedMs());
  }

  @Test
  void aPeerOfABusyNodeIsBehindAndACrashedOneIsNotButGone() throws InterruptedException {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    launch("c");
    PeerHandle<EchoPeer> c = launch("d");
    assertEquals(b.ref().node(), c.ref().node(), "peers are placed on the nodes in turn");
    assertEquals(new Pong(1, "warm"), net.call(a, p -> p.ping(b.ref(), 1, "warm", 2_000), WAIT));
    // node two's one event loop is busy for 1.5 s (a collection, a burst, cores taken by other JVMs)
    CountDownLatch busy = new CountDownLatch(1);
    NODES.get(1).vertx().runOnContext(v -> {
      busy.countDown();
      try {
        Thread.sleep(1_500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    assertTrue(busy.await(WAIT, TimeUnit.MILLISECONDS));

    Settled s = net.call(a, p -> p.timedPing(b.ref(), "busy", 300), WAIT);

    assertInstanceOf(RequestTimeoutException.class, s.failure(), "the request still times out");
    assertTrue(behind(a, b), "but its node talks and did not report it gone: the silence counts nothing against it");

    net.crash(c);
    Settled gone = net.call(a, p -> p.timedPing(c.ref(), "gone", 300), WAIT);
    assertInstanceOf(RequestTimeoutException.class, gone.failure());
    assertFalse(behind(a, c), "its node reported it gone: its silence is failure");
    assertTrue(gone(a, c), "and the runtime knows it is gone, not merely silent");
    assertTrue(behind(a, b));
    assertFalse(gone(a, b), "a peer behind a backlog is not gone");
    PeerHandle<EchoPeer> d = launch("e");
    assertEquals(a.ref().node(), d.ref().node());
    net.crash(d);
    net.call(a, p -> p.timedPing(d.ref(), "gone", 300), WAIT);
    assertFalse(gone(a, d), "a peer of the same JVM is never known gone: its silence is learnt by waiting");
  }

  /** Whether {@code from}'s runtime takes {@code to} for a peer behind a backlog. */
  private boolean behind(PeerHandle<EchoPeer> from, PeerHandle<EchoPeer> to) {
    Boolean b = net.call(from, p -> Future.succeededFuture(p.runtime().behind(to.ref())), WAIT);
    return b;
  }

  /** Whether {@code from}'s runtime knows that {@code to} is gone. */
  private boolean gone(PeerHandle<EchoPeer> from, PeerHandle<EchoPeer> to) {
    Boolean b = net.call(from, p -> Future.succeededFuture(p.runtime().gone(to.ref())), WAIT);
    return b;
  }

  /** Sends raw bytes to node two's gateway from node one, as another JVM could. */
  private ReplyException rejectedAtTheGateway(Buffer frame) throws Exception {
    try {
      NODES.get(0).vertx().eventBus().request(Gateway.address("two"), frame, new DeliveryOptions().setSendTimeout(WAIT))
          .toCompletionStage().toCompletableFuture().get(WAIT, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      return assertInstanceOf(ReplyException.class, e.getCause());
    }
    throw new AssertionError("the gateway accepted the frame");
  }

  private long rejectedFrames() {
    return net.traffic().rejectedSnapshot().getOrDefault(Gateway.FRAME_TYPE, 0L);
  }

  @Test
  void malformedFramesAreRejectedAndCountedAndThePeersStayUp() throws Exception {
    PeerHandle<EchoPeer> a = launch("a");
    PeerHandle<EchoPeer> b = launch("b");
    PeerRef onTwo = a.ref().node().equals("two") ? a.ref() : b.ref();
    PeerRef fake = new PeerRef("x@one", 1);
    int[] ignored = new int[1];
    String longText = "y".repeat(EchoWire.MAX_TEXT_BYTES + 1);
    // each frame declares the wait its sender really gives it (a receiver drops a request whose
    // declared timeout passed before its loop reached it)
    List<Buffer> hostile = List.of(
        Buffer.buffer(new byte[] {1, 9, 9}),
        Buffer.buffer(new byte[] {7, 1}),
        GatewayFrame.request(onTwo.address(), fake, WAIT, new Ping(1, longText)).encode(registry, ignored),
        GatewayFrame.request(onTwo.address(), new PeerRef("intruder@two", 1), WAIT, new Ping(1, "x"))
            .encode(registry, ignored),
        GatewayFrame.request("p@one", fake, WAIT, new Ping(1, "x")).encode(registry, ignored),
        GatewayFrame.reply(new Pong(1, "x")).encode(registry, ignored));
    long before = rejectedFrames();
    for (Buffer frame : hostile) {
      assertEquals(PeerVerticle.REJECTED, rejectedAtTheGateway(frame).failureCode());
    }
    assertEquals(before + hostile.size(), rejectedFrames());
    assertEquals(new Pong(2, "ok"), net.call(a, p -> p.ping(b.ref(), 2, "ok", 2_000), WAIT));
  }

  @Test
  void anOversizedFrameIsRefused() throws Exception {
    launch("a");
    long before = rejectedFrames();
    ReplyException e = rejectedAtTheGateway(Buffer.buffer(new byte[MAX_FRAME + 1]));
    assertEquals(PeerVerticle.REJECTED, e.failureCode());
    assertTrue(e.getMessage().contains("exceeds"), e.getMessage());
    assertEquals(before + 1, rejectedFrames());
  }
}
