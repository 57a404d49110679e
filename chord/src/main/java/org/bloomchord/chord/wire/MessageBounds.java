package org.bloomchord.chord.wire;

import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.merge.MergeMessages.MergeFind;
import org.bloomchord.chord.merge.MergeMessages.MergeFound;
import org.bloomchord.chord.merge.MergeMessages.MergeNews;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.Fingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.JoinAccepted;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.NextHop;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.MessageCheck;

/**
 * The limits of every Chord message, checked on the message object: ids on the ring, peer lists up
 * to {@code maxPeersPerMessage}, hop and timeout counts up to {@code maxHops}, key, value and
 * address bytes, store entries up to {@code maxEntriesPerTransfer}, replica counts up to r + 1, and
 * (for a peer's own bounds) that every peer named is who it claims to be ({@link PeerIdentity}).
 * This is the one place those limits are written: the {@link ChordWire} decoders apply them to
 * what they parsed ({@link #limitsOnly}), and a peer applies them again, with the identity check,
 * to every message and reply before it touches a table, because a runtime may hand messages over
 * by reference without decoding them (the Vert.x runtime within one JVM does).
 */
public final class MessageBounds implements MessageCheck {

  private final ChordConfig config;
  private final IdRing ring;
  private final PeerIdentity identity;

  /** The bounds {@link #of} gave last, shared by the peers of one configuration. */
  private static volatile MessageBounds lastShared;

  /** A peer's bounds, taken from {@code config}, with the identity check of every peer named. */
  public MessageBounds(ChordConfig config) {
    this(config, true);
  }

  /**
   * A peer's bounds for {@code config}, as {@link #MessageBounds(ChordConfig)} makes them, but the
   * same instance for every peer launched with an equal configuration in a row. The bounds
   * hold no state, and one instance read by every message of every peer stays in the cache, where
   * one instance per peer (with its identity check) was two more objects to reach per message.
   */
  public static MessageBounds of(ChordConfig config) {
    MessageBounds b = lastShared;
    if (b == null || b.config != config && !b.config.equals(config)) {
      b = new MessageBounds(config);
      lastShared = b;
    }
    return b;
  }

  private MessageBounds(ChordConfig config, boolean identities) {
    this.config = config;
    this.ring = IdRing.of(config.idBits());
    this.identity = identities ? new PeerIdentity(ring) : null;
  }

  /**
   * The limits of {@code config} without the identity check: what a decoder shared by every peer
   * of a registry applies (an identity is judged, and its rejection counted, by the receiving peer).
   */
  public static MessageBounds limitsOnly(ChordConfig config) {
    return new MessageBounds(config, false);
  }

  /** The identity check this peer applies to senders and to every peer a message names (null for {@link #limitsOnly}). */
  public PeerIdentity identity() {
    return identity;
  }

