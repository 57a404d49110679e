package org.bloomchord.overlay.vertx.cluster;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.MulticastSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.Refusal;
import org.jgroups.util.SocketFactory;
import org.jgroups.util.Util;

/**
 * The sockets of the JGroups cluster plane: TLS only, client certificates required, both ways.
 * Every TCP connection JGroups opens or accepts is an {@link SSLSocket} of one {@link SSLContext}
 * holding this member's key and its trust: {@link MemberTrust} (the ring authority, its revocation
 * list) in the member-certificate mode, the derived certificate alone in the shared-secret mode.
 * No datagram, multicast or plain channel is handed out, so nothing of the plane travels in clear.
 *
 * <p>An accepted connection finishes its handshake before JGroups sees it ({@link GuardedServerSocket}):
 * a peer that speaks no TLS, presents no certificate or a refused one never reaches JGroups and is
 * counted by {@link Refusal} (through the member's trust in the member mode, in {@link #refusals}
 * in the secret mode). Admitted connections are remembered with their peer's certificate, weakly,
 * so that {@link #closeRevoked} can close those whose peer a new revocation list names; their
 * sessions are invalidated as they are admitted, so that a later connection runs a full handshake
 * (the JDK skips the trust manager when it resumes a session).
 */
public final class PlaneSockets implements SocketFactory {

  private final SSLContext context;
  private final MemberTrust trust;
  private final PlaneRefusals refusals;
  private final Map<SSLSocket, X509Certificate> admitted = Collections.synchronizedMap(new WeakHashMap<>());

  private PlaneSockets(SSLContext context, MemberTrust trust, PlaneRefusals refusals) {
    this.context = context;
    this.trust = trust;
    this.refusals = refusals;
  }

