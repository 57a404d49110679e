package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoPeer.Settled;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Pong;
import org.junit.jupiter.api.Test;

/**
 * Mutual TLS keyed by the secret: three members of one Hazelcast cluster (Hazelcast itself admits
 * anyone who knows the cluster name), two with the right secret and one outsider with another. The
 * insiders talk; the outsider can neither reach an insider's peer nor be reached.
 */
class EventBusTlsTest {

  private static final String RIGHT = "11".repeat(32);
  private static final String WRONG = "22".repeat(32);

  @Test
  void onlyMembersWithTheSecretExchangeMessages() {
    ClusterOptions base = ClusterOptions.loopback().withPort(0).withClusterName("tls-" + UUID.randomUUID());
    NetworkOptions net = NetworkOptions.defaults().withVertx(v -> v.withEventLoopThreads(1));
    try (ClusterNode a = ClusterNode.start(base.withNodeName("a").withTlsSeed(RIGHT), 1);
         ClusterNode c = ClusterNode.start(base.withNodeName("c").withTlsSeed(RIGHT)
             .withMembers(List.of(a.memberAddress())), 1);
         ClusterNode x = ClusterNode.start(base.withNodeName("x").withTlsSeed(WRONG)
             .withMembers(List.of(a.memberAddress())), 1);
         VertxNetwork<EchoPeer> netA = new VertxNetwork<>(List.of(a), net, EchoWire.registry());
         VertxNetwork<EchoPeer> netC = new VertxNetwork<>(List.of(c), net, EchoWire.registry());
         VertxNetwork<EchoPeer> netX = new VertxNetwork<>(List.of(x), net, EchoWire.registry())) {
      assertEquals(3, a.members(), "Hazelcast alone admits whoever knows the cluster name");
      PeerHandle<EchoPeer> insider = netA.launch(new PeerRef("p@a", 1), new EchoPeer());
      PeerHandle<EchoPeer> member = netC.launch(new PeerRef("q@c", 2), new EchoPeer());
      PeerHandle<EchoPeer> outsider = netX.launch(new PeerRef("o@x", 3), new EchoPeer());

      // the first message between two members opens their TLS connection, which a loaded machine
      // can take seconds to set up: a generous timeout, as a client would give a first request
      assertEquals(new Pong(1, "hi"), netC.call(member, p -> p.ping(insider.ref(), 1, "hi", 20_000), 30_000));

      Settled in = netX.call(outsider, p -> p.timedPing(insider.ref(), "let me in", 2_000), 10_000);
      assertInstanceOf(RequestTimeoutException.class, in.failure(), () -> "outsider got " + in);
      netX.call(outsider, p -> p.note(insider.ref(), "injected"), 10_000);
      Settled out = netA.call(insider, p -> p.timedPing(outsider.ref(), "hello?", 2_000), 10_000);
      assertInstanceOf(RequestTimeoutException.class, out.failure(), () -> "insider reached the outsider: " + out);

      netA.runFor(500);
      assertTrue(insider.protocol().notes.isEmpty(), () -> "injected: " + insider.protocol().notes);
      assertEquals(0, netX.traffic().snapshot().getOrDefault("Pong", new long[2])[0],
          "the outsider never received the insider's ping, or it would have answered");
      assertEquals(1, netA.traffic().snapshot().getOrDefault("Pong", new long[2])[0],
          "the insider answered the member's ping only");
    }
  }
}
