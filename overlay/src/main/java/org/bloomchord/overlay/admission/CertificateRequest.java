package org.bloomchord.overlay.admission;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.security.auth.x500.X500Principal;

/**
 * A member's PKCS#10 certificate request (RFC 2986): its name and public key, signed with its
 * private key, so that the authority that reads it knows the requester holds the key it certifies
 * without ever seeing that key. Written by {@link RingAuthority#request} on the member's host as
 * PEM ({@code -----BEGIN CERTIFICATE REQUEST-----}, which {@code openssl req} reads too), read by
 * {@link RingAuthority#sign} on the authority's host.
 *
 * @param member the name the request asks for (its subject's CN)
 * @param publicKey the key to certify: EC on P-256, as the authority issues
 */
public record CertificateRequest(String member, PublicKey publicKey) {

  static final String PEM_LABEL = "CERTIFICATE REQUEST";
  private static final String ECDSA_SHA256_OID = "1.2.840.10045.4.3.2";

  /** The DER of a request for {@code member} and {@code pair}'s public key, signed with its private key. */
  static byte[] encode(String member, String organization, KeyPair pair) throws GeneralSecurityException {
    byte[] info = Der.sequence(
        Der.integer(0),
        Der.name(member, organization),
        pair.getPublic().getEncoded(),
        Der.tagged(0xa0, new byte[0]));
    Signature s = Signature.getInstance(RingAuthority.SIGNATURE);
    s.initSign(pair.getPrivate());
    s.update(info);
    return Der.sequence(info, Der.sequence(Der.oid(ECDSA_SHA256_OID)), Der.bitString(s.sign()));
  }

  /**
   * Reads a request from {@code file} (PEM or DER) and checks it: well formed, signed with
   * ECDSA-SHA256 by the private key of the EC P-256 public key it holds, and naming one CN.
   *
   * @throws IllegalArgumentException naming the file and what is wrong
   */
  public static CertificateRequest read(Path file) {
    byte[] der;
    try {
      der = decode(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + " is not a certificate request (" + e.getMessage() + ")", e);
    }
    try {
      return parse(der);
    } catch (IllegalArgumentException | GeneralSecurityException | InvalidNameException e) {
      throw new IllegalArgumentException(file + " is not a valid certificate request (" + e.getMessage() + ")", e);
    }
  }

  private static byte[] decode(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.US_ASCII);
    String begin = "-----BEGIN " + PEM_LABEL + "-----";
    String end = "-----END " + PEM_LABEL + "-----";
    int from = text.indexOf(begin);
    if (from < 0) {
      if (bytes.length > 0 && bytes[0] == 0x30) {
        return bytes;
      }
      throw new IllegalArgumentException("no " + begin + " line");
    }
    int to = text.indexOf(end, from);
    if (to < 0) {
      throw new IllegalArgumentException("no " + end + " line");
    }
    return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
  }

  private static CertificateRequest parse(byte[] der) throws GeneralSecurityException, InvalidNameException {
    List<byte[]> outer = Der.elements(der);
    if (outer.size() != 3) {
      throw new IllegalArgumentException("a request has 3 parts, this one " + outer.size());
    }
    byte[] info = outer.get(0);
    if (!java.util.Arrays.equals(outer.get(1), Der.sequence(Der.oid(ECDSA_SHA256_OID)))) {
      throw new IllegalArgumentException("its signature is not ECDSA with SHA-256");
    }
    byte[] signature = Der.content(outer.get(2));
    if (outer.get(2)[0] != 0x03 || signature.length < 2 || signature[0] != 0) {
      throw new IllegalArgumentException("its signature is not a whole-byte BIT STRING");
    }
    List<byte[]> fields = Der.elements(info);
    if (fields.size() < 3 || !java.util.Arrays.equals(fields.get(0), Der.integer(0))) {
      throw new IllegalArgumentException("its body is not a version-1 request");
    }
    PublicKey key = KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(fields.get(2)));
    if (!(key instanceof ECPublicKey ec) || ec.getParams().getCurve().getField().getFieldSize() != 256) {
      throw new IllegalArgumentException("its key is not EC on P-256");
    }
    Signature s = Signature.getInstance(RingAuthority.SIGNATURE);
    s.initVerify(key);
    s.update(info);
    if (!s.verify(java.util.Arrays.copyOfRange(signature, 1, signature.length))) {
      throw new IllegalArgumentException("its signature does not verify: it was not made with the key it holds");
    }
    String cn = null;
    for (Rdn rdn : new LdapName(new X500Principal(fields.get(1)).getName()).getRdns()) {
      if (rdn.getType().equalsIgnoreCase("CN")) {
        cn = rdn.getValue().toString();
      }
    }
    if (cn == null) {
      throw new IllegalArgumentException("its subject names no CN");
    }
    return new CertificateRequest(cn, key);
  }
}
