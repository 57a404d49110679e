package org.bloomchord.chord;

import io.vertx.core.Future;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
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
 *
 * <p>The handlers sit in one array per peer, indexed by a number each message class gets once per
 * JVM ({@link #INDEX}), not in maps by class: every message a peer receives is dispatched here, and
 * two hash maps per peer were about a kilobyte of each simulated peer's heap and a few cache misses
 * per message.
 */
final class Handlers {

  private static final AtomicInteger NEXT_INDEX = new AtomicInteger();
  /** The JVM-wide number of each message class that has a handler somewhere. */
  private static final ClassValue<Integer> INDEX = new ClassValue<>() {
    @Override
    protected Integer computeValue(Class<?> type) {
      return NEXT_INDEX.getAndIncrement();
    }
  };

  /** A {@link RequestHandler} or a {@link MessageHandler} at the index of its message class, or null. */
  private Object[] byIndex = new Object[0];

  <M extends Message> void addRequest(Class<M> type, RequestHandler<? super M> handler) {
    put(type, handler);
  }

  <M extends Message> void addMessage(Class<M> type, MessageHandler<? super M> handler) {
    put(type, handler);
  }

  private void put(Class<?> type, Object handler) {
    if (find(type) != null) {
      throw new IllegalArgumentException("a handler for " + type.getSimpleName() + " is already registered");
    }
    int i = INDEX.get(type);
    if (i >= byIndex.length) {
      byIndex = Arrays.copyOf(byIndex, i + 1);
    }
    byIndex[i] = handler;
  }

  private Object find(Class<?> type) {
    int i = INDEX.get(type);
    return i < byIndex.length ? byIndex[i] : null;
  }

  /** Admits a request and hands it to its handler. */
  @SuppressWarnings("unchecked")
  Future<Message> onRequest(PeerRef from, Message message, Admission admission) {
    RequestHandler<Message> h = find(message.getClass()) instanceof RequestHandler<?> r ? (RequestHandler<Message>) r : null;
    return admitted(from, message, h == null ? null : () -> h.handle(from, message), "request", admission);
  }

  /** Admits a one-way message and hands it to its handler. */
  @SuppressWarnings("unchecked")
  void onMessage(PeerRef from, Message message, Admission admission) {
    MessageHandler<Message> h = find(message.getClass()) instanceof MessageHandler<?> m ? (MessageHandler<Message>) m : null;
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
}
