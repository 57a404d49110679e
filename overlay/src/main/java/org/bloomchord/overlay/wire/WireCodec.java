package org.bloomchord.overlay.wire;

import java.util.function.BiConsumer;
import java.util.function.Function;
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

  /**
   * The length of the body {@link #encode} would write, or -1 when it cannot be told more cheaply
   * than by encoding (the default). Runtimes that count bytes without encoding use it.
   */
  default int sizeOf(M message) {
    return -1;
  }

  /** A codec from an encoder and a decoder function. */
  static <M extends Message> WireCodec<M> of(Class<M> type, BiConsumer<M, WireWriter> encoder,
      Function<WireReader, M> decoder) {
    return new WireCodec<>() {
      @Override
      public Class<M> type() {
        return type;
      }

      @Override
      public void encode(M message, WireWriter out) {
        encoder.accept(message, out);
      }

      @Override
      public M decode(WireReader in) {
        return decoder.apply(in);
      }
    };
  }
}
