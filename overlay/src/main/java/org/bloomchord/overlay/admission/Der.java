package org.bloomchord.overlay.admission;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The few DER encodings (X.690) a ring authority writes: the to-be-signed parts of an X.509 v3
 * certificate and of a v2 revocation list. Encoding only; everything written here is read back by
 * the JDK's own {@code CertificateFactory}, which is what checks it.
 *
 * <p>Why not the JDK's {@code sun.security.x509}: it is not exported to code compiled with
 * {@code --release 17}, and its constructors changed in later JDKs.
 */
final class Der {

  private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")
      .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter GENERALIZED_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'")
      .withZone(ZoneOffset.UTC);

  private Der() {
  }

  static byte[] sequence(byte[]... parts) {
    return tagged(0x30, concat(parts));
  }

  static byte[] set(byte[]... parts) {
    return tagged(0x31, concat(parts));
  }

  static byte[] integer(BigInteger value) {
    return tagged(0x02, value.toByteArray());
  }

  static byte[] integer(long value) {
    return integer(BigInteger.valueOf(value));
  }

  static byte[] bool(boolean value) {
    return tagged(0x01, new byte[] {(byte) (value ? 0xff : 0x00)});
  }

  static byte[] octetString(byte[] content) {
    return tagged(0x04, content);
  }

  /** A BIT STRING with no unused bits: signatures and whole byte strings. */
  static byte[] bitString(byte[] content) {
    byte[] body = new byte[content.length + 1];
    System.arraycopy(content, 0, body, 1, content.length);
    return tagged(0x03, body);
  }

  /** A named-bit BIT STRING of one byte, as keyUsage is: bit 0 is the byte's high bit. */
  static byte[] namedBits(int bits) {
    int unused = Integer.numberOfTrailingZeros(bits | 0x100);
    return tagged(0x03, new byte[] {(byte) Math.min(unused, 7), (byte) bits});
  }

  static byte[] utf8(String text) {
    return tagged(0x0c, text.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] ia5(String text) {
    return tagged(0x16, text.getBytes(StandardCharsets.US_ASCII));
  }

  /** UTCTime until 2049, GeneralizedTime from 2050 on (RFC 5280, 4.1.2.5). */
  static byte[] time(Instant t) {
    boolean utc = t.isBefore(Instant.parse("2050-01-01T00:00:00Z"));
    String text = (utc ? UTC_TIME : GENERALIZED_TIME).format(t);
    return tagged(utc ? 0x17 : 0x18, text.getBytes(StandardCharsets.US_ASCII));
  }

  static byte[] oid(String dotted) {
    String[] arcs = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(Integer.parseInt(arcs[0]) * 40 + Integer.parseInt(arcs[1]));
    for (int i = 2; i < arcs.length; i++) {
      long arc = Long.parseLong(arcs[i]);
      int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(arc) + 6) / 7);
      for (int g = groups - 1; g >= 0; g--) {
        out.write((int) ((arc >>> (7 * g)) & 0x7f) | (g > 0 ? 0x80 : 0));
      }
    }
    return tagged(0x06, out.toByteArray());
  }

  /** A constructed context-specific tag [n] around already encoded content (EXPLICIT tagging). */
  static byte[] explicit(int n, byte[] encoded) {
    return tagged(0xa0 | n, encoded);
  }

  /** A primitive context-specific tag [n] over raw content (IMPLICIT tagging of a string). */
  static byte[] implicitPrimitive(int n, byte[] content) {
    return tagged(0x80 | n, content);
  }

  /** A Name of one RDN, commonName and organizationName. */
  static byte[] name(String commonName, String organization) {
    return sequence(
        set(sequence(oid("2.5.4.10"), utf8(organization))),
        set(sequence(oid("2.5.4.3"), utf8(commonName))));
  }

  static byte[] tagged(int tag, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
    out.write(tag);
    int n = content.length;
    if (n < 0x80) {
      out.write(n);
    } else {
      int bytes = (32 - Integer.numberOfLeadingZeros(n) + 7) / 8;
      out.write(0x80 | bytes);
      for (int i = bytes - 1; i >= 0; i--) {
        out.write(n >>> (8 * i));
      }
    }
    out.writeBytes(content);
    return out.toByteArray();
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
