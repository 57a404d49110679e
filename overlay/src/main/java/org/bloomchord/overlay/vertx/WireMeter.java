package org.bloomchord.overlay.vertx;

import io.vertx.core.VertxOptions;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.VertxMetricsFactory;
import io.vertx.core.spi.metrics.TCPMetrics;
import io.vertx.core.spi.metrics.VertxMetrics;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the bytes one Vert.x instance writes to and reads from TCP connections: in a clustered
 * node these are the event-bus connections to the other JVMs, so the count includes the event
 * bus' own framing; it is what really crosses, short of TLS records (with TLS, Vert.x counts the
 * plaintext it writes, so the records' own bytes, about 30 per record, are not in it). Plugged in as the
 * instance's metrics SPI.
 */
final class WireMeter implements VertxMetricsFactory, VertxMetrics, TCPMetrics<Object> {

  private final LongAdder written = new LongAdder();
  private final LongAdder read = new LongAdder();

  /** Bytes written to TCP sockets so far. */
  long written() {
    return written.sum();
  }

  /** Bytes read from TCP sockets so far. */
  long read() {
    return read.sum();
  }

  @Override
  public VertxMetrics metrics(VertxOptions options) {
    return this;
  }

  @Override
  public TCPMetrics<?> createNetServerMetrics(NetServerOptions options, SocketAddress localAddress) {
    return this;
  }

  @Override
  public TCPMetrics<?> createNetClientMetrics(NetClientOptions options) {
    return this;
  }

  @Override
  public void bytesRead(Object socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
    read.add(numberOfBytes);
  }

  @Override
  public void bytesWritten(Object socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
    written.add(numberOfBytes);
  }
}
