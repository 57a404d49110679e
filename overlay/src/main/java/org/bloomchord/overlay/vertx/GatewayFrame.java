package org.bloomchord.overlay.vertx;

import io.vertx.core.buffer.Buffer;
import java.util.Objects;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * What travels between two gateways: one protocol message in its wire encoding inside a small
 * envelope naming the receiving peer, the sending peer and, for a request, its timeout.
 *
 * <pre>
 *   byte version (1) | byte kind (0 send, 1 request, 2 reply)
 *   send, request: string to | string from | long fromId | varint timeoutMs (request only)
 *   all:           bytes message frame (varint length, tagged frame of the WireRegistry)
 * </pre>
 *
 * @param kind {@link #SEND}, {@link #REQUEST} or {@link #REPLY}
 * @param to the receiving peer's address (null in a reply)
 * @param from the sending peer (null in a reply)
 * @param timeoutMs the requester's timeout (0 unless a request)
 * @param message the protocol message
 */
record GatewayFrame(int kind, String to, PeerRef from, long timeoutMs, Message message) {

  static final int VERSION = 1;
  static final int SEND = 0;
  static final int REQUEST = 1;
  static final int REPLY = 2;

  GatewayFrame {
    Objects.requireNonNull(message, "message");
  }

  static GatewayFrame send(String to, PeerRef from, Message message) {
    return new GatewayFrame(SEND, to, from, 0, message);
  }

  static GatewayFrame request(String to, PeerRef from, long timeoutMs, Message message) {
    return new GatewayFrame(REQUEST, to, from, timeoutMs, message);
  }

  static GatewayFrame reply(Message message) {
    return new GatewayFrame(REPLY, null, null, 0, message);
  }

  /** The encoded envelope; {@code payloadBytes[0]} receives the length of the message frame alone. */
  Buffer encode(WireRegistry registry, int[] payloadBytes) {
    byte[] payload = registry.encode(message);
    payloadBytes[0] = payload.length;
    WireWriter w = new WireWriter(payload.length + 64).writeByte(VERSION).writeByte(kind);
    if (kind != REPLY) {
      w.writeString(to).writeString(from.address()).writeLong(from.id());
      if (kind == REQUEST) {
        w.writeVarLong(timeoutMs);
      }
    }
    w.writeBytes(payload);
    return Buffer.buffer(w.toByteArray());
  }

  /**
   * Decodes an envelope. A buffer longer than {@code maxBytes} is refused before any of it is read;
   * anything else that does not parse exactly is malformed.
   *
   * @throws MalformedMessageException naming what is wrong
   */
  static GatewayFrame decode(Buffer buffer, WireRegistry registry, int maxBytes) {
    if (buffer == null) {
      throw new MalformedMessageException("gateway frame: no body");
    }
    if (buffer.length() > maxBytes) {
      throw new MalformedMessageException("gateway frame of " + buffer.length() + " bytes exceeds the bound of "
          + maxBytes);
    }
    WireReader in = new WireReader(buffer.getBytes());
    int version = in.readByte();
    if (version != VERSION) {
      throw new MalformedMessageException("gateway frame version " + version + ", expected " + VERSION);
    }
    int kind = in.readByte();
    if (kind < SEND || kind > REPLY) {
      throw new MalformedMessageException("gateway frame kind " + kind);
    }
    String to = null;
    PeerRef from = null;
    long timeoutMs = 0;
    if (kind != REPLY) {
      to = in.readString(PeerRef.MAX_ADDRESS_BYTES);
      String fromAddress = in.readString(PeerRef.MAX_ADDRESS_BYTES);
      long fromId = in.readLong();
      if (to.isEmpty() || fromAddress.isEmpty()) {
        throw new MalformedMessageException("gateway frame with an empty address");
      }
      from = new PeerRef(fromAddress, fromId);
      if (kind == REQUEST) {
        timeoutMs = in.readVarLong();
        if (timeoutMs <= 0 || timeoutMs > 3_600_000) {
          throw new MalformedMessageException("gateway request timeout out of range: " + timeoutMs);
        }
      }
    }
    byte[] payload = in.readBytes(maxBytes);
    in.expectEnd();
    return new GatewayFrame(kind, to, from, timeoutMs, registry.decode(payload));
  }
}
