package org.bloomchord.overlay.wire;

import java.util.function.BiConsumer;
import java.util.function.Function;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;

/**
 * The bounds a protocol's messages must keep, and the two places they are applied: the codecs,
 * whose decoders check what they parsed ({@link #codec}), and the handlers, which check what
 * arrived, since a runtime within one JVM may pass a message by reference without decoding it
 * ({@link #checked}). Each protocol's wire class implements {@link #check} once.
 */
@FunctionalInterface
public interface MessageCheck {

  /**
   * Checks a message against the bounds.
   *
   * @throws MalformedMessageException naming the first violation
   */
  void check(Message m);

  /** A codec whose decoder checks every message it parsed before returning it. */
  default <M extends Message> WireCodec<M> codec(Class<M> type, BiConsumer<M, WireWriter> encoder,
      Function<WireReader, M> decoder) {
    return WireCodec.of(type, encoder, in -> {
      M m = decoder.apply(in);
      check(m);
      return m;
    });
  }

  /**
   * {@code m} if it keeps the bounds; otherwise runs {@code rejected} (the caller counts the
   * rejection) and rethrows, so the runtime drops the message without answering.
   */
  default <M extends Message> M checked(M m, Runnable rejected) {
    try {
      check(m);
      return m;
    } catch (MalformedMessageException e) {
      rejected.run();
      throw e;
    }
  }
}