  /**
   * Checks a Chord message; other types pass unchecked.
   *
   * @throws MalformedMessageException when a bound is violated
   */
  @Override
  public void check(Message m) {
    if (m instanceof FindSuccessor f) {
      id(f.key());
      peer(f.origin());
      hops(f.hops());
      hops(f.timeouts());
      if (f.finalStep().isPresent()) {
        hops(f.finalStep().get().predecessorHops());
        id(f.finalStep().get().bound());
      }
    } else if (m instanceof LookupDone d) {
      nullablePeer(d.successor());
      peers(d.successors());
      hops(d.hops());
      hops(d.timeouts());
      hops(d.ownerHops());
    } else if (m instanceof NextHopQuery q) {
      id(q.key());
      if (q.exclude().size() > config.maxPeersPerMessage()) {
        throw new MalformedMessageException("exclude list longer than " + config.maxPeersPerMessage());
      }
      q.exclude().forEach(this::id);
      if (q.candidate()) {
        id(q.bound());
      }
    } else if (m instanceof NextHop h) {
      nullablePeer(h.peer());
      peers(h.successors());
    } else if (m instanceof Neighbors n) {
      nullablePeer(n.predecessor());
      peers(n.successors());
    } else if (m instanceof JoinAccepted j) {
      nullablePeer(j.predecessor());
      peers(j.successors());
    } else if (m instanceof Predecessor p) {
      nullablePeer(p.predecessor());
      nullablePeer(p.beyond());
    } else if (m instanceof GetNeighbors g) {
      nullablePeer(g.predecessor());
    } else if (m instanceof Notify n) {
      nullablePeer(n.predecessor());
    } else if (m instanceof Fingers f) {
      peers(f.fingers());
    } else if (m instanceof SuccessorLeaving s) {
      peers(s.successors());
    } else if (m instanceof SuccessorsChanged s) {
      peers(s.successors());
    } else if (m instanceof PredecessorLeaving p) {
      nullablePeer(p.predecessor());
    } else if (m instanceof ChordMessages.FingerJoined f) {
      peer(f.joined());
    } else if (m instanceof ChordMessages.ReachCheck r) {
      peer(r.target());
    } else if (m instanceof StoreTransfer t) {
      if (t.entries().size() > config.maxEntriesPerTransfer()) {
        throw new MalformedMessageException("more than " + config.maxEntriesPerTransfer() + " entries");
      }
      t.entries().forEach(this::entry);
    } else if (m instanceof PutRequest p) {
      key(p.key());
      value(p.value());
    } else if (m instanceof PutReply p) {
      if (p.version() != null) {
        version(p.version());
      }
      if (p.replicas() < 0 || p.replicas() > config.successors() + 1) {
        throw new MalformedMessageException("replica count out of range: " + p.replicas());
      }
    } else if (m instanceof GetRequest g) {
      key(g.key());
    } else if (m instanceof GetReply g && g.entry() != null) {
      entry(g.entry());
    } else if (m instanceof MergeNews n) {
      if (n.contacts().isEmpty()) {
        throw new MalformedMessageException("merge news without a contact");
      }
      peers(n.contacts());
      id(n.limit());
      hops(n.hops());
    } else if (m instanceof MergeFind f) {
      id(f.key());
    } else if (m instanceof MergeFound f) {
      nullablePeer(f.successor());
      peers(f.successors());
    }
  }

  private void id(long id) {
    if (!ring.contains(id)) {
      throw new MalformedMessageException("id " + IdRing.format(id) + " outside the " + ring.bits() + "-bit ring");
    }
  }

  private void hops(int n) {
    if (n < 0 || n > config.maxHops()) {
      throw new MalformedMessageException("count " + n + " outside [0, " + config.maxHops() + "]");
    }
  }

  private void peer(PeerRef p) {
    if (p == null) {
      throw new MalformedMessageException("missing peer");
    }
    if (ChordWire.utf8Length(p.address()) > PeerRef.MAX_ADDRESS_BYTES) {
      throw new MalformedMessageException("peer address too long");
    }
    id(p.id());
    if (identity != null) {
      identity.check(p);
    }
  }

  private void nullablePeer(PeerRef p) {
    if (p != null) {
      peer(p);
    }
  }

  private void peers(List<PeerRef> ps) {
    if (ps.size() > config.maxPeersPerMessage()) {
      throw new MalformedMessageException("peer list longer than " + config.maxPeersPerMessage());
    }
    // by index: an iterator per list of every message was a tenth of a simulated ring's allocations
    for (int i = 0; i < ps.size(); i++) {
      peer(ps.get(i));
    }
  }

  private void key(String k) {
    if (ChordWire.utf8Length(k) > config.maxKeyBytes()) {
      throw new MalformedMessageException("key longer than " + config.maxKeyBytes() + " bytes");
    }
  }

  private void value(String v) {
    if (v != null && ChordWire.utf8Length(v) > config.maxValueBytes()) {
      throw new MalformedMessageException("value longer than " + config.maxValueBytes() + " bytes");
    }
  }

  private void version(Version v) {
    id(v.writer());
  }

  private void entry(StoredEntry e) {
    key(e.key());
    value(e.value());
    version(e.version());
  }
}
