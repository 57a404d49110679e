package org.bloomchord.overlay.vertx.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.shareddata.AsyncMap;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.admission.MemberCredentials;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.Refusal;
import org.bloomchord.overlay.admission.RingAuthority;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoPeer.Settled;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Pong;
import org.bloomchord.overlay.vertx.ClusterNode;
import org.bloomchord.overlay.vertx.ClusterOptions;
import org.bloomchord.overlay.vertx.VertxNetwork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JGroups cluster plane admits only members. Two members of the ring authority form one
 * membership, share a map and exchange frames; a revoked member (with the list from before its
 * revocation), a member of another authority with this ring's cluster name (a node that breaks off
 * the handshake, and an intruder that trusts any server), a plain TCP client and a TLS client
 * without a certificate all fail at the cluster port, each counted by its reason, and
 * add nothing to the membership or the map (a refused joiner looks once, not the default five
 * times). A member revoked while in the membership leaves it within a detection period.
 */
class ClusterPlaneAdmissionTest {

  private static final String RIGHT = "11".repeat(32);
  private static final String WRONG = "22".repeat(32);

  @Test
  void onlyMembersOfTheRingAuthorityJoinTheMembership(@TempDir Path dir) throws Exception {
    Path caDir = dir.resolve("ring");
    RingAuthority ca = RingAuthority.init(caDir, "ring", RingAuthority.DEFAULT_CA_VALIDITY);
    for (String m : List.of("alpha", "beta", "gone")) {
      ca.issue(m, RingAuthority.DEFAULT_MEMBER_VALIDITY);
    }
    Path staleCrl = Files.copy(caDir.resolve("crl.pem"), dir.resolve("stale-crl.pem"));
    MemberCredentials gone = MemberCredentials.in(caDir, "gone");
    gone = new MemberCredentials("gone", gone.caCertificate(), Files.copy(gone.certificate(), dir.resolve("gone.crt")),
        Files.copy(gone.key(), dir.resolve("gone.key")), staleCrl);
    ca.revoke("gone");
    Path otherDir = dir.resolve("other");
    RingAuthority.init(otherDir, "ring", RingAuthority.DEFAULT_CA_VALIDITY).issue("alpha",
        RingAuthority.DEFAULT_MEMBER_VALIDITY);

    ClusterOptions base = ClusterOptions.loopback().withPort(0).withManager(ClusterManagerKind.JGROUPS)
        .withClusterName("plane-" + UUID.randomUUID());
    NetworkOptions net = NetworkOptions.defaults().withVertx(v -> v.withEventLoopThreads(1));
    try (ClusterNode a = ClusterNode.start(base.withNodeName("a").withMember(MemberCredentials.in(caDir, "alpha")), 1);
         ClusterNode b = ClusterNode.start(base.withNodeName("b").withMember(MemberCredentials.in(caDir, "beta"))
             .withMembers(List.of(a.memberAddress())), 1);
         VertxNetwork<EchoPeer> netA = new VertxNetwork<>(List.of(a), net, EchoWire.registry());
         VertxNetwork<EchoPeer> netB = new VertxNetwork<>(List.of(b), net, EchoWire.registry())) {
      assertEquals(2, a.members());
      assertEquals(2, b.members());
      PeerHandle<EchoPeer> insider = netA.launch(new PeerRef("p@a", 1), new EchoPeer());
      PeerHandle<EchoPeer> member = netB.launch(new PeerRef("q@b", 2), new EchoPeer());
      // the other node's gateway is known once the membership's state reached this side: until then a
      // frame finds no handler and times out, so the first exchange is tried again for up to 60 s
      assertEquals(new Pong(1, "hi"), firstPing(netB, member, insider.ref(), 1, "hi"));
      assertEquals(new Pong(2, "back"), firstPing(netA, insider, member.ref(), 2, "back"));
      AsyncMap<String, String> mapB = await(b.vertx().sharedData().<String, String>getAsyncMap("directory"));
      await(mapB.put("b", b.memberAddress()));
      AsyncMap<String, String> mapA = await(a.vertx().sharedData().<String, String>getAsyncMap("directory"));
      waitFor(() -> b.memberAddress().equals(awaitQuietly(mapA.get("b"))), 10_000, "b's entry reached a");

      for (MemberCredentials outsider : List.of(gone, MemberCredentials.in(otherDir, "alpha"))) {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> ClusterNode.start(
            base.withNodeName("x").withMember(outsider).withMembers(List.of(a.memberAddress())).withJoinAttempts(1), 1)
            .close());
        assertTrue(refused.getMessage().contains("could not reach any cluster member"), refused::getMessage);
      }
      int port = Integer.parseInt(a.memberAddress().substring(a.memberAddress().lastIndexOf(':') + 1));
      assertNothingButAnAlert(plainClient(port));
      assertThrows(IOException.class, () -> tlsClient(port, null));
      MemberTrust foreign = new MemberTrust(MemberCredentials.in(otherDir, "alpha"));
      assertThrows(IOException.class, () -> tlsClient(port, foreign.keyManagers().getKeyManagers()));

      // the server closes a failed handshake's socket before the refusal is counted
      waitFor(() -> a.clusterRefusals().get(Refusal.NO_CERTIFICATE) + a.clusterRefusals().get(Refusal.NOT_TLS)
          + a.clusterRefusals().get(Refusal.UNKNOWN_AUTHORITY) >= 3, 5_000, "the refusals counted");
      Map<Refusal, Long> refused = a.admission().orElseThrow().refusals();
      assertTrue(refused.get(Refusal.REVOKED) >= 1, () -> "revoked refusals: " + refused);
      assertTrue(refused.get(Refusal.UNKNOWN_AUTHORITY) >= 1, () -> "foreign refusals: " + refused);
      assertTrue(refused.get(Refusal.ABORTED) >= 1, () -> "foreign members' aborted handshakes: " + refused);
      assertTrue(refused.get(Refusal.NOT_TLS) >= 1, () -> "plain refusals: " + refused);
      assertTrue(refused.get(Refusal.NO_CERTIFICATE) >= 1, () -> "no-certificate refusals: " + refused);
      assertEquals(refused, a.clusterRefusals(), "the plane counts into the member's admission counters");
      assertEquals(2, a.members(), "nobody else joined");
      assertEquals(Map.of("b", b.memberAddress()), await(mapA.entries()), "nobody else wrote the map");

      ca.revoke("beta");
      long revokedAt = System.nanoTime();
      waitFor(() -> a.members() == 1, 20_000, "the revoked member left a's membership");
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - revokedAt);
      assertTrue(tookMs < 2 * (5_000 + 1_000 + 1_000), () -> "left after " + tookMs + " ms");
      // its event-bus connections close on their own reload of the list (at most a second apart,
      // later on a busy machine): within the same bound no frame of it gets through any more
      long boundMs = 2 * (5_000 + 1_000 + 1_000);
      Settled late = netB.call(member, p -> p.timedPing(insider.ref(), "still here?", 1_000), 10_000);
      while (late.failure() == null && TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - revokedAt) < boundMs) {
        Thread.sleep(200);
        late = netB.call(member, p -> p.timedPing(insider.ref(), "still here?", 1_000), 10_000);
      }
      Settled last = late;
      assertInstanceOf(RequestTimeoutException.class, last.failure(),
          () -> "the revoked member still got through " + boundMs + " ms after its revocation: " + last);
    }
  }

  @Test
  void theSharedSecretAdmitsItsHoldersOnly() throws Exception {
    ClusterOptions base = ClusterOptions.loopback().withPort(0).withManager(ClusterManagerKind.JGROUPS)
        .withClusterName("plane-" + UUID.randomUUID());
    try (ClusterNode a = ClusterNode.start(base.withNodeName("a").withTlsSeed(RIGHT), 1);
         ClusterNode b = ClusterNode.start(base.withNodeName("b").withTlsSeed(RIGHT)
             .withMembers(List.of(a.memberAddress())), 1)) {
      assertEquals(2, a.members());
      assertThrows(IllegalStateException.class, () -> ClusterNode.start(base.withNodeName("x").withTlsSeed(WRONG)
          .withMembers(List.of(a.memberAddress())).withJoinAttempts(1), 1).close());
      int port = Integer.parseInt(a.memberAddress().substring(a.memberAddress().lastIndexOf(':') + 1));
      assertNothingButAnAlert(plainClient(port));
      assertEquals(2, a.members());
      waitFor(() -> a.clusterRefusals().get(Refusal.NOT_TLS) >= 1, 5_000, "the plain client's refusal counted");
      Map<Refusal, Long> refused = a.clusterRefusals();
      assertTrue(refused.get(Refusal.ABORTED) >= 1, () -> "the wrong secret's handshake: " + refused);
      assertTrue(refused.get(Refusal.NOT_TLS) >= 1, refused::toString);
    }
  }

  @Test
  void theJgroupsPlaneNeedsASecretOrCertificates() {
    assertThrows(IllegalArgumentException.class, () -> ClusterNode.start(ClusterOptions.loopback().withPort(0)
        .withManager(ClusterManagerKind.JGROUPS), 1));
  }

  @Test
  void aJoinerLooksForTheListedMembersAtLeastOnce() {
    assertEquals(5, ClusterOptions.loopback().joinAttempts());
    assertEquals(1, ClusterOptions.loopback().withJoinAttempts(1).joinAttempts());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> ClusterOptions.loopback().withJoinAttempts(0));
    assertTrue(none.getMessage().contains("joinAttempts"), none::getMessage);
  }

  /** Connects in plain TCP, sends what a JGroups peer would (its cookie first), and returns all it reads. */
  private static byte[] plainClient(int port) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write("bela\u0005\u0004hello, I am a member".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = s.getInputStream();
      java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
      try {
        for (int b = in.read(); b != -1; b = in.read()) {
          got.write(b);
        }
      } catch (IOException closed) {
        // reset by the server: what came before is what it sent
      }
      return got.toByteArray();
    }
  }

  /** Nothing, or one TLS alert record (content type 21, 2 bytes of alert), then the connection closed. */
  private static void assertNothingButAnAlert(byte[] got) {
    assertTrue(got.length == 0 || got.length == 7 && got[0] == 21,
        () -> "a plain client read " + got.length + " bytes: " + java.util.HexFormat.of().formatHex(got));
  }

  /** A TLS client that trusts any server (as an intruder would) and presents {@code keys} (null: none). */
  private static void tlsClient(int port, KeyManager[] keys) throws Exception {
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys, new TrustManager[] {new X509TrustManager() {
      @Override
      public void checkClientTrusted(X509Certificate[] chain, String authType) {
      }

      @Override
      public void checkServerTrusted(X509Certificate[] chain, String authType) {
      }

      @Override
      public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
      }
    }}, null);
    try (SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port)) {
      s.setSoTimeout(10_000);
      s.startHandshake();
      s.getOutputStream().write(1);
      s.getOutputStream().flush();
      if (s.getInputStream().read() == -1) {
        throw new IOException("closed by the server");
      }
    }
  }

  private static <T> T await(io.vertx.core.Future<T> f) throws Exception {
    return f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static <T> T awaitQuietly(io.vertx.core.Future<T> f) {
    try {
      return await(f);
    } catch (Exception e) {
      return null;
    }
  }

  private static void waitFor(BooleanSupplier condition, long maxMs, String what) throws InterruptedException {
    long deadline = System.currentTimeMillis() + maxMs;
    while (!condition.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("not within " + maxMs + " ms: " + what);
      }
      Thread.sleep(100);
    }
  }

  /** A ping from {@code from} to {@code to} with 5 s per try, tried again until one is answered or 60 s pass. */
  private static Pong firstPing(VertxNetwork<EchoPeer> net, PeerHandle<EchoPeer> from, PeerRef to, int seq, String text) {
    long end = System.currentTimeMillis() + 60_000;
    while (true) {
      try {
        return net.call(from, p -> p.ping(to, seq, text, 5_000), 10_000);
      } catch (org.bloomchord.overlay.RequestTimeoutException e) {
        if (System.currentTimeMillis() > end) {
          throw e;
        }
      }
    }
  }
}
