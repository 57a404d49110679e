package org.bloomchord.overlay.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member's trust without a network: which certificates it admits, how each refusal is counted,
 * and which revocation lists it takes when its file changes (a newer one: yes; an older one put
 * back, or a damaged file: no, the list in use stays).
 */
class MemberTrustTest {

  /** The trusts here look at the list's file every 50 ms instead of every second. */
  private static final long RELOAD_CHECK_MS = 50;
  private static final long AFTER_RELOAD_CHECK_MS = RELOAD_CHECK_MS + 100;

  @Test
  void admitsMembersOfItsAuthorityAndCountsEveryRefusalByReason(@TempDir Path dir) throws Exception {
    Path d = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(d, "r", RingAuthority.DEFAULT_CA_VALIDITY);
    ca.issue("alpha", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    X509Certificate beta = ca.issue("beta", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    X509Certificate foreign = RingAuthority.init(dir.resolve("other"), "r", RingAuthority.DEFAULT_CA_VALIDITY)
        .issue("beta", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    MemberTrust trust = new MemberTrust(MemberCredentials.in(d, "alpha"), RELOAD_CHECK_MS);

    trust.checkClientTrusted(new X509Certificate[] {beta}, "UNKNOWN");
    trust.checkServerTrusted(new X509Certificate[] {beta}, "UNKNOWN");
    assertThrows(CertificateException.class, () -> trust.checkClientTrusted(new X509Certificate[] {foreign}, "UNKNOWN"));
    assertThrows(CertificateException.class, () -> trust.checkServerTrusted(new X509Certificate[] {}, "UNKNOWN"));
    assertEquals(Map.of(Refusal.REVOKED, 0L, Refusal.UNKNOWN_AUTHORITY, 1L, Refusal.EXPIRED, 0L, Refusal.INVALID, 1L,
        Refusal.NO_CERTIFICATE, 0L, Refusal.NOT_TLS, 0L, Refusal.ABORTED, 0L), trust.refusals());

    ca.revoke("beta");
    Thread.sleep(AFTER_RELOAD_CHECK_MS);
    assertThrows(CertificateException.class, () -> trust.checkClientTrusted(new X509Certificate[] {beta}, "UNKNOWN"));
    assertEquals(1L, trust.refusals().get(Refusal.REVOKED));
    assertEquals(1, trust.revokedCount());
  }

  @Test
  void anOlderOrDamagedListDoesNotUndoARevocation(@TempDir Path dir) throws Exception {
    Path d = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(d, "r", RingAuthority.DEFAULT_CA_VALIDITY);
    ca.issue("alpha", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    X509Certificate beta = ca.issue("beta", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    Path older = Files.copy(d.resolve("crl.pem"), dir.resolve("older.pem"));
    MemberTrust trust = new MemberTrust(MemberCredentials.in(d, "alpha"), RELOAD_CHECK_MS);
    assertFalse(trust.isRevoked(beta));

    ca.revoke("beta");
    Thread.sleep(AFTER_RELOAD_CHECK_MS);
    assertTrue(trust.isRevoked(beta), "a newer list is taken when the file changes");

    Files.copy(older, d.resolve("crl.pem"), StandardCopyOption.REPLACE_EXISTING);
    Thread.sleep(AFTER_RELOAD_CHECK_MS);
    assertTrue(trust.isRevoked(beta), "a list with a lower CRL number is not taken");

    Files.writeString(d.resolve("crl.pem"), "-----BEGIN X509 CRL-----\nbm90IGEgbGlzdA==\n-----END X509 CRL-----\n");
    Thread.sleep(AFTER_RELOAD_CHECK_MS);
    assertTrue(trust.isRevoked(beta), "a damaged file is not taken");

    // another authority's list with a higher CRL number (3), so that only its signature refuses it
    RingAuthority forger = RingAuthority.init(dir.resolve("forger"), "r", RingAuthority.DEFAULT_CA_VALIDITY);
    X509Certificate gamma = forger.issue("gamma", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    forger.issue("delta", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    forger.revoke("gamma");
    forger.revoke("delta");
    assertEquals(BigInteger.valueOf(3), RingAuthority.crlNumber(Pem.readCrl(dir.resolve("forger/crl.pem"))));
    Files.copy(dir.resolve("forger/crl.pem"), d.resolve("crl.pem"), StandardCopyOption.REPLACE_EXISTING);
    Thread.sleep(AFTER_RELOAD_CHECK_MS);
    assertTrue(trust.isRevoked(beta), "a list signed by another authority is not taken");
    assertFalse(trust.isRevoked(gamma));
  }
}
