package org.bloomchord.overlay.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.admission.MemberCredentials;
import org.bloomchord.overlay.admission.Refusal;
import org.bloomchord.overlay.admission.RingAuthority;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoPeer.Settled;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Pong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Admission by member certificates, on four Hazelcast members of one cluster (Hazelcast itself
 * admits whoever knows the cluster name, as an intruder would): two members of the ring authority
 * exchange frames; a revoked member (holding the list from before its revocation) and a member of
 * another authority reach nobody and are reached by nobody, and the insider counts each refusal by
 * its reason. Then a member is revoked while its connection is open: its next frame is refused.
 */
class MemberTlsTest {

  @Test
  void onlyUnrevokedMembersOfTheRingAuthorityExchangeFrames(@TempDir Path dir) throws Exception {
    Path caDir = dir.resolve("ring");
    RingAuthority ca = RingAuthority.init(caDir, "ring", RingAuthority.DEFAULT_CA_VALIDITY);
    for (String m : List.of("alpha", "beta", "gone")) {
      ca.issue(m, RingAuthority.DEFAULT_MEMBER_VALIDITY);
    }
    // the revoked member keeps the list from before its revocation, as an intruder would
    Path staleCrl = Files.copy(caDir.resolve("crl.pem"), dir.resolve("stale-crl.pem"));
    MemberCredentials gone = MemberCredentials.in(caDir, "gone");
    gone = new MemberCredentials("gone", gone.caCertificate(), Files.copy(gone.certificate(), dir.resolve("gone.crt")),
        Files.copy(gone.key(), dir.resolve("gone.key")), staleCrl);
    ca.revoke("gone");
    Path otherDir = dir.resolve("other");
    RingAuthority.init(otherDir, "ring", RingAuthority.DEFAULT_CA_VALIDITY).issue("alpha",
        RingAuthority.DEFAULT_MEMBER_VALIDITY);

    ClusterOptions base = ClusterOptions.loopback().withPort(0).withClusterName("member-tls-" + UUID.randomUUID());
    NetworkOptions net = NetworkOptions.defaults().withVertx(v -> v.withEventLoopThreads(1));
    try (ClusterNode a = ClusterNode.start(base.withNodeName("a").withMember(MemberCredentials.in(caDir, "alpha")), 1);
         ClusterNode b = ClusterNode.start(base.withNodeName("b").withMember(MemberCredentials.in(caDir, "beta"))
             .withMembers(List.of(a.memberAddress())), 1);
         ClusterNode x = ClusterNode.start(base.withNodeName("x").withMember(gone)
             .withMembers(List.of(a.memberAddress())), 1);
         ClusterNode y = ClusterNode.start(base.withNodeName("y").withMember(MemberCredentials.in(otherDir, "alpha"))
             .withMembers(List.of(a.memberAddress())), 1);
         VertxNetwork<EchoPeer> netA = new VertxNetwork<>(List.of(a), net, EchoWire.registry());
         VertxNetwork<EchoPeer> netB = new VertxNetwork<>(List.of(b), net, EchoWire.registry());
         VertxNetwork<EchoPeer> netX = new VertxNetwork<>(List.of(x), net, EchoWire.registry());
         VertxNetwork<EchoPeer> netY = new VertxNetwork<>(List.of(y), net, EchoWire.registry())) {
      assertEquals(4, a.members(), "Hazelcast alone admits whoever knows the cluster name");
      PeerHandle<EchoPeer> insider = netA.launch(new PeerRef("p@a", 1), new EchoPeer());
      PeerHandle<EchoPeer> member = netB.launch(new PeerRef("q@b", 2), new EchoPeer());
      PeerHandle<EchoPeer> revoked = netX.launch(new PeerRef("r@x", 3), new EchoPeer());
      PeerHandle<EchoPeer> foreign = netY.launch(new PeerRef("f@y", 4), new EchoPeer());

      // a first message opens a TLS connection, which a loaded machine can take seconds to set up
      assertEquals(new Pong(1, "hi"), netB.call(member, p -> p.ping(insider.ref(), 1, "hi", 20_000), 30_000));
      assertEquals(new Pong(2, "back"), netA.call(insider, p -> p.ping(member.ref(), 2, "back", 20_000), 30_000));

      for (PeerHandle<EchoPeer> outsider : List.of(revoked, foreign)) {
        VertxNetwork<EchoPeer> on = outsider == revoked ? netX : netY;
        Settled in = on.call(outsider, p -> p.timedPing(insider.ref(), "let me in", 1_000), 10_000);
        assertInstanceOf(RequestTimeoutException.class, in.failure(), () -> outsider.ref() + " got " + in);
        on.call(outsider, p -> p.note(insider.ref(), "injected by " + outsider.ref()), 10_000);
        Settled out = netA.call(insider, p -> p.timedPing(outsider.ref(), "hello?", 1_000), 10_000);
        assertInstanceOf(RequestTimeoutException.class, out.failure(), () -> "insider reached " + outsider.ref());
      }
      netA.runFor(500);
      assertTrue(insider.protocol().notes.isEmpty(), () -> "injected: " + insider.protocol().notes);
      Map<Refusal, Long> refused = a.admission().orElseThrow().refusals();
      assertTrue(refused.get(Refusal.REVOKED) >= 1, () -> "revoked refusals: " + refused);
      assertTrue(refused.get(Refusal.UNKNOWN_AUTHORITY) >= 1, () -> "foreign refusals: " + refused);
      assertEquals(0, refused.get(Refusal.EXPIRED) + refused.get(Refusal.INVALID), refused::toString);
      assertEquals(0, netX.traffic().snapshot().getOrDefault("Pong", new long[2])[0], "no ping reached x");
      assertEquals(0, netY.traffic().snapshot().getOrDefault("Pong", new long[2])[0], "no ping reached y");

      // revoked while connected: the open connection is closed at the member's next frame
      long before = refused.get(Refusal.REVOKED);
      ca.revoke("beta");
      Thread.sleep(2 * org.bloomchord.overlay.admission.MemberTrust.RELOAD_CHECK_MS + 500);
      Settled late = netB.call(member, p -> p.timedPing(insider.ref(), "still here?", 1_000), 10_000);
      assertInstanceOf(RequestTimeoutException.class, late.failure(), () -> "the revoked member got " + late);
      assertTrue(a.admission().orElseThrow().refusals().get(Refusal.REVOKED) > before,
          () -> "refusals after the revocation: " + a.admission().orElseThrow().refusals());
      assertEquals(2, a.admission().orElseThrow().revokedCount(), "gone and beta are revoked");
    }
  }
}
