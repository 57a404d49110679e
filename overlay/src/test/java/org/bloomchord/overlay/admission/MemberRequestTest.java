package org.bloomchord.overlay.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member's key made on its own host: {@link RingAuthority#request} writes the key and a PKCS#10
 * request, {@link RingAuthority#sign} certifies the request's key, and the member's copy of the
 * layout then runs {@link MemberTrust} like the files of {@link RingAuthority#issue}; the
 * authority's directory holds no member key. Requests that are forged, altered or for another
 * name are refused, and a key file others can read is refused before it is read.
 */
class MemberRequestTest {

  @Test
  void aSignedRequestGivesAMemberWhoseKeyNeverReachedTheAuthority(@TempDir Path dir) throws Exception {
    Path caDir = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(caDir, "ring", RingAuthority.DEFAULT_CA_VALIDITY);
    Path host = dir.resolve("alpha-host");
    Path csr = RingAuthority.request(host, "alpha");
    assertEquals(host.resolve("members/alpha.csr"), csr);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(host.resolve("members/alpha.key"))));

    X509Certificate signed = ca.sign("alpha", csr, RingAuthority.DEFAULT_MEMBER_VALIDITY);
    assertEquals("CN=alpha,O=bloomchord ring", signed.getSubjectX500Principal().getName());
    assertEquals(List.of(List.of(2, "alpha")), signed.getSubjectAlternativeNames().stream().map(List::copyOf).toList());
    signed.verify(ca.certificate().getPublicKey());

    for (String f : List.of("ca.crt", "crl.pem", "members/alpha.crt")) {
      Files.copy(caDir.resolve(f), host.resolve(f));
    }
    MemberTrust trust = new MemberTrust(MemberCredentials.in(host, "alpha"));
    assertEquals(signed, trust.certificate());
    try (Stream<Path> files = Files.walk(caDir)) {
      assertEquals(List.of("ca.key"), files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".key")).toList(),
          "the authority's directory holds its own key only");
    }
    assertEquals(1, ca.list().size());
    assertThrows(IllegalArgumentException.class, () -> ca.sign("alpha", csr, RingAuthority.DEFAULT_MEMBER_VALIDITY),
        "one unrevoked certificate per name");
    assertThrows(IllegalArgumentException.class, () -> RingAuthority.request(host, "alpha"), "a key is never replaced");
  }

  @Test
  void opensslReadsTheRequestAndItsSignature(@TempDir Path dir) throws Exception {
    Path openssl = Stream.of("/usr/bin/openssl", "/bin/openssl").map(Path::of).filter(Files::isExecutable)
        .findFirst().orElse(null);
    org.junit.jupiter.api.Assumptions.assumeTrue(openssl != null, "openssl is not installed");
    Path csr = RingAuthority.request(dir, "beta");
    Process p = new ProcessBuilder(openssl.toString(), "req", "-in", csr.toString(), "-noout", "-verify", "-subject")
        .redirectErrorStream(true).start();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("verify OK") || out.contains("Certificate request self-signature verify OK"), out);
    assertTrue(out.contains("CN = beta") || out.contains("CN=beta"), out);
  }

  @Test
  void forgedAlteredAndMisnamedRequestsAreRefused(@TempDir Path dir) throws Exception {
    RingAuthority ca = RingAuthority.init(dir.resolve("ca"), "ring", RingAuthority.DEFAULT_CA_VALIDITY);
    Path csr = RingAuthority.request(dir.resolve("h"), "gamma");

    String misnamed = assertThrows(IllegalArgumentException.class,
        () -> ca.sign("delta", csr, RingAuthority.DEFAULT_MEMBER_VALIDITY)).getMessage();
    assertTrue(misnamed.contains("the request of 'gamma', not of 'delta'"), misnamed);

    // the same request with one bit of its public key flipped: the signature no longer verifies
    String pem = Files.readString(csr);
    String b64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
    byte[] der = Base64.getDecoder().decode(b64);
    byte[] altered = der.clone();
    altered[der.length - 80] ^= 0x01;
    Path bad = Files.write(dir.resolve("bad.csr"), altered);
    String why = assertThrows(IllegalArgumentException.class,
        () -> ca.sign("gamma", bad, RingAuthority.DEFAULT_MEMBER_VALIDITY)).getMessage();
    assertTrue(why.contains("not a valid certificate request"), why);

    Path truncated = Files.write(dir.resolve("short.csr"), java.util.Arrays.copyOf(der, der.length - 5));
    assertThrows(IllegalArgumentException.class, () -> ca.sign("gamma", truncated, RingAuthority.DEFAULT_MEMBER_VALIDITY));
    Path notPem = Files.writeString(dir.resolve("text.csr"), "hello");
    assertThrows(IllegalArgumentException.class, () -> ca.sign("gamma", notPem, RingAuthority.DEFAULT_MEMBER_VALIDITY));
    assertFalse(Files.exists(dir.resolve("ca/members/gamma.crt")), "nothing was issued");
    assertEquals("CN=gamma,O=bloomchord ring",
        ca.sign("gamma", csr, RingAuthority.DEFAULT_MEMBER_VALIDITY).getSubjectX500Principal().getName());
  }

  @Test
  void aKeyFileOthersCanReadIsRefusedBeforeItIsRead(@TempDir Path dir) throws Exception {
    Path caDir = dir.resolve("ca");
    RingAuthority ca = RingAuthority.init(caDir, "ring", RingAuthority.DEFAULT_CA_VALIDITY);
    ca.issue("alpha", RingAuthority.DEFAULT_MEMBER_VALIDITY);
    Path key = caDir.resolve("members/alpha.key");
    for (String mode : List.of("rw-r-----", "rw----r--", "rw-rw----")) {
      Files.setPosixFilePermissions(key, PosixFilePermissions.fromString(mode));
      String why = assertThrows(IllegalArgumentException.class, () -> new MemberTrust(MemberCredentials.in(caDir, "alpha")))
          .getMessage();
      assertEquals(key + " is accessible by group or others (mode " + mode + "); it holds a secret: chmod 600 " + key, why);
    }
    Files.setPosixFilePermissions(caDir.resolve("ca.key"), PosixFilePermissions.fromString("rw-r--r--"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RingAuthority.open(caDir)).getMessage()
        .contains("chmod 600"));
    Files.setPosixFilePermissions(caDir.resolve("ca.key"), PosixFilePermissions.fromString("r--------"));
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    RingAuthority.open(caDir);
    new MemberTrust(MemberCredentials.in(caDir, "alpha"));
  }
}