  /** The sockets of a member admitting by its certificate and {@code trust}. */
  public static PlaneSockets member(MemberTrust trust) {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(trust.keyManagers().getKeyManagers(), new TrustManager[] {trust}, null);
      return new PlaneSockets(context, trust, new PlaneRefusals(trust));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot build the cluster plane's TLS context: " + e, e);
    }
  }

  /**
   * The sockets of the shared-secret mode: the derived key of {@code keys} (password
   * {@code password}) presented, the certificates of {@code trusted} alone admitted.
   */
  public static PlaneSockets secret(KeyStore keys, char[] password, KeyStore trusted) {
    try {
      KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(keys, password);
      TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
      tmf.init(trusted);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
      return new PlaneSockets(context, null, new PlaneRefusals(null));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot build the cluster plane's TLS context: " + e, e);
    }
  }

  /** Refusals at the cluster port so far, by reason (every reason present). */
  public Map<Refusal, Long> refusals() {
    return refusals.counts();
  }

  /**
   * Closes every open connection whose peer the member's current revocation list names (each a
   * {@code revoked} refusal); none in the secret mode. Returns how many it closed.
   */
  public int closeRevoked() {
    if (trust == null) {
      return 0;
    }
    List<Map.Entry<SSLSocket, X509Certificate>> revoked = new ArrayList<>();
    synchronized (admitted) {
      for (Map.Entry<SSLSocket, X509Certificate> e : admitted.entrySet()) {
        if (trust.isRevoked(e.getValue())) {
          revoked.add(e);
        }
      }
      revoked.forEach(e -> admitted.remove(e.getKey()));
    }
    for (Map.Entry<SSLSocket, X509Certificate> e : revoked) {
      Util.close(e.getKey());
      refusals.count(Refusal.REVOKED, e.getValue().getSubjectX500Principal().getName());
    }
    return revoked.size();
  }

  /** Takes an admitted connection's peer, or refuses it if it is revoked (a resumed session skips the trust manager). */
  boolean admit(SSLSocket socket) throws SSLPeerUnverifiedException {
    Certificate[] chain = socket.getSession().getPeerCertificates();
    X509Certificate peer = (X509Certificate) chain[0];
    socket.getSession().invalidate();
    if (trust != null && trust.isRevoked(peer)) {
      refusals.count(Refusal.REVOKED, peer.getSubjectX500Principal().getName());
      return false;
    }
    admitted.put(socket, peer);
    return true;
  }

  PlaneRefusals refusalCounter() {
    return refusals;
  }

  private Socket client() throws IOException {
    SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket();
    socket.addHandshakeCompletedListener(event -> {
      try {
        if (!admit(event.getSocket())) {
          Util.close(event.getSocket());
        }
      } catch (SSLPeerUnverifiedException e) {
        Util.close(event.getSocket());
      }
    });
    return socket;
  }

  private ServerSocket server() throws IOException {
    SSLServerSocket socket = (SSLServerSocket) context.getServerSocketFactory().createServerSocket();
    socket.setNeedClientAuth(true);
    return new GuardedServerSocket(socket, this);
  }

  @Override
  public Socket createSocket(String service) throws IOException {
    return client();
  }

  @Override
  public Socket createSocket(String service, String host, int port) throws IOException {
    Socket s = client();
    s.connect(new java.net.InetSocketAddress(host, port));
    return s;
  }

  @Override
  public Socket createSocket(String service, InetAddress address, int port) throws IOException {
    Socket s = client();
    s.connect(new java.net.InetSocketAddress(address, port));
    return s;
  }

  @Override
  public Socket createSocket(String service, String host, int port, InetAddress localAddr, int localPort)
      throws IOException {
    Socket s = client();
    s.bind(new java.net.InetSocketAddress(localAddr, localPort));
    s.connect(new java.net.InetSocketAddress(host, port));
    return s;
  }

  @Override
  public Socket createSocket(String service, InetAddress address, int port, InetAddress localAddr, int localPort)
      throws IOException {
    Socket s = client();
    s.bind(new java.net.InetSocketAddress(localAddr, localPort));
    s.connect(new java.net.InetSocketAddress(address, port));
    return s;
  }

  @Override
  public ServerSocket createServerSocket(String service) throws IOException {
    return server();
  }

  @Override
  public ServerSocket createServerSocket(String service, int port) throws IOException {
    ServerSocket s = server();
    s.bind(new java.net.InetSocketAddress(port));
    return s;
  }

  @Override
  public ServerSocket createServerSocket(String service, int port, int backlog) throws IOException {
    ServerSocket s = server();
    s.bind(new java.net.InetSocketAddress(port), backlog);
    return s;
  }

  @Override
  public ServerSocket createServerSocket(String service, int port, int backlog, InetAddress bindAddr)
      throws IOException {
    ServerSocket s = server();
    s.bind(new java.net.InetSocketAddress(bindAddr, port), backlog);
    return s;
  }

  @Override
  public SocketChannel createSocketChannel(String service) throws IOException {
    throw new IOException("the cluster plane has no plain channels (" + service + ")");
  }

  @Override
  public ServerSocketChannel createServerSocketChannel(String service) throws IOException {
    throw new IOException("the cluster plane has no plain channels (" + service + ")");
  }

  @Override
  public DatagramSocket createDatagramSocket(String service) throws SocketException {
    throw new SocketException("the cluster plane has no datagram sockets (" + service + ")");
  }

  @Override
  public DatagramSocket createDatagramSocket(String service, SocketAddress bindaddr) throws SocketException {
    throw new SocketException("the cluster plane has no datagram sockets (" + service + ")");
  }

  @Override
  public DatagramSocket createDatagramSocket(String service, int port) throws SocketException {
    throw new SocketException("the cluster plane has no datagram sockets (" + service + ")");
  }

  @Override
  public DatagramSocket createDatagramSocket(String service, int port, InetAddress laddr) throws SocketException {
    throw new SocketException("the cluster plane has no datagram sockets (" + service + ")");
  }

  @Override
  public MulticastSocket createMulticastSocket(String service) throws IOException {
    throw new IOException("the cluster plane has no multicast (" + service + ")");
  }

  @Override
  public MulticastSocket createMulticastSocket(String service, int port) throws IOException {
    throw new IOException("the cluster plane has no multicast (" + service + ")");
  }

  @Override
  public MulticastSocket createMulticastSocket(String service, SocketAddress bindaddr) throws IOException {
    throw new IOException("the cluster plane has no multicast (" + service + ")");
  }

  @Override
  public void close(Socket socket) {
    Util.close(socket);
  }

  @Override
  public void close(ServerSocket socket) {
    Util.close(socket);
  }

  @Override
  public void close(DatagramSocket socket) {
    Util.close(socket);
  }
}
