package org.bloomchord.overlay.admission;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.math.BigInteger;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.WeakHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * What one member trusts, and what it presents: a peer is admitted when its certificate chains to
 * the ring authority (the JDK's PKIX trust manager over a store holding only the authority's
 * certificate: signature, validity, key usage) and is not on the authority's revocation list.
 * Every refusal is counted by {@link Refusal} and logged with the refused subject (one line per
 * subject and reason per {@link #LOG_EVERY_MS}, so that a peer retrying cannot flood the log).
 *
 * <p>The revocation list ({@link RevocationList}) is read at construction and again whenever its
 * file changes, looked at no more than once per {@link #RELOAD_CHECK_MS}: at handshakes and at
 * every {@link #refresh}, which the node calls on a timer of that period.
 *
 * <p>Revocation reaches connections already open: the TLS engine of every connection admitted is
 * remembered (weakly), and when a new list names its peer the engine is closed both ways, so the
 * peer's next records are not read and nothing more is sent to it (counted as a refusal). A TLS
 * session resumed by a later connection would skip the trust manager (the JDK does not consult it
 * on resumption), so every admitted session is invalidated as it is admitted: each connection runs
 * a full handshake through {@link #admit}.
 *
 * <p>Thread-safe: handshakes run on event loops, the list is swapped by reference.
 */
public final class MemberTrust extends X509ExtendedTrustManager {

  /** How often the revocation list's file is looked at, at most. */
  public static final long RELOAD_CHECK_MS = 1_000;
  /** The least time between two log lines about one subject refused for one reason. */
  public static final long LOG_EVERY_MS = 10_000;
  private static final int LOGGED_SUBJECTS = 256;
  private static final char[] STORE_PASSWORD = "member".toCharArray();
  private static final Logger LOG = System.getLogger(MemberTrust.class.getName());

  private final MemberCredentials files;
  private final X509Certificate authority;
  private final X509Certificate own;
  private final PrivateKey key;
  private final X509ExtendedTrustManager pkix;
  private final Map<Refusal, LongAdder> refusals = new EnumMap<>(Refusal.class);
  private final Map<String, Long> lastLogged = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
      return size() > LOGGED_SUBJECTS;
    }
  };
  private final Map<SSLEngine, X509Certificate> admitted = Collections.synchronizedMap(new WeakHashMap<>());
  private final RevocationList revocations;

  /**
   * Reads the member's files and checks its own certificate: issued by the authority, in its
   * validity dates, and not revoked by the list given.
   *
   * @throws IllegalArgumentException naming the file or the problem, when any of that fails
   */
  public MemberTrust(MemberCredentials files) {
    this(files, RELOAD_CHECK_MS);
  }

  /** As {@link #MemberTrust(MemberCredentials)}, looking at the list's file every {@code reloadCheckMs}. */
  MemberTrust(MemberCredentials files, long reloadCheckMs) {
    this.files = files;
    try {
      authority = Pem.readCertificate(files.caCertificate());
      own = Pem.readCertificate(files.certificate());
      key = Pem.readKey(files.key(), own.getPublicKey().getAlgorithm());
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setCertificateEntry("ring-authority", authority);
      TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
      tmf.init(store);
      pkix = pkixOf(tmf.getTrustManagers());
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("member '" + files.member() + "': cannot read its certificate files ("
          + e.getMessage() + ")", e);
    }
    try {
      own.verify(authority.getPublicKey());
      own.checkValidity();
      if (!keyMatches(key, own)) {
        throw new IllegalArgumentException("member '" + files.member() + "': " + files.key() + " is not the key of "
            + files.certificate());
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("member '" + files.member() + "': " + files.certificate()
          + " is not a valid certificate of the authority " + files.caCertificate() + " (" + e.getMessage() + ")", e);
    }
    for (Refusal r : Refusal.values()) {
      refusals.put(r, new LongAdder());
    }
    revocations = RevocationList.open(files.member(), files.crl(), authority, reloadCheckMs);
    if (revocations.serials().contains(own.getSerialNumber())) {
      throw new IllegalArgumentException("member '" + files.member() + "' is revoked by " + files.crl()
          + "; issue it a new certificate");
    }
  }

  /** This member's certificate. */
  public X509Certificate certificate() {
    return own;
  }

  /** The ring authority's certificate. */
  public X509Certificate authority() {
    return authority;
  }

  /** An in-memory PKCS#12 store of this member's key and certificate chain under {@code password}. */
  public KeyStore keyStore(char[] password) throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry("member", key, password, new X509Certificate[] {own, authority});
    return store;
  }

  /** A key manager factory presenting this member's key and certificate (with the authority's). */
  public KeyManagerFactory keyManagers() {
    try {
      KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(keyStore(STORE_PASSWORD), STORE_PASSWORD);
      return kmf;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot build the key store of member '" + files.member() + "': " + e, e);
    }
  }

  /**
   * Reloads the revocation list if its file changed, and closes the open connections of peers it
   * now revokes. Returns how many it closed.
   */
  public int refresh() {
    Set<BigInteger> before = revocations.current();
    Set<BigInteger> now = revocations.serials();
    if (now == before) {
      return 0;
    }
    List<Map.Entry<SSLEngine, X509Certificate>> toClose = new ArrayList<>();
    synchronized (admitted) {
      for (Map.Entry<SSLEngine, X509Certificate> e : admitted.entrySet()) {
        if (now.contains(e.getValue().getSerialNumber())) {
          toClose.add(e);
        }
      }
      for (Map.Entry<SSLEngine, X509Certificate> e : toClose) {
        admitted.remove(e.getKey());
      }
    }
    for (Map.Entry<SSLEngine, X509Certificate> e : toClose) {
      SSLEngine engine = e.getKey();
      engine.closeOutbound();
      try {
        engine.closeInbound();
      } catch (SSLException expected) {
        // closing before the peer's close_notify: exactly what is meant
      }
      refuse(Refusal.REVOKED, e.getValue(), "connection closed");
    }
    return toClose.size();
  }

  /**
   * Counts and logs a refusal decided outside the trust manager (a handshake that presented no
   * certificate or spoke no TLS, a connection closed for its peer's revocation); {@code from} names
   * the peer (an address, or a certificate subject).
   */
  public void refused(Refusal why, String from) {
    refuse(why, from, null, "connection refused");
  }

  /** Refusals so far by reason (every reason present, zeros included). */
  public Map<Refusal, Long> refusals() {
    Map<Refusal, Long> out = new EnumMap<>(Refusal.class);
    refusals.forEach((r, n) -> out.put(r, n.sum()));
    return out;
  }

  /** How many certificates the current revocation list names. */
  public int revokedCount() {
    return revocations.serials().size();
  }

  /** Whether {@code cert} is revoked by the current list (reloaded first if its file changed). */
  public boolean isRevoked(X509Certificate cert) {
    return revocations.serials().contains(cert.getSerialNumber())
        && cert.getIssuerX500Principal().equals(authority.getSubjectX500Principal());
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
    admit(chain, () -> pkix.checkClientTrusted(chain, authType, engine));
    remember(engine, chain[0]);
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
    admit(chain, () -> pkix.checkServerTrusted(chain, authType, engine));
    remember(engine, chain[0]);
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
    admit(chain, () -> pkix.checkClientTrusted(chain, authType, socket));
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
    admit(chain, () -> pkix.checkServerTrusted(chain, authType, socket));
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
    admit(chain, () -> pkix.checkClientTrusted(chain, authType));
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
    admit(chain, () -> pkix.checkServerTrusted(chain, authType));
  }

  @Override
  public X509Certificate[] getAcceptedIssuers() {
    return new X509Certificate[] {authority};
  }

  private interface Check {
    void run() throws CertificateException;
  }

  private void admit(X509Certificate[] chain, Check pkixCheck) throws CertificateException {
    if (chain == null || chain.length == 0) {
      refuse(Refusal.INVALID, null, "handshake refused");
      throw new CertificateException("no certificate presented");
    }
    try {
      pkixCheck.run();
    } catch (CertificateException e) {
      Refusal why = classify(chain[0]);
      refuse(why, chain[0], "handshake refused");
      throw new CertificateException(chain[0].getSubjectX500Principal() + " refused: " + why.label(), e);
    }
    if (isRevoked(chain[0])) {
      refuse(Refusal.REVOKED, chain[0], "handshake refused");
      throw new CertificateException(chain[0].getSubjectX500Principal() + " refused: revoked");
    }
  }

  /** Keeps the engine of an admitted connection, and keeps its session from being resumed. */
  private void remember(SSLEngine engine, X509Certificate peer) {
    if (engine == null) {
      return;
    }
    SSLSession session = engine.getHandshakeSession();
    if (session != null) {
      session.invalidate();
    }
    admitted.put(engine, peer);
  }

  private Refusal classify(X509Certificate leaf) {
    try {
      leaf.verify(authority.getPublicKey());
    } catch (GeneralSecurityException e) {
      return Refusal.UNKNOWN_AUTHORITY;
    }
    try {
      leaf.checkValidity();
    } catch (CertificateException e) {
      return Refusal.EXPIRED;
    }
    return Refusal.INVALID;
  }

  private void refuse(Refusal why, X509Certificate peer, String what) {
    refuse(why, peer == null ? "(no certificate)" : peer.getSubjectX500Principal().getName(), peer, what);
  }

  private void refuse(Refusal why, String subject, X509Certificate peer, String what) {
    refusals.get(why).increment();
    long now = System.currentTimeMillis();
    synchronized (lastLogged) {
      Long last = lastLogged.get(subject + why);
      if (last != null && now - last < LOG_EVERY_MS) {
        return;
      }
      lastLogged.put(subject + why, now);
    }
    LOG.log(Level.WARNING, "member " + files.member() + ": " + what + " for " + subject
        + (peer == null ? "" : " (serial " + peer.getSerialNumber().toString(16) + ", issuer "
        + peer.getIssuerX500Principal().getName() + ")") + ": " + why.label());
  }

  /** Whether {@code key} signs what {@code cert}'s public key verifies (EC keys, as the authority issues). */
  private static boolean keyMatches(PrivateKey key, X509Certificate cert) throws GeneralSecurityException {
    if (!"EC".equals(key.getAlgorithm())) {
      return true; // not ours to issue; the TLS handshake will tell
    }
    byte[] probe = "bloomchord member key check".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    Signature s = Signature.getInstance(RingAuthority.SIGNATURE);
    s.initSign(key);
    s.update(probe);
    byte[] signature = s.sign();
    s.initVerify(cert.getPublicKey());
    s.update(probe);
    return s.verify(signature);
  }

  private static X509ExtendedTrustManager pkixOf(TrustManager[] managers) throws GeneralSecurityException {
    for (TrustManager m : managers) {
      if (m instanceof X509ExtendedTrustManager x) {
        return x;
      }
    }
    throw new GeneralSecurityException("the JDK offers no PKIX trust manager");
  }
}
