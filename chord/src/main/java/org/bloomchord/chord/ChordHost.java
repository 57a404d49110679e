package org.bloomchord.chord;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.chord.ChordExtension.MessageHandler;
import org.bloomchord.chord.ChordExtension.RequestHandler;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.LocalStore;
import org.bloomchord.chord.store.ReplicaSync;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;

/**
 * What a {@link ChordExtension} sees of the peer it runs on: identity, life cycle, links, lookups,
 * the local store, and registration of its own message handlers. Everything else of the peer
 * (its tables, maintenance, the store's write path) stays out of the extension's reach. Every
 * method runs on the peer's thread.
 */
public interface ChordHost {

  /** The peer's identity. */
  PeerRef self();

  /** Where the peer is in its life cycle. */
  PeerState state();

  /** The Chord configuration. */
  ChordConfig config();

  /** The identifier ring. */
  IdRing ring();

  /** The runtime the peer runs on (for the extension's own requests and timers). */
  PeerRuntime runtime();

  /** A snapshot of the peer's links. */
  Links links();

  /** The entries the peer holds (as primary or replica). */
  LocalStore store();

  /** Looks up the successor of {@code key} in the configured mode. */
  Future<LookupResult> lookup(long key);

  /** Registers the handler of requests of type {@code type} (one handler per type). */
  <M extends Message> void handleRequests(Class<M> type, RequestHandler<? super M> handler);

  /** Registers the handler of one-way messages of type {@code type} (one handler per type). */
  <M extends Message> void handleMessages(Class<M> type, MessageHandler<? super M> handler);

  /**
   * Registers an observer of the requests and one-way messages this peer receives and sends (call
   * from {@link ChordExtension#attach}).
   */
  void observeMessages(MessageObserver observer);

  /** Replaces the replica-sync strategy (call from {@link ChordExtension#attach}). */
  void replicaSync(ReplicaSync sync);

  /** Replaces the rule for when this peer, as primary, acknowledges a write (call from {@link ChordExtension#attach}). */
  default void writeGate(org.bloomchord.chord.store.WriteGate gate) {
    throw new UnsupportedOperationException("this host does not let extensions gate writes");
  }

  /**
   * Refuses store entries received from another peer whose version lies too far ahead of this
   * peer's clock; for extensions that merge entries.
   *
   * @throws org.bloomchord.overlay.MalformedMessageException naming the first such entry
   */
  void checkReceivedVersions(List<StoredEntry> entries);
}
