package org.bloomchord.overlay.admission;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The few DER encodings (X.690) a ring authority writes: the to-be-signed parts of an X.509 v3
 * certificate, of a v2 revocation list and of a PKCS#10 certificate request. Certificates and lists
 * are read back by the JDK's own {@code CertificateFactory}, which is what checks them; a request,
 * which the JDK cannot parse, is split into its parts by {@link #elements} and its signature checked
 * by the JDK.
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

  /**
   * The encoded elements (tag, length and content each) inside the constructed element that
   * {@code der} holds whole, in order.
   *
   * @throws IllegalArgumentException if {@code der} is not one element whose content is a run of elements
   */
  static java.util.List<byte[]> elements(byte[] der) {
    int[] outer = header(der, 0);
    if (outer[0] + outer[1] != der.length) {
      throw new IllegalArgumentException("not one DER element: " + der.length + " bytes, the element says "
          + (outer[0] + outer[1]));
    }
    java.util.List<byte[]> out = new java.util.ArrayList<>();
    int at = outer[0];
    while (at < der.length) {
      int[] h = header(der, at);
      out.add(java.util.Arrays.copyOfRange(der, at, at + h[0] + h[1]));
      at += h[0] + h[1];
    }
    return out;
  }

  /** The content of one encoded element (its tag and length cut off). */
  static byte[] content(byte[] element) {
    int[] h = header(element, 0);
    return java.util.Arrays.copyOfRange(element, h[0], h[0] + h[1]);
  }

  /**
   * The header's length and the content's length of the element starting at {@code at}, checked
   * to end within {@code der}.
   */
  private static int[] header(byte[] der, int at) {
    if (at + 2 > der.length || (der[at] & 0x1f) == 0x1f) {
      throw new IllegalArgumentException("truncated or multi-byte DER tag at byte " + at);
    }
    int first = der[at + 1] & 0xff;
    int headerBytes = 2;
    long length = first;
    if (first >= 0x80) {
      int n = first & 0x7f;
      if (n == 0 || n > 3 || at + 2 + n > der.length) {
        throw new IllegalArgumentException("unsupported DER length at byte " + at);
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        length = (length << 8) | (der[at + 2 + i] & 0xff);
      }
      headerBytes += n;
    }
    if (at + headerBytes + length > der.length) {
      throw new IllegalArgumentException("DER element at byte " + at + " runs past the end");
    }
    return new int[] {headerBytes, (int) length};
  }
}
