package org.bloomchord.overlay.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The authority's files, checked by the JDK's own parsers and PKIX validator: what a member's
 * certificate says, what the revocation list holds after each revocation, and which inputs are
 * refused.
 */
class RingAuthorityTest {

  @Test
  void issuedCertificatesChainToTheAuthorityAndNameTheMember(@TempDir Path dir) throws Exception {
    RingAuthority ca = RingAuthority.init(dir.resolve("ca"), "test-ring", RingAuthority.DEFAULT_CA_VALIDITY);
    X509Certificate a = ca.issue("alpha", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    MemberCredentials files = MemberCredentials.in(dir.resolve("ca"), "alpha");

    assertEquals(a, Pem.readCertificate(files.certificate()));
    assertEquals("CN=alpha,O=bloomchord ring", a.getSubjectX500Principal().getName());
    assertEquals("CN=test-ring,O=bloomchord ring", a.getIssuerX500Principal().getName());
    assertEquals(List.of(List.of(2, "alpha")), a.getSubjectAlternativeNames().stream().map(List::copyOf).toList());
    assertEquals(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"), a.getExtendedKeyUsage());
    assertEquals(-1, a.getBasicConstraints(), "a member is no authority");
    assertEquals(0, ca.certificate().getBasicConstraints(), "the authority signs members only");
    assertTrue(ca.certificate().getKeyUsage()[5] && ca.certificate().getKeyUsage()[6], "keyCertSign, cRLSign");
    assertEquals(127, a.getSerialNumber().bitLength());

    PKIXParameters params = new PKIXParameters(Set.of(new TrustAnchor(ca.certificate(), null)));
    params.setRevocationEnabled(false);
    CertPathValidator.getInstance("PKIX").validate(
        CertificateFactory.getInstance("X.509").generateCertPath(List.of(a)), params);

    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files.key())));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("ca/ca.key"))));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("ca"))));
    assertEquals(a.getPublicKey(), new MemberTrust(files).certificate().getPublicKey(), "the key matches");
  }

  @Test
  void revocationGrowsASignedListWithRisingNumbers(@TempDir Path dir) throws Exception {
    Path d = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(d, "r", RingAuthority.DEFAULT_CA_VALIDITY);
    X509CRL empty = Pem.readCrl(d.resolve("crl.pem"));
    empty.verify(ca.certificate().getPublicKey());
    assertEquals(BigInteger.ONE, RingAuthority.crlNumber(empty));
    assertEquals(null, empty.getRevokedCertificates());

    X509Certificate a = ca.issue("a", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    X509Certificate b = ca.issue("b", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    assertEquals(a.getSerialNumber(), ca.revoke("a"));
    ca.revoke("b");
    X509CRL crl = Pem.readCrl(d.resolve("crl.pem"));
    crl.verify(ca.certificate().getPublicKey());
    assertEquals(BigInteger.valueOf(3), RingAuthority.crlNumber(crl));
    assertTrue(crl.isRevoked(a) && crl.isRevoked(b));
    assertFalse(Files.exists(d.resolve("members/a.key")), "a revoked member's key is deleted");

    X509Certificate again = ca.issue("a", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    assertFalse(crl.isRevoked(again), "a re-issued member is admitted again");
    List<RingAuthority.Member> listed = RingAuthority.open(d).list();
    assertEquals(List.of("a", "a", "b"), listed.stream().map(RingAuthority.Member::name).toList());
    assertEquals(2, listed.stream().filter(RingAuthority.Member::revoked).count());
    assertTrue(listed.stream().anyMatch(m -> m.serial().equals(again.getSerialNumber()) && !m.revoked()));

    // a member host's copy has no authority key and lists all the same
    Path host = dir.resolve("host");
    Files.createDirectories(host.resolve("members"));
    for (String f : List.of("ca.crt", "crl.pem", "members/a.crt")) {
      Files.copy(d.resolve(f), host.resolve(f));
    }
    assertEquals(List.of(new RingAuthority.Member("a", again.getSerialNumber(), again.getNotAfter().toInstant(), false)),
        RingAuthority.list(host));
  }

  @Test
  void badInputsAreRefusedWithTheirReason(@TempDir Path dir) {
    Path d = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(d, "r", RingAuthority.DEFAULT_CA_VALIDITY);
    ca.issue("a", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    assertThrows(IllegalArgumentException.class, () -> RingAuthority.init(d, "r", RingAuthority.DEFAULT_CA_VALIDITY));
    assertThrows(IllegalArgumentException.class, () -> ca.issue("a", RingAuthority.DEFAULT_MEMBER_VALIDITY));
    assertThrows(IllegalArgumentException.class, () -> ca.issue("Bad_Name", RingAuthority.DEFAULT_MEMBER_VALIDITY));
    assertThrows(IllegalArgumentException.class, () -> ca.revoke("nobody"));
    assertThrows(IllegalArgumentException.class, () -> RingAuthority.open(dir.resolve("none")));
    ca.issue("b", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    MemberCredentials a = MemberCredentials.in(d, "a");
    MemberCredentials mixed = new MemberCredentials("a", a.caCertificate(), a.certificate(),
        MemberCredentials.in(d, "b").key(), a.crl());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new MemberTrust(mixed)).getMessage()
        .contains("is not the key of"));
    ca.revoke("a");
    // the member's own trust refuses to start with a revoked certificate... which is gone from members/
    assertThrows(IllegalArgumentException.class, () -> new MemberTrust(MemberCredentials.in(d, "a")));
  }
}
