package org.bloomchord.overlay.vertx;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.PfxOptions;
import io.vertx.core.net.ServerSSLOptions;
import io.vertx.core.net.TrustOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Provider;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.ManagerFactoryParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.TrustManagerFactorySpi;
import org.bloomchord.overlay.admission.MemberTrust;

/**
 * Mutual TLS on the event bus with a member's own certificate, admitting peers through
 * {@link MemberTrust} (chain to the ring authority, revocation list, refusals counted).
 *
 * <p>Two steps, because Vert.x copies the event bus' options through JSON, which keeps key and
 * trust stores but not a trust manager object: {@link #prepare} starts the bus with the member's
 * key and a trust store holding only the member's own certificate, which admits nobody else; once
 * the clustered instance runs, {@link #install} hands the event bus' TCP server and client the
 * member's trust manager through their public {@code updateSSLOptions}. Reaching that server and
 * client takes reflection on two private fields of Vert.x' {@code ClusteredEventBus}
 * ({@code server}, {@code client}); if a Vert.x version renames them, {@link #install} fails and
 * the node does not start, rather than run with the wrong trust.
 */
final class MemberTls {

  private static final String PASSWORD = "member";
  private static final long INSTALL_TIMEOUT_MS = 30_000;

  private MemberTls() {
  }

  /** TLS with required client certificates, the member's key, and trust in no one else yet. */
  static void prepare(EventBusOptions bus, MemberTrust trust) {
    try {
      KeyStore trustNoOne = KeyStore.getInstance("PKCS12");
      trustNoOne.load(null, null);
      trustNoOne.setCertificateEntry("self", trust.certificate());
      bus.setSsl(true).setClientAuth(ClientAuth.REQUIRED)
          .setKeyCertOptions(pfx(trust.keyStore(PASSWORD.toCharArray())))
          .setTrustOptions(pfx(trustNoOne));
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot build the member's key store: " + e, e);
    }
  }

  /** Gives the running event bus' server and client the member's trust manager. */
  static void install(Vertx vertx, MemberTrust trust) {
    KeyCertOptions keys = new MemberKeys(trust.keyManagers());
    TrustOptions admits = new MemberTrustOptions(trust);
    EventBus bus = vertx.eventBus();
    NetServer server = (NetServer) field(bus, "server");
    NetClient client = (NetClient) field(bus, "client");
    try {
      server.updateSSLOptions(new ServerSSLOptions().setClientAuth(ClientAuth.REQUIRED).setKeyCertOptions(keys)
          .setTrustOptions(admits), true).toCompletionStage().toCompletableFuture()
          .get(INSTALL_TIMEOUT_MS, TimeUnit.MILLISECONDS);
      client.updateSSLOptions(new ClientSSLOptions().setHostnameVerificationAlgorithm("").setKeyCertOptions(keys)
          .setTrustOptions(admits), true).toCompletionStage().toCompletableFuture()
          .get(INSTALL_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("could not install the member's trust on the event bus: " + e, e);
    }
  }

  private static Object field(Object owner, String name) {
    for (Class<?> c = owner.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        Object value = f.get(owner);
        if (value == null) {
          throw new IllegalStateException("the event bus' " + name + " is not running");
        }
        return value;
      } catch (NoSuchFieldException e) {
        // look in the superclass
      } catch (IllegalAccessException | RuntimeException e) {
        throw new IllegalStateException("cannot reach the event bus' " + name + ": " + e, e);
      }
    }
    throw new IllegalStateException("this Vert.x version's event bus has no field '" + name + "'");
  }

  private static PfxOptions pfx(KeyStore store) throws IOException, GeneralSecurityException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    store.store(out, PASSWORD.toCharArray());
    return new PfxOptions().setValue(Buffer.buffer(out.toByteArray())).setPassword(PASSWORD);
  }

  /**
   * The member's key and certificate. Not {@code KeyCertOptions.wrap}: Vert.x' wrappers load SLF4J,
   * which this project does not ship.
   */
  private record MemberKeys(KeyManagerFactory factory) implements KeyCertOptions {
    @Override
    public KeyCertOptions copy() {
      return this;
    }

    @Override
    public KeyManagerFactory getKeyManagerFactory(Vertx vertx) {
      return factory;
    }

    @Override
    public Function<String, KeyManagerFactory> keyManagerFactoryMapper(Vertx vertx) {
      return serverName -> null; // no server names: one certificate for every connection
    }
  }

  /** The member's trust as the only trust manager of a factory, for the same reason. */
  private record MemberTrustOptions(MemberTrust trust) implements TrustOptions {
    private static final Provider PROVIDER = new Provider("bloomchord-member", "1", "a ring member's trust") {
      private static final long serialVersionUID = 1L;
    };

    @Override
    public TrustOptions copy() {
      return this;
    }

    @Override
    public TrustManagerFactory getTrustManagerFactory(Vertx vertx) {
      TrustManager[] managers = {trust};
      return new TrustManagerFactory(new TrustManagerFactorySpi() {
        @Override
        protected void engineInit(KeyStore ks) {
        }

        @Override
        protected void engineInit(ManagerFactoryParameters spec) {
        }

        @Override
        protected TrustManager[] engineGetTrustManagers() {
          return managers.clone();
        }
      }, PROVIDER, "member") {
      };
    }

    @Override
    public Function<String, TrustManager[]> trustManagerMapper(Vertx vertx) {
      return serverName -> null;
    }
  }
}
