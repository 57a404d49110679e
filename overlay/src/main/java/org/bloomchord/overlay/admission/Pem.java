package org.bloomchord.overlay.admission;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/**
 * PEM files of a ring authority: certificates and revocation lists are parsed by the JDK's
 * {@code CertificateFactory} (which reads PEM itself), private keys are PKCS#8. Files are written
 * whole to a temporary sibling and moved into place, so that a node reloading a revocation list
 * never reads half of one; private keys are created owner-only (0600) before any byte is written.
 */
public final class Pem {

  private static final String KEY_HEADER = "-----BEGIN PRIVATE KEY-----";
  private static final String KEY_FOOTER = "-----END PRIVATE KEY-----";

  private Pem() {
  }

  /** The PEM text of DER bytes under a label such as "CERTIFICATE" or "X509 CRL". */
  static String encode(String label, byte[] der) {
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
  }

  /** Reads one X.509 certificate. */
  public static X509Certificate readCertificate(Path file) throws IOException, GeneralSecurityException {
    try (InputStream in = Files.newInputStream(file)) {
      return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }

  /** Reads one X.509 revocation list (signature not checked here). */
  public static X509CRL readCrl(Path file) throws IOException, GeneralSecurityException {
    byte[] bytes = Files.readAllBytes(file);
    return (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new ByteArrayInputStream(bytes));
  }

  /**
   * Reads an unencrypted PKCS#8 private key of algorithm {@code algorithm} ("EC").
   *
   * @throws IllegalArgumentException if the file is accessible by group or others ({@link OwnerOnlyFile})
   */
  public static PrivateKey readKey(Path file, String algorithm) throws IOException, GeneralSecurityException {
    OwnerOnlyFile.check(file);
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    int from = text.indexOf(KEY_HEADER);
    int to = text.indexOf(KEY_FOOTER);
    if (from < 0 || to < from) {
      throw new GeneralSecurityException(file + " holds no PKCS#8 private key (" + KEY_HEADER + ")");
    }
    byte[] der = Base64.getMimeDecoder().decode(text.substring(from + KEY_HEADER.length(), to));
    return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
  }

  /** Writes a public file (certificate, revocation list) atomically. */
  static void writePublic(Path file, String label, byte[] der) throws IOException {
    write(file, encode(label, der), false);
  }

  /** Writes a private key atomically, readable by its owner only. */
  static void writeKey(Path file, PrivateKey key) throws IOException {
    write(file, encode("PRIVATE KEY", key.getEncoded()), true);
  }

  private static void write(Path file, String text, boolean secret) throws IOException {
    Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    if (secret && Files.getFileStore(file.toAbsolutePath().getParent()).supportsFileAttributeView("posix")) {
      Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    Files.writeString(tmp, text, StandardCharsets.US_ASCII);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
