package org.bloomchord.chord;

import java.util.HashMap;
import java.util.Map;
import org.bloomchord.chord.ChordExtension.MessageHandler;
import org.bloomchord.chord.ChordExtension.RequestHandler;
import org.bloomchord.overlay.Message;

/**
 * The handlers of one peer by message type: Chord's own and its extensions'. Invariant: at most
 * one handler per type, a request handler or a message handler, not both.
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

  /** The handler of requests of this message's type, or null. */
  RequestHandler<Message> request(Message m) {
    return requests.get(m.getClass());
  }

  /** The handler of one-way messages of this message's type, or null. */
  MessageHandler<Message> message(Message m) {
    return messages.get(m.getClass());
  }

  private void requireNone(Class<?> type) {
    if (requests.containsKey(type) || messages.containsKey(type)) {
      throw new IllegalArgumentException("a handler for " + type.getSimpleName() + " is already registered");
    }
  }
}
