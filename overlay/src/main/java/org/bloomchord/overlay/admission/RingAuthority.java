package org.bloomchord.overlay.admission;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A ring's certificate authority kept in one directory: it issues each member a key and a
 * certificate naming it, and revokes members by a signed revocation list. The layout
 * ({@link MemberCredentials} reads the member's side of it):
 *
 * <pre>
 * DIR/ca.key              the authority's private key (0600; never leaves the authority's host)
 * DIR/ca.crt              the authority's self-signed certificate (every member has a copy)
 * DIR/crl.pem             the revocation list, signed by the authority (every member has a copy)
 * DIR/members/NAME.crt    a member's certificate: CN=NAME, SAN dNSName NAME, serverAuth+clientAuth
 * DIR/members/NAME.key    its private key (0600), only when made by {@link #issue} for a member on this host
 * DIR/ca.lock             locked while an operation changes the directory ({@code AuthorityLock})
 * DIR/revoked/NAME-SERIAL.crt   certificates revoked, kept so that {@link #list} can name them
 * </pre>
 *
 * <p>A member on another host makes its own key and a request ({@link #request}: the same layout
 * in a directory of its own, {@code members/NAME.key} and {@code members/NAME.csr}), and the
 * authority signs the request ({@link #sign}), so that no member's key is ever on the authority's
 * host. Issue, sign, revoke and init hold the directory's lock ({@link AuthorityLock}), so that
 * operations run at once from several processes or threads take turns and none is lost.
 *
 * <p>Keys are EC P-256, signatures ECDSA with SHA-256, serials 127 random bits. A name has at
 * most one unrevoked certificate: a member is rotated by revoking it and issuing it again. Every
 * revocation list carries a CRL number one higher than the last, so that nodes can refuse an older
 * list put back in place of a newer one.
 *
 * <p>Longer than 400 lines because every operation that changes the directory (init, issue, sign,
 * revoke) and the certificate and list encodings they share stay in one place, under one lock.
 */
public final class RingAuthority {

  /** Member names: lower-case DNS labels, so that they fit a certificate's subject and SAN alike. */
  public static final Pattern MEMBER_NAME = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
  public static final Duration DEFAULT_CA_VALIDITY = Duration.ofDays(3650);
  public static final Duration DEFAULT_MEMBER_VALIDITY = Duration.ofDays(365);

  static final String SIGNATURE = "SHA256withECDSA";
  private static final String ECDSA_SHA256_OID = "1.2.840.10045.4.3.2";
  private static final String ORGANIZATION = "bloomchord ring";

  private final Path dir;
  private final X509Certificate cert;
  private final PrivateKey key;

  private RingAuthority(Path dir, X509Certificate cert, PrivateKey key) {
    this.dir = dir;
    this.cert = cert;
    this.key = key;
  }

  /** A member of the authority's directory, as {@link #list} reports it. */
  public record Member(String name, BigInteger serial, Instant notAfter, boolean revoked) {
  }

  /**
   * Creates a new authority in {@code dir} (created if missing, owner-only): key, self-signed
   * certificate with subject CN={@code ringName}, and an empty revocation list.
   *
   * @throws IllegalArgumentException if {@code dir} already holds an authority
   */
  public static RingAuthority init(Path dir, String ringName, Duration validity) {
    try {
      Files.createDirectories(dir);
      ownerOnly(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (AuthorityLock lock = AuthorityLock.take(dir)) {
      if (Files.exists(dir.resolve(MemberCredentials.CA_KEY)) || Files.exists(dir.resolve(MemberCredentials.CA_CERT))) {
        throw new IllegalArgumentException(dir + " already holds a ring authority (ca.key or ca.crt)");
      }
      Files.createDirectories(dir.resolve(MemberCredentials.MEMBERS));
      ownerOnly(dir.resolve(MemberCredentials.MEMBERS));
      KeyPair pair = newKeyPair();
      Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      byte[] name = Der.name(ringName, ORGANIZATION);
      byte[] tbs = Der.sequence(
          Der.explicit(0, Der.integer(2)),
          Der.integer(newSerial()),
          algorithm(),
          name,
          Der.sequence(Der.time(now.minus(1, ChronoUnit.HOURS)), Der.time(now.plus(validity))),
          name,
          pair.getPublic().getEncoded(),
          Der.explicit(3, Der.sequence(
              extension("2.5.29.19", true, Der.sequence(Der.bool(true), Der.integer(0))),
              extension("2.5.29.15", true, Der.namedBits(0x06)), // keyCertSign, cRLSign
              extension("2.5.29.14", false, Der.octetString(keyId(pair.getPublic()))))));
      X509Certificate cert = certificate(tbs, pair.getPrivate());
      Pem.writeKey(dir.resolve(MemberCredentials.CA_KEY), pair.getPrivate());
      Pem.writePublic(dir.resolve(MemberCredentials.CA_CERT), "CERTIFICATE", cert.getEncoded());
      RingAuthority ca = new RingAuthority(dir, cert, pair.getPrivate());
      ca.writeCrl(List.of(), BigInteger.ONE);
      return ca;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("could not create the ring authority: " + e, e);
    }
  }

  /**
   * Opens the authority of {@code dir}.
   *
   * @throws IllegalArgumentException if it holds none, or its files do not parse
   */
  public static RingAuthority open(Path dir) {
    Path keyFile = dir.resolve(MemberCredentials.CA_KEY);
    if (!Files.isRegularFile(keyFile)) {
      throw new IllegalArgumentException(dir + " holds no ring authority (no ca.key; run 'ca init' first)");
    }
    try {
      return new RingAuthority(dir, Pem.readCertificate(dir.resolve(MemberCredentials.CA_CERT)),
          Pem.readKey(keyFile, "EC"));
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(dir + ": cannot read the ring authority (" + e.getMessage() + ")", e);
    }
  }

  /** The authority's certificate. */
  public X509Certificate certificate() {
    return cert;
  }

  /**
   * Issues {@code member} a new key and certificate, written to {@code members/NAME.key} (0600)
   * and {@code members/NAME.crt}: for a ring whose members run on the authority's host. Elsewhere
   * the member makes its key itself ({@link #request}) and the authority {@link #sign}s its request.
   *
   * @throws IllegalArgumentException if the name is not a DNS label or already has a certificate
   */
  public X509Certificate issue(String member, Duration validity) {
    checkName(member);
    try {
      KeyPair pair = newKeyPair();
      try (AuthorityLock lock = AuthorityLock.take(dir)) {
        X509Certificate issued = certify(member, pair.getPublic(), validity);
        Pem.writeKey(MemberCredentials.in(dir, member).key(), pair.getPrivate());
        return issued;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("could not issue a certificate: " + e, e);
    }
  }

  /**
   * Makes {@code member}'s key and a certificate request for it in {@code dir}, on the member's
   * own host: the key to {@code members/NAME.key} (0600), where the member's node reads it, the
   * request to {@code members/NAME.csr}, which goes to the authority. The key never leaves
   * {@code dir}. Returns the request's file.
   *
   * @throws IllegalArgumentException if the name is not a DNS label or {@code dir} already holds its key
   */
  public static Path request(Path dir, String member) {
    checkName(member);
    MemberCredentials files = MemberCredentials.in(dir, member);
    if (Files.exists(files.key())) {
      throw new IllegalArgumentException(files.key() + " already exists; a member keeps the key it has (delete it"
          + " to make a new one)");
    }
    try {
      Files.createDirectories(files.key().getParent());
      ownerOnly(files.key().getParent());
      KeyPair pair = newKeyPair();
      Path csr = files.key().resolveSibling(member + ".csr");
      Pem.writeKey(files.key(), pair.getPrivate());
      Pem.writePublic(csr, CertificateRequest.PEM_LABEL, CertificateRequest.encode(member, ORGANIZATION, pair));
      return csr;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("could not make a certificate request: " + e, e);
    }
  }

  /**
   * Issues {@code member} a certificate for the key of its request {@code requestFile} (made by
   * {@link #request}), written to {@code members/NAME.crt}; the authority never sees the key.
   *
   * @throws IllegalArgumentException if the request does not parse or verify, names another
   *     member, or the member already has a certificate
   */
  public X509Certificate sign(String member, Path requestFile, Duration validity) {
    checkName(member);
    CertificateRequest request = CertificateRequest.read(requestFile);
    if (!request.member().equals(member)) {
      throw new IllegalArgumentException(requestFile + " is the request of '" + request.member() + "', not of '"
          + member + "'");
    }
    try (AuthorityLock lock = AuthorityLock.take(dir)) {
      return certify(member, request.publicKey(), validity);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("could not sign the request of '" + member + "': " + e, e);
    }
  }

  /** Writes {@code members/NAME.crt} certifying {@code publicKey}; the caller holds the lock. */
  private X509Certificate certify(String member, PublicKey publicKey, Duration validity)
      throws IOException, GeneralSecurityException {
    MemberCredentials files = MemberCredentials.in(dir, member);
    if (Files.exists(files.certificate())) {
      throw new IllegalArgumentException("member '" + member + "' already has a certificate (" + files.certificate()
          + "); revoke it first to issue a new one");
    }
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    Instant notAfter = now.plus(validity);
    if (notAfter.isAfter(cert.getNotAfter().toInstant())) {
      notAfter = cert.getNotAfter().toInstant();
    }
    byte[] tbs = Der.sequence(
        Der.explicit(0, Der.integer(2)),
        Der.integer(newSerial()),
        algorithm(),
        cert.getSubjectX500Principal().getEncoded(),
        Der.sequence(Der.time(now.minus(1, ChronoUnit.HOURS)), Der.time(notAfter)),
        Der.name(member, ORGANIZATION),
        publicKey.getEncoded(),
        Der.explicit(3, Der.sequence(
            extension("2.5.29.19", true, Der.sequence()),
            extension("2.5.29.15", true, Der.namedBits(0x80)), // digitalSignature
            extension("2.5.29.37", false, Der.sequence(Der.oid("1.3.6.1.5.5.7.3.1"), Der.oid("1.3.6.1.5.5.7.3.2"))),
            extension("2.5.29.17", false, Der.sequence(Der.implicitPrimitive(2,
                member.getBytes(java.nio.charset.StandardCharsets.US_ASCII)))),
            extension("2.5.29.35", false, Der.sequence(Der.implicitPrimitive(0, keyId(cert.getPublicKey())))))));
    X509Certificate issued = certificate(tbs, key);
    Files.createDirectories(files.certificate().getParent());
    Pem.writePublic(files.certificate(), "CERTIFICATE", issued.getEncoded());
    return issued;
  }

  /**
   * Revokes {@code member}'s certificate: a new revocation list with it added (and the CRL number
   * one higher), its certificate moved to {@code revoked/}, its key deleted. Returns the serial.
   *
   * @throws IllegalArgumentException if the member has no certificate
   */
  public BigInteger revoke(String member) {
    checkName(member);
    MemberCredentials files = MemberCredentials.in(dir, member);
    try (AuthorityLock lock = AuthorityLock.take(dir)) {
      if (!Files.exists(files.certificate())) {
        throw new IllegalArgumentException("member '" + member + "' has no certificate in " + dir.resolve(
            MemberCredentials.MEMBERS));
      }
      X509Certificate revoked = Pem.readCertificate(files.certificate());
      X509CRL current = Pem.readCrl(dir.resolve(MemberCredentials.CRL));
      List<BigInteger> serials = new ArrayList<>();
      if (current.getRevokedCertificates() != null) {
        for (X509CRLEntry e : current.getRevokedCertificates()) {
          serials.add(e.getSerialNumber());
        }
      }
      serials.add(revoked.getSerialNumber());
      writeCrl(serials, crlNumber(current).add(BigInteger.ONE));
      Path archive = dir.resolve("revoked");
      Files.createDirectories(archive);
      Files.move(files.certificate(), archive.resolve(member + "-" + revoked.getSerialNumber().toString(16) + ".crt"));
      Files.deleteIfExists(files.key());
      return revoked.getSerialNumber();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("could not revoke '" + member + "': " + e, e);
    }
  }

  /**
   * Every certificate the directory holds, current and revoked, by name then expiry; read under
   * the directory's lock, so that a revocation under way is seen whole or not at all.
   */
  public List<Member> list() {
    try (AuthorityLock lock = AuthorityLock.take(dir)) {
      return list(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Every certificate in the authority layout at {@code dir}, read without the authority's key or
   * lock, so that a member host's copy can be listed too (a certificate moved away while it is
   * listed is left out); revoked means on its {@code crl.pem}, whose signature is checked against
   * {@code ca.crt}.
   *
   * @throws IllegalArgumentException if the directory holds no authority's certificate or list
   */
  public static List<Member> list(Path dir) {
    if (!Files.isRegularFile(dir.resolve(MemberCredentials.CA_CERT))) {
      throw new IllegalArgumentException(dir + " holds no ring authority (no ca.crt; run 'ca init' first)");
    }
    try {
      X509CRL crl = Pem.readCrl(dir.resolve(MemberCredentials.CRL));
      crl.verify(Pem.readCertificate(dir.resolve(MemberCredentials.CA_CERT)).getPublicKey());
      List<Member> out = new ArrayList<>();
      for (String folder : List.of(MemberCredentials.MEMBERS, "revoked")) {
        Path d = dir.resolve(folder);
        if (!Files.isDirectory(d)) {
          continue;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(d, "*.crt")) {
          for (Path f : files) {
            X509Certificate c;
            try {
              c = Pem.readCertificate(f);
            } catch (java.nio.file.NoSuchFileException moved) {
              continue; // revoked (moved to revoked/) by another process while this one listed
            }
            String file = f.getFileName().toString();
            String name = file.substring(0, folder.equals("revoked") ? file.lastIndexOf('-') : file.length() - 4);
            out.add(new Member(name, c.getSerialNumber(), c.getNotAfter().toInstant(), crl.isRevoked(c)));
          }
        }
      }
      out.sort(Comparator.comparing(Member::name).thenComparing(Member::notAfter));
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(dir + ": cannot read its certificates (" + e.getMessage() + ")", e);
    }
  }

  /** The CRL number of a list (0 when it has none). */
  static BigInteger crlNumber(X509CRL crl) {
    byte[] ext = crl.getExtensionValue("2.5.29.20");
    if (ext == null) {
      return BigInteger.ZERO;
    }
    // OCTET STRING { INTEGER n }: short forms only, as this class writes them
    int inner = 2;
    return new BigInteger(java.util.Arrays.copyOfRange(ext, inner + 2, inner + 2 + ext[inner + 1]));
  }

  private void writeCrl(List<BigInteger> serials, BigInteger number) throws IOException, GeneralSecurityException {
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    List<byte[]> fields = new ArrayList<>(List.of(
        Der.integer(1),
        algorithm(),
        cert.getSubjectX500Principal().getEncoded(),
        Der.time(now),
        Der.time(now.plus(DEFAULT_MEMBER_VALIDITY))));
    if (!serials.isEmpty()) {
      byte[][] entries = new byte[serials.size()][];
      for (int i = 0; i < entries.length; i++) {
        entries[i] = Der.sequence(Der.integer(serials.get(i)), Der.time(now));
      }
      fields.add(Der.sequence(entries));
    }
    fields.add(Der.explicit(0, Der.sequence(
        extension("2.5.29.20", false, Der.integer(number)),
        extension("2.5.29.35", false, Der.sequence(Der.implicitPrimitive(0, keyId(cert.getPublicKey())))))));
    byte[] tbs = Der.sequence(fields.toArray(new byte[0][]));
    byte[] der = Der.sequence(tbs, algorithm(), Der.bitString(sign(tbs, key)));
    X509CRL crl = (X509CRL) CertificateFactory.getInstance("X.509").generateCRL(new java.io.ByteArrayInputStream(der));
    crl.verify(cert.getPublicKey());
    Pem.writePublic(dir.resolve(MemberCredentials.CRL), "X509 CRL", der);
  }

  private static X509Certificate certificate(byte[] tbs, PrivateKey signer) throws GeneralSecurityException {
    byte[] der = Der.sequence(tbs, algorithm(), Der.bitString(sign(tbs, signer)));
    return (X509Certificate) CertificateFactory.getInstance("X.509")
        .generateCertificate(new java.io.ByteArrayInputStream(der));
  }

  private static byte[] sign(byte[] tbs, PrivateKey signer) throws GeneralSecurityException {
    Signature s = Signature.getInstance(SIGNATURE);
    s.initSign(signer);
    s.update(tbs);
    return s.sign();
  }

  private static byte[] algorithm() {
    return Der.sequence(Der.oid(ECDSA_SHA256_OID));
  }

  private static byte[] extension(String oid, boolean critical, byte[] value) {
    return critical ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octetString(value))
        : Der.sequence(Der.oid(oid), Der.octetString(value));
  }

  /** SHA-1 of the encoded public key (RFC 5280's key identifiers need only be unique). */
  private static byte[] keyId(PublicKey key) throws GeneralSecurityException {
    return MessageDigest.getInstance("SHA-1").digest(key.getEncoded());
  }

  private static KeyPair newKeyPair() throws GeneralSecurityException {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp256r1"));
    return g.generateKeyPair();
  }

  private static BigInteger newSerial() {
    byte[] b = new byte[16];
    new SecureRandom().nextBytes(b);
    b[0] &= 0x7f;
    b[0] |= 0x40; // 127 bits, never a short encoding
    return new BigInteger(1, b);
  }

  private static void checkName(String member) {
    if (!MEMBER_NAME.matcher(member).matches()) {
      throw new IllegalArgumentException("member name must be a lower-case DNS label (a-z, 0-9, '-', 1-63 chars): '"
          + member + "'");
    }
  }

  private static void ownerOnly(Path d) throws IOException {
    if (Files.getFileStore(d).supportsFileAttributeView("posix")) {
      Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwx------"));
    }
  }
}
