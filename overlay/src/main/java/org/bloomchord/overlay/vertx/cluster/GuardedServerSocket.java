package org.bloomchord.overlay.vertx.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.jgroups.util.Util;

/**
 * The cluster port: an {@link SSLServerSocket} whose {@link #accept} returns only connections that
 * finished a TLS handshake with an admitted certificate within {@link #HANDSHAKE_TIMEOUT_MS}. The
 * others are closed and counted ({@link PlaneRefusals}), and JGroups never sees them, so a plain
 * TCP client, a client without a certificate or with a refused one gets no byte of the plane.
 *
 * <p>The handshake runs on JGroups' acceptor thread, as JGroups' own first read of a connection
 * does; the timeout bounds how long one silent client holds it.
 */
final class GuardedServerSocket extends ServerSocket {

  /** How long an accepted connection has to finish its TLS handshake. */
  static final int HANDSHAKE_TIMEOUT_MS = 2_000;

  private final SSLServerSocket delegate;
  private final PlaneSockets sockets;

  GuardedServerSocket(SSLServerSocket delegate, PlaneSockets sockets) throws IOException {
    this.delegate = delegate;
    this.sockets = sockets;
  }

  @Override
  public Socket accept() throws IOException {
    while (true) {
      SSLSocket socket = (SSLSocket) delegate.accept();
      String from = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
      try {
        socket.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
        socket.startHandshake();
        socket.setSoTimeout(0);
        if (sockets.admit(socket)) {
          return socket;
        }
      } catch (IOException e) {
        sockets.refusalCounter().handshakeFailed(e, from);
      }
      Util.close(socket);
      if (delegate.isClosed()) {
        throw new SocketException("the cluster port is closed");
      }
    }
  }

  @Override
  public void bind(SocketAddress endpoint) throws IOException {
    delegate.bind(endpoint);
  }

  @Override
  public void bind(SocketAddress endpoint, int backlog) throws IOException {
    delegate.bind(endpoint, backlog);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
    super.close();
  }

  @Override
  public boolean isClosed() {
    return delegate.isClosed();
  }

  @Override
  public boolean isBound() {
    return delegate.isBound();
  }

  @Override
  public int getLocalPort() {
    return delegate.getLocalPort();
  }

  @Override
  public InetAddress getInetAddress() {
    return delegate.getInetAddress();
  }

  @Override
  public SocketAddress getLocalSocketAddress() {
    return delegate.getLocalSocketAddress();
  }

  @Override
  public void setReceiveBufferSize(int size) throws SocketException {
    delegate.setReceiveBufferSize(size);
  }

  @Override
  public int getReceiveBufferSize() throws SocketException {
    return delegate.getReceiveBufferSize();
  }

  @Override
  public void setReuseAddress(boolean on) throws SocketException {
    delegate.setReuseAddress(on);
  }

  @Override
  public boolean getReuseAddress() throws SocketException {
    return delegate.getReuseAddress();
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    delegate.setSoTimeout(timeout);
  }

  @Override
  public int getSoTimeout() throws IOException {
    return delegate.getSoTimeout();
  }

  @Override
  public String toString() {
    return "cluster port " + delegate.getLocalSocketAddress();
  }
}
