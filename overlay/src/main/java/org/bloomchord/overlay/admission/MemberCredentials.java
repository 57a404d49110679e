package org.bloomchord.overlay.admission;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where one member finds what it runs with: the ring authority's certificate (what it trusts), its
 * own certificate and private key (what it presents), and the revocation list (whom it refuses).
 * {@link #in} names them in an authority's directory layout (see {@link RingAuthority}); a member's
 * host holds the same layout without {@code ca.key}.
 *
 * @param member the member's name (its certificate's CN)
 * @param caCertificate the ring authority's certificate, PEM
 * @param certificate this member's certificate, PEM
 * @param key this member's private key, PKCS#8 PEM
 * @param crl the authority's revocation list, PEM; read at start and again whenever it changes
 */
public record MemberCredentials(String member, Path caCertificate, Path certificate, Path key, Path crl) {

  static final String CA_KEY = "ca.key";
  static final String CA_CERT = "ca.crt";
  static final String CRL = "crl.pem";
  static final String MEMBERS = "members";

  public MemberCredentials {
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(caCertificate, "caCertificate");
    Objects.requireNonNull(certificate, "certificate");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(crl, "crl");
  }

  /** The files of {@code member} in the authority layout rooted at {@code dir}. */
  public static MemberCredentials in(Path dir, String member) {
    Path members = dir.resolve(MEMBERS);
    return new MemberCredentials(member, dir.resolve(CA_CERT), members.resolve(member + ".crt"),
        members.resolve(member + ".key"), dir.resolve(CRL));
  }

  /** The directory of the layout these files are in (the parent of the CA certificate). */
  public Path dir() {
    return caCertificate.toAbsolutePath().getParent();
  }
}
