package org.bloomchord.overlay.vertx;

import io.vertx.core.buffer.Buffer;

/**
 * The event-bus codec of {@link LocalExchange}: by reference, within one JVM only. Exchanges are
 * always sent local-only; between JVMs requests cross in {@link GatewayFrame}s, so the wire
 * methods refuse.
 */
final class LocalExchangeCodec extends ByReferenceCodec<LocalExchange> {

  /** The name the codec selector answers for every {@link LocalExchange}. */
  static final String NAME = "bloomchord-local-exchange";

  LocalExchangeCodec() {
    super(NAME);
  }

  @Override
  public void encodeToWire(Buffer buffer, LocalExchange exchange) {
    throw new IllegalStateException("a local exchange never leaves its JVM");
  }

  @Override
  public LocalExchange decodeFromWire(int pos, Buffer buffer) {
    throw new IllegalStateException("a local exchange never arrives from another JVM");
  }
}
