package org.bloomchord.overlay.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK does not consult the trust manager when it resumes a TLS session, so a session cached
 * before a revocation would let the revoked member back in. Two JDK engines, driven in memory, with
 * the contexts kept between handshakes as the event bus keeps them: a second handshake after the
 * client's revocation must be refused and counted, which it is only because the first session was
 * not kept for resumption.
 */
class SessionResumptionTest {

  @Test
  void aMemberRevokedAfterAHandshakeCannotResumeItsSession(@TempDir Path dir) throws Exception {
    Path d = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(d, "r", RingAuthority.DEFAULT_CA_VALIDITY);
    ca.issue("server", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    ca.issue("client", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    MemberTrust server = new MemberTrust(MemberCredentials.in(d, "server"), 10);
    MemberTrust client = new MemberTrust(MemberCredentials.in(d, "client"), 10);
    SSLContext serverContext = context(server);
    SSLContext clientContext = context(client);

    assertTrue(handshake(clientContext, serverContext), "two members of the authority complete a handshake");
    assertEquals(0L, server.refusals().get(Refusal.REVOKED));

    ca.revoke("client");
    Thread.sleep(50);
    assertFalse(handshake(clientContext, serverContext), "the revoked member's second handshake is refused");
    assertEquals(1L, server.refusals().get(Refusal.REVOKED), "the server's trust manager was asked again");
  }

  private static SSLContext context(MemberTrust trust) throws Exception {
    SSLContext c = SSLContext.getInstance("TLS");
    c.init(trust.keyManagers().getKeyManagers(), new TrustManager[] {trust}, null);
    return c;
  }

  /** One handshake between new engines of the two contexts, and the rounds after it that carry tickets. */
  private static boolean handshake(SSLContext clientContext, SSLContext serverContext) throws Exception {
    SSLEngine c = clientContext.createSSLEngine("127.0.0.1", 5701);
    c.setUseClientMode(true);
    SSLEngine s = serverContext.createSSLEngine();
    s.setUseClientMode(false);
    s.setNeedClientAuth(true);
    ByteBuffer toServer = ByteBuffer.allocate(1 << 17);
    ByteBuffer toClient = ByteBuffer.allocate(1 << 17);
    ByteBuffer app = ByteBuffer.allocate(1 << 17);
    ByteBuffer none = ByteBuffer.allocate(0);
    c.beginHandshake();
    s.beginHandshake();
    int afterDone = 0;
    try {
      for (int round = 0; round < 200 && afterDone < 4; round++) {
        c.wrap(none, toServer);
        tasks(c);
        s.wrap(none, toClient);
        tasks(s);
        toServer.flip();
        s.unwrap(toServer, app);
        toServer.compact();
        tasks(s);
        toClient.flip();
        c.unwrap(toClient, app);
        toClient.compact();
        tasks(c);
        if (done(c) && done(s)) {
          afterDone++;
        }
      }
    } catch (SSLException refused) {
      return false;
    }
    return done(c) && done(s);
  }

  private static boolean done(SSLEngine e) {
    HandshakeStatus h = e.getHandshakeStatus();
    return h == HandshakeStatus.NOT_HANDSHAKING || h == HandshakeStatus.FINISHED;
  }

  private static void tasks(SSLEngine e) {
    for (Runnable r = e.getDelegatedTask(); r != null; r = e.getDelegatedTask()) {
      r.run();
    }
  }
}
