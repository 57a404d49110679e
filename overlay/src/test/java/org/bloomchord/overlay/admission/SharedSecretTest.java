package org.bloomchord.overlay.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared secret: its strength counted by how it is written, a secret under 128 bits or in a
 * file others can read refused, and the cluster name and TLS seed equal to PBKDF2-HMAC-SHA256 with
 * the stated parameters followed by HMAC-SHA256 under their labels, computed here from RFC 8018's
 * definition with nothing but an HMAC.
 */
class SharedSecretTest {

  private static final String HEX_128 = "00112233445566778899aabbccddeeff";

  @Test
  void strengthIsCountedByHowTheSecretIsWritten() {
    assertEquals(128, SharedSecret.bits(HEX_128));
    assertEquals(124, SharedSecret.bits(HEX_128.substring(1)));
    assertEquals(43 * 6, SharedSecret.bits("xJ0c4mUe6yG9Qv2Lr8bN1sTa3dFh5kWp7zXc0vBn2mA="), "43 base64 characters, padding cut");
    assertEquals(8 * 16, SharedSecret.bits("sixteen bytes!!!"));
    assertThrows(IllegalArgumentException.class, () -> SharedSecret.of(HEX_128.substring(1).getBytes(StandardCharsets.US_ASCII)));
    assertThrows(IllegalArgumentException.class, () -> SharedSecret.of("s3cret".getBytes(StandardCharsets.US_ASCII)));
    assertThrows(IllegalArgumentException.class, () -> SharedSecret.of(" \n".getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void theNamesArePbkdf2OfTheSecretThenHmacUnderTheirLabels() throws Exception {
    SharedSecret s = SharedSecret.of((HEX_128 + "\n").getBytes(StandardCharsets.US_ASCII));
    byte[] master = pbkdf2(HEX_128.getBytes(StandardCharsets.US_ASCII),
        SharedSecret.SALT.getBytes(StandardCharsets.US_ASCII), SharedSecret.ITERATIONS);
    assertEquals("bc-" + HexFormat.of().formatHex(hmac(master, "bloomchord cluster name"), 0, 16), s.clusterName());
    assertEquals(HexFormat.of().formatHex(hmac(master, "bloomchord event-bus key")), s.tlsSeed());
    assertEquals(600_000, SharedSecret.ITERATIONS, "the iterations the guides state");

    SharedSecret other = SharedSecret.of(("f" + HEX_128.substring(1)).getBytes(StandardCharsets.US_ASCII));
    assertNotEquals(s.clusterName(), other.clusterName());
    assertTrue(s.clusterName().matches("bc-[0-9a-f]{32}") && s.tlsSeed().matches("[0-9a-f]{64}"));
  }

  @Test
  void aSecretFileOthersCanReadIsRefused(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("ring.secret"), HEX_128 + "\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
    String why = assertThrows(IllegalArgumentException.class, () -> SharedSecret.read(f)).getMessage();
    assertTrue(why.startsWith(f + " is accessible by group or others (mode rw-r--r--)"), why);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
    assertEquals(SharedSecret.of(HEX_128.getBytes(StandardCharsets.US_ASCII)).clusterName(), SharedSecret.read(f).clusterName());
    Path weak = Files.writeString(dir.resolve("weak"), "s3cret");
    Files.setPosixFilePermissions(weak, PosixFilePermissions.fromString("rw-------"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> SharedSecret.read(weak)).getMessage()
        .contains("the secret has 36 bits, fewer than 128"));
  }

  /** PBKDF2 with HMAC-SHA256, one 32-byte block (RFC 8018, 5.2). */
  private static byte[] pbkdf2(byte[] password, byte[] salt, int iterations) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(password, "HmacSHA256"));
    mac.update(salt);
    byte[] u = mac.doFinal(new byte[] {0, 0, 0, 1});
    byte[] t = u.clone();
    for (int i = 1; i < iterations; i++) {
      u = mac.doFinal(u);
      for (int j = 0; j < t.length; j++) {
        t[j] ^= u[j];
      }
    }
    return t;
  }

  private static byte[] hmac(byte[] key, String label) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
  }
}
