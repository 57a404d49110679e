package org.bloomchord.overlay.wire;

import org.bloomchord.overlay.Message;

/**
 * The binary encoding of one message type. {@link #decode} must validate everything it reads
 * (bounds, ranges, shapes) and throw {@link org.bloomchord.overlay.MalformedMessageException} on
 * anything a well-behaved peer would not send.
 *
 * @param <M> the message record
 */
public interface WireCodec<M extends Message> {

  /** The message class this codec encodes. */
  Class<M> type();

  /** Writes the message body (the registry writes the type tag before it). */
  void encode(M message, WireWriter out);

  /** Reads a message body. */
  M decode(WireReader in);
}
