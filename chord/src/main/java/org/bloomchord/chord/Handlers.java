package org.bloomchord.chord;

import io.vertx.core.Future;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.bloomchord.chord.ChordExtension.MessageHandler;
import org.bloomchord.chord.ChordExtension.RequestHandler;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;

/**
 * The handlers of one peer by message type, Chord's own ({@link ChordHandlers}) and its
 * extensions', and the dispatch of a received message to its handler after {@link Admission}.
 * Invariant: at most one handler per type, a request handler or a message handler, not both; a
 * message of a type without a handler is rejected.
 */
final class Handlers {

  private final Map<Class<?>, RequestHandler<Message>> requests = new HashMap<>();
  private final Map<Class<?>, MessageHandler<Message>> messages = new HashMap<>();

  @SuppressWarnings("unchecked")
  <M extends Message> void addRequest(Class<M> type, RequestHandler<? super M> handler) {
    requireNone(type);
    requests.put(type, (RequestHandler<Message>) handler);
  }

  @SuppressWarnings("unchecked")
  <M extends Message> void addMessage(Class<M> type, MessageHandler<? super M> handler) {
    requireNone(type);
    messages.put(type, (MessageHandler<Message>) handler);
  }

  /** Admits a request and hands it to its handler. */
  Future<Message> onRequest(PeerRef from, Message message, Admission admission) {
    RequestHandler<Message> h = requests.get(message.getClass());
    return admitted(from, message, h == null ? null : () -> h.handle(from, message), "request", admission);
  }

  /** Admits a one-way message and hands it to its handler. */
  void onMessage(PeerRef from, Message message, Admission admission) {
    MessageHandler<Message> h = messages.get(message.getClass());
    admitted(from, message, h == null ? null : () -> {
      h.handle(from, message);
      return null;
    }, "message", admission);
  }

  /** Runs {@code handling} once the message is admitted; a rejection, by admission or handler, is counted. */
  private static <T> T admitted(PeerRef from, Message message, Supplier<T> handling, String kind,
      Admission admission) {
    if (handling == null) {
      throw admission.reject("unexpected " + kind + " type " + message.typeName());
    }
    try {
      admission.admit(from, message);
      return handling.get();
    } catch (MalformedMessageException e) {
      admission.countRejection();
      throw e;
    }
  }

  private void requireNone(Class<?> type) {
    if (requests.containsKey(type) || messages.containsKey(type)) {
      throw new IllegalArgumentException("a handler for " + type.getSimpleName() + " is already registered");
    }
  }
}
