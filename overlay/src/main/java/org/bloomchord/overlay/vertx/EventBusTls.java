package org.bloomchord.overlay.vertx;

import io.netty.handler.ssl.util.SelfSignedCertificate;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.net.PfxOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.util.Date;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Mutual TLS on the event bus from a shared secret: every member derives the same RSA key pair and
 * self-signed certificate from the secret (a generator seeded with it), presents that certificate,
 * and trusts nothing else, with client certificates required. A process without the secret cannot
 * produce the private key, so its event-bus connections fail the handshake: it can neither send to
 * a gateway nor receive from one, even if it joined the Hazelcast cluster.
 *
 * <p>The key is as strong as the secret: use a long random one. The certificate stands in for a
 * private CA of one certificate; members are told apart by their node names, not by certificates.
 */
final class EventBusTls {

  /** The certificate's validity is fixed, so that every member derives the same bytes. */
  private static final Date NOT_BEFORE = new Date(0L);
  private static final Date NOT_AFTER = new Date(4_102_444_800_000L);
  private static final String PASSWORD = "bloomchord";
  private static final Map<String, Derived> DERIVED = new ConcurrentHashMap<>();

  /** The derived key (with its certificate) and the trust store holding only that certificate. */
  private record Derived(PfxOptions keys, PfxOptions trust, KeyStore keyStore, KeyStore trustStore) {
  }

  private EventBusTls() {
  }

  /** Turns on TLS with required client certificates, keyed by the hex seed of {@link ClusterOptions#tlsSeed}. */
  static void apply(EventBusOptions bus, String tlsSeed) {
    // deriving an RSA key takes a second or two; nodes of one JVM with one secret share it
    Derived stores = DERIVED.computeIfAbsent(tlsSeed, EventBusTls::derive);
    bus.setSsl(true).setClientAuth(ClientAuth.REQUIRED).setKeyCertOptions(stores.keys()).setTrustOptions(stores.trust());
  }

  /** The key store (password {@link #storePassword()}) of the certificate derived from {@code tlsSeed}. */
  static KeyStore keyStore(String tlsSeed) {
    return DERIVED.computeIfAbsent(tlsSeed, EventBusTls::derive).keyStore();
  }

  /** The trust store holding only the certificate derived from {@code tlsSeed}. */
  static KeyStore trustStore(String tlsSeed) {
    return DERIVED.computeIfAbsent(tlsSeed, EventBusTls::derive).trustStore();
  }

  /** The password of the derived key store. */
  static char[] storePassword() {
    return PASSWORD.toCharArray();
  }

  @SuppressWarnings("deprecation") // Netty's constructor taking a generator is the one that is deterministic
  private static Derived derive(String tlsSeed) {
    try {
      SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
      // seeded before first use, SHA1PRNG is a deterministic generator of the seed alone
      random.setSeed(HexFormat.of().parseHex(tlsSeed));
      SelfSignedCertificate cert = new SelfSignedCertificate("bloomchord", random, 2048, NOT_BEFORE, NOT_AFTER, "RSA");
      try {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("member", cert.key(), PASSWORD.toCharArray(), new Certificate[] {cert.cert()});
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ring", cert.cert());
        return new Derived(pfx(keys), pfx(trust), keys, trust);
      } finally {
        cert.delete();
      }
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("could not derive the event-bus certificate: " + e, e);
    }
  }

  private static PfxOptions pfx(KeyStore store) throws GeneralSecurityException, IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    store.store(out, PASSWORD.toCharArray());
    return new PfxOptions().setValue(Buffer.buffer(out.toByteArray())).setPassword(PASSWORD);
  }
}
