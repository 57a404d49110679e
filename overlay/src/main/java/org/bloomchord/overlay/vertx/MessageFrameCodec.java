package org.bloomchord.overlay.vertx;

import io.vertx.core.buffer.Buffer;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The one event-bus codec of every protocol message. Within a JVM it passes the immutable record
 * by reference ({@link #transform} returns it unchanged). Peers' deliveries are local-only; between
 * JVMs a message travels inside a {@link GatewayFrame} to the receiving node's {@link Gateway}, so
 * the wire methods below, the same length-prefixed wire frame, serve only a message someone sends
 * on the clustered bus by hand, and never Java serialization.
 */
final class MessageFrameCodec extends ByReferenceCodec<Message> {

  /** The name the codec selector answers for every {@link Message}. */
  static final String NAME = "bloomchord-message";

  private final WireRegistry registry;

  MessageFrameCodec(WireRegistry registry) {
    super(NAME);
    this.registry = registry;
  }

  @Override
  public void encodeToWire(Buffer buffer, Message message) {
    byte[] frame = registry.encode(message);
    buffer.appendInt(frame.length).appendBytes(frame);
  }

  @Override
  public Message decodeFromWire(int pos, Buffer buffer) {
    int length = buffer.getInt(pos);
    return registry.decode(buffer.getBytes(pos + 4, pos + 4 + length));
  }
}
