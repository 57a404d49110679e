package org.bloomchord.routing.repair;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.RoutingCounter;
import org.bloomchord.routing.reconcile.ReconcileResponder;
import org.bloomchord.routing.repair.RepairMessages.EntryRequest;
import org.bloomchord.routing.repair.RepairMessages.RangeRequest;
import org.bloomchord.routing.repair.RepairMessages.RepairDone;

/**
 * The replica's side of repair: one conversation per (initiator, conversation id), holding a
 * snapshot of the digests of the range the first request named and a {@link ReconcileResponder}
 * over them. Requests of the reconciliation are answered by that responder; entry requests by the
 * current entries of the keys behind the digests.
 *
 * <p>Invariants: at most {@link RepairConfig#maxConversations} conversations, each dropped after
 * {@link RepairConfig#conversationIdleMs} without a request or on {@link RepairDone}; a request
 * naming another range than its conversation's, or an entry request of an unknown conversation or
 * with more digests than one store transfer holds, is rejected before anything is read; nothing
 * here writes to the store. Runs on the peer's thread.
 */
final class RepairConversations {

  private final ChordHost peer;
  private final RepairConfig config;
  private final Map<String, Conversation> open = new HashMap<>();

  private static final class Conversation {
    final long from;
    final long to;
    final RangeDigests digests;
    final ReconcileResponder responder;
    Cancellable expiry;

    Conversation(long from, long to, RangeDigests digests, ReconcileResponder responder) {
      this.from = from;
      this.to = to;
      this.digests = digests;
      this.responder = responder;
    }
  }

  RepairConversations(ChordHost peer, RepairConfig config) {
    this.peer = peer;
    this.config = config;
  }

  int size() {
    return open.size();
  }

  Message onRange(PeerRef from, RangeRequest m) {
    RepairWire.checkInner(m.inner());
    if (!peer.ring().contains(m.from()) || !peer.ring().contains(m.to())) {
      throw new MalformedMessageException("range ids outside the ring");
    }
    String key = from.address() + "/" + m.conversation();
    Conversation c = open.get(key);
    if (c == null) {
      if (open.size() >= config.maxConversations()) {
        peer.runtime().metrics().increment(RoutingCounter.REFUSED_REPAIR_CONVERSATIONS, 1);
        throw new MalformedMessageException("too many open repair conversations (" + open.size() + ")");
      }
      String prefix = from.address() + "/";
      if (open.keySet().stream().filter(k -> k.startsWith(prefix)).count() >= config.maxConversationsPerPeer()) {
        peer.runtime().metrics().increment(RoutingCounter.REFUSED_REPAIR_CONVERSATIONS, 1);
        throw new MalformedMessageException(from.address() + " holds " + config.maxConversationsPerPeer()
            + " repair conversations");
      }
      RangeDigests digests = RangeDigests.of(peer.store(), m.from(), m.to());
      c = new Conversation(m.from(), m.to(), digests,
          new ReconcileResponder(digests.set(), config.reconcile(), peer.runtime()));
      open.put(key, c);
    } else {
      if (c.from != m.from() || c.to != m.to()) {
        close(key);
        throw new MalformedMessageException("conversation " + m.conversation() + " is about another range");
      }
      c.expiry.cancel();
    }
    c.expiry = peer.runtime().after(config.conversationIdleMs(), () -> close(key));
    return c.responder.answer(from, m.inner());
  }

  StoreTransfer onEntries(PeerRef from, EntryRequest m) {
    if (m.digests().length > peer.config().maxEntriesPerTransfer()) {
      throw new MalformedMessageException(m.digests().length + " digests, at most "
          + peer.config().maxEntriesPerTransfer() + " per request");
    }
    Conversation c = open.get(from.address() + "/" + m.conversation());
    if (c == null) {
      throw new MalformedMessageException("no repair conversation " + m.conversation());
    }
    List<StoredEntry> out = new ArrayList<>(m.digests().length);
    for (long d : m.digests()) {
      String k = c.digests.key(d);
      StoredEntry e = k == null ? null : peer.store().get(k);
      if (e != null) {
        out.add(e);
      }
    }
    return new StoreTransfer(out);
  }

  void onDone(PeerRef from, RepairDone m) {
    close(from.address() + "/" + m.conversation());
  }

  void closeAll() {
    for (String k : List.copyOf(open.keySet())) {
      close(k);
    }
  }

  private void close(String key) {
    Conversation c = open.remove(key);
    if (c != null) {
      if (c.expiry != null) {
        c.expiry.cancel();
      }
      c.responder.close();
    }
  }
}
