package org.bloomchord.chord;

import io.vertx.core.Future;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
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
 * <p>Handlers sit in arrays indexed by a number each message class gets once per JVM
 * ({@link #INDEX}), not in maps by class: every message a peer receives is dispatched here. Chord's
 * own handlers are one table shared by every peer of the JVM ({@link Own}, {@link OwnRequest},
 * {@link OwnMessage}: each is given the receiving peer); a peer keeps an array only for the
 * handlers its extensions register. Seventeen handler objects per peer, each holding the peer's
 * roles, were about 400 bytes of every simulated peer's heap.
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

  /** A request handler of Chord's own, shared by every peer: it is given the receiving peer. */
  @FunctionalInterface
  interface OwnRequest<M extends Message> {
    Future<Message> handle(ChordPeer peer, PeerRef from, M message);
  }

  /** A one-way message handler of Chord's own, shared by every peer. */
  @FunctionalInterface
  interface OwnMessage<M extends Message> {
    void handle(ChordPeer peer, PeerRef from, M message);
  }

  /** The table of Chord's own handlers, filled once per JVM by {@link ChordHandlers#install}. */
  static final class Own {
    private Object[] byIndex = new Object[0];

    <M extends Message> void request(Class<M> type, OwnRequest<? super M> handler) {
      put(type, handler);
    }

    <M extends Message> void message(Class<M> type, OwnMessage<? super M> handler) {
      put(type, handler);
    }

    private void put(Class<?> type, Object handler) {
      int i = INDEX.get(type);
      if (i >= byIndex.length) {
        byIndex = Arrays.copyOf(byIndex, i + 1);
      }
      byIndex[i] = handler;
    }
  }

  private static final Object[] OWN = ownTable();

  private static Object[] ownTable() {
    Own own = new Own();
    ChordHandlers.install(own);
    return own.byIndex;
  }

  /** An extension's {@link RequestHandler} or {@link MessageHandler} at the index of its message class, or null. */
  private Object[] byIndex = new Object[0];

  <M extends Message> void addRequest(Class<M> type, RequestHandler<? super M> handler) {
    put(type, handler);
  }

  <M extends Message> void addMessage(Class<M> type, MessageHandler<? super M> handler) {
    put(type, handler);
  }

  private void put(Class<?> type, Object handler) {
    int i = INDEX.get(type);
    if (find(i) != null) {
      throw new IllegalArgumentException("a handler for " + type.getSimpleName() + " is already registered");
    }
    // a peer's array starts after the shared table's indices, which it never holds
    int k = i - OWN.length;
    if (k < 0) {
      throw new IllegalStateException("no handler of Chord's own for " + type.getSimpleName());
    }
    if (k >= byIndex.length) {
      byIndex = Arrays.copyOf(byIndex, k + 1);
    }
    byIndex[k] = handler;
  }

  private Object find(int i) {
    if (i < OWN.length) {
      Object own = OWN[i];
      if (own != null) {
        return own;
      }
    }
    int k = i - OWN.length;
    return k >= 0 && k < byIndex.length ? byIndex[k] : null;
  }

  /** Admits a request of {@code peer} and hands it to its handler; a rejection, by admission or handler, is counted. */
  @SuppressWarnings("unchecked")
  Future<Message> onRequest(ChordPeer peer, PeerRef from, Message message, Admission admission) {
    Object h = find(INDEX.get(message.getClass()));
    if (!(h instanceof OwnRequest<?> || h instanceof RequestHandler<?>)) {
      throw admission.reject("unexpected request type " + message.typeName());
    }
    try {
      admission.admit(from, message);
      return h instanceof OwnRequest<?> own ? ((OwnRequest<Message>) own).handle(peer, from, message)
          : ((RequestHandler<Message>) h).handle(from, message);
    } catch (MalformedMessageException e) {
      admission.countRejection();
      throw e;
    }
  }

  /** Admits a one-way message of {@code peer} and hands it to its handler; a rejection is counted. */
  @SuppressWarnings("unchecked")
  void onMessage(ChordPeer peer, PeerRef from, Message message, Admission admission) {
    Object h = find(INDEX.get(message.getClass()));
    if (!(h instanceof OwnMessage<?> || h instanceof MessageHandler<?>)) {
      throw admission.reject("unexpected message type " + message.typeName());
    }
    try {
      admission.admit(from, message);
      if (h instanceof OwnMessage<?> own) {
        ((OwnMessage<Message>) own).handle(peer, from, message);
      } else {
        ((MessageHandler<Message>) h).handle(from, message);
      }
    } catch (MalformedMessageException e) {
      admission.countRejection();
      throw e;
    }
  }
}
