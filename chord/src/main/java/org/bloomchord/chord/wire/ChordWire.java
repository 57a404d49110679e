package org.bloomchord.chord.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.merge.MergeWire;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor.FinalStep;
import org.bloomchord.chord.wire.ChordMessages.FingerJoined;
import org.bloomchord.chord.wire.ChordMessages.Fingers;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.JoinAccepted;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.NextHop;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.ReachCheck;
import org.bloomchord.chord.wire.ChordMessages.ReachResult;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.PullRange;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.SuccessorsChanged;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * The binary encodings of the Chord messages and their registration under tags 1..63 (tags 64 and
 * above belong to the routing module; 25..28 are ring unification's, {@link MergeWire}).
 *
 * <p>Encodings: ids are fixed 8-byte longs, counts and lengths varints, strings length-prefixed
 * UTF-8, a nullable field is preceded by a presence byte; ids and peers as {@link RingCodec} has
 * them. A decoder only parses: lengths and counts are bounded by the bytes left in the frame, so
 * nothing is allocated beyond the frame's size, and ids must lie on the ring. The protocol's
 * limits (peer lists up to {@code maxPeersPerMessage}, hop and timeout counts up to
 * {@code maxHops}, key, value and address bytes, store entries up to
 * {@code maxEntriesPerTransfer}) are {@link MessageBounds}', which every decoder applies to the
 * message it built, as the peer does again to a message it was handed by reference: one set of
 * limits, whichever way a message arrives.
 */
public final class ChordWire {

  /** The first tag the routing module may use. */
  public static final int FIRST_FREE_TAG = 64;

  /** The wire id of {@link ReachCheck} (after the merge protocol's 25..28). */
  public static final int REACH_CHECK = 29;
  /** The wire id of {@link ReachResult}. */
  public static final int REACH_RESULT = 30;
  /** The wire id of {@link JoinAccepted}. */
  public static final int JOIN_ACCEPTED = 31;
  /** The wire id of {@link FingerJoined}. */
  public static final int FINGER_JOINED = 32;

  /** A count bounded only by the frame: the loop reading it runs out of bytes first. */
  private static final int ANY = Integer.MAX_VALUE;

  private final IdRing ring;
  private final MessageBounds limits;
  private final ChordConfig config;

  private ChordWire(ChordConfig config) {
    this.config = config;
    this.ring = new IdRing(config.idBits());
    this.limits = MessageBounds.limitsOnly(config);
  }

  /** A new registry holding the Chord codecs for {@code config}. */
  public static WireRegistry registry(ChordConfig config) {
    return register(new WireRegistry(), config);
  }

  /** Registers the Chord codecs, with bounds taken from {@code config}, into {@code registry}. */
  public static WireRegistry register(WireRegistry registry, ChordConfig config) {
    new ChordWire(config).fill(registry);
    return registry;
  }

  private void fill(WireRegistry r) {
    r.register(1, limits.codec(Ack.class, (m, out) -> { }, in -> new Ack()));
    r.register(2, limits.codec(Ping.class, (m, out) -> { }, in -> new Ping()));
    r.register(3, limits.codec(FindSuccessor.class, (m, out) -> {
      out.writeLong(m.lookupId()).writeLong(m.key());
      RingCodec.writePeer(m.origin(), out);
      // 0 for a step that is not final, else the predecessor hops plus one, then the bound
      out.writeVarInt(m.hops()).writeVarInt(m.timeouts()).writeVarInt(m.finalStep().map(f -> f.predecessorHops() + 1)
          .orElse(0));
      m.finalStep().ifPresent(f -> out.writeLong(f.bound()));
    }, in -> {
      long id = in.readLong();
      long key = readId(in);
      PeerRef origin = RingCodec.readPeer(in, ring);
      int hops = in.readVarInt(ANY);
      int timeouts = in.readVarInt(ANY);
      int predecessorHops = in.readVarInt(ANY) - 1;
      Optional<FinalStep> finalStep = predecessorHops >= 0 ? Optional.of(new FinalStep(predecessorHops, readId(in)))
          : Optional.empty();
      return new FindSuccessor(id, key, origin, hops, timeouts, finalStep);
    }));
    r.register(4, limits.codec(LookupDone.class, (m, out) -> {
      out.writeLong(m.lookupId());
      writeNullablePeer(m.successor(), out);
      writePeers(m.successors(), out);
      out.writeVarInt(m.hops()).writeVarInt(m.timeouts()).writeVarInt(m.ownerHops());
    }, in -> new LookupDone(in.readLong(), readNullablePeer(in), readPeers(in), in.readVarInt(ANY),
        in.readVarInt(ANY), in.readVarInt(ANY))));
    r.register(5, limits.codec(NextHopQuery.class, (m, out) -> {
      out.writeLong(m.key()).writeVarInt(m.exclude().size());
      m.exclude().forEach(out::writeLong);
      out.writeBoolean(m.candidate());
      if (m.candidate()) {
        out.writeLong(m.bound());
      }
    }, in -> {
      long key = readId(in);
      int n = in.readVarInt(ANY);
      List<Long> ids = new ArrayList<>(Math.min(n, in.remaining() / 8));
      for (int i = 0; i < n; i++) {
        ids.add(readId(in));
      }
      boolean candidate = in.readBoolean();
      return new NextHopQuery(key, ids, candidate, candidate ? readId(in) : 0);
    }));
    r.register(6, limits.codec(NextHop.class, (m, out) -> {
      out.writeBoolean(m.done()).writeBoolean(m.candidate());
      writeNullablePeer(m.peer(), out);
      writePeers(m.successors(), out);
    }, in -> new NextHop(in.readBoolean(), in.readBoolean(), readNullablePeer(in), readPeers(in))));
    r.register(7, limits.codec(GetNeighbors.class, (m, out) -> {
      writeNullablePeer(m.predecessor(), out);
      out.writeLong(m.listTag());
    }, in -> new GetNeighbors(readNullablePeer(in), in.readLong())));
    r.register(8, limits.codec(Neighbors.class, (m, out) -> {
      writeNullablePeer(m.predecessor(), out);
      out.writeBoolean(m.unchanged());
      if (!m.unchanged()) {
        writePeers(m.successors(), out);
      }
    }, in -> {
      PeerRef predecessor = readNullablePeer(in);
      return in.readBoolean() ? new Neighbors(predecessor, List.of(), true)
          : new Neighbors(predecessor, readPeers(in), false);
    }));
    r.register(9, limits.codec(Notify.class, (m, out) -> writeNullablePeer(m.predecessor(), out),
        in -> new Notify(readNullablePeer(in))));
    r.register(10, limits.codec(SuccessorLeaving.class, (m, out) -> writePeers(m.successors(), out),
        in -> new SuccessorLeaving(readPeers(in))));
    r.register(11, limits.codec(PredecessorLeaving.class, (m, out) -> writeNullablePeer(m.predecessor(), out),
        in -> new PredecessorLeaving(readNullablePeer(in))));
    r.register(12, limits.codec(StoreTransfer.class, (m, out) -> {
      out.writeVarInt(m.entries().size());
      m.entries().forEach(e -> writeEntry(e, out));
    }, in -> {
      int n = in.readVarInt(ANY);
      // an entry takes at least 11 bytes (key length, counter, writer id, value presence)
      List<StoredEntry> entries = new ArrayList<>(Math.min(n, in.remaining() / 11));
      for (int i = 0; i < n; i++) {
        entries.add(readEntry(in));
      }
      return new StoreTransfer(entries);
    }));
    r.register(13, limits.codec(PutRequest.class, (m, out) -> {
      out.writeString(m.key());
      writeNullableString(m.value(), out);
    }, in -> new PutRequest(readKey(in), readNullableValue(in))));
    r.register(14, limits.codec(PutReply.class, (m, out) -> {
      out.writeBoolean(m.responsible());
      out.writeBoolean(m.version() != null);
      if (m.version() != null) {
        writeVersion(m.version(), out);
      }
      out.writeVarInt(m.replicas());
    }, in -> {
      boolean responsible = in.readBoolean();
      Version v = in.readBoolean() ? readVersion(in) : null;
      return new PutReply(responsible, v, in.readVarInt(ANY));
    }));
    r.register(15, limits.codec(GetRequest.class, (m, out) -> out.writeString(m.key()),
        in -> new GetRequest(readKey(in))));
    r.register(16, limits.codec(GetReply.class, (m, out) -> {
      out.writeBoolean(m.entry() != null);
      if (m.entry() != null) {
        writeEntry(m.entry(), out);
      }
    }, in -> new GetReply(in.readBoolean() ? readEntry(in) : null)));
    r.register(17, limits.codec(GetPredecessor.class, (m, out) -> {
      out.writeBoolean(m.finger());
      if (m.finger()) {
        out.writeLong(m.start());
      }
    }, in -> in.readBoolean() ? new GetPredecessor(true, in.readLong()) : new GetPredecessor()));
    r.register(18, limits.codec(Predecessor.class, (m, out) -> {
      out.writeBoolean(m.holds());
      if (!m.holds()) {
        writeNullablePeer(m.predecessor(), out);
        writeNullablePeer(m.beyond(), out);
      }
    }, in -> in.readBoolean() ? Predecessor.fingerHolds() : new Predecessor(readNullablePeer(in), readNullablePeer(in))));
    r.register(19, limits.codec(GetFingers.class, (m, out) -> { }, in -> new GetFingers()));
    r.register(21, limits.codec(JoinNotify.class, (m, out) -> out.writeBoolean(m.holdsEntries()),
        in -> new JoinNotify(in.readBoolean())));
    r.register(22, limits.codec(JoinedBefore.class, (m, out) -> out.writeBoolean(m.guessed()),
        in -> new JoinedBefore(in.readBoolean())));
    r.register(20, limits.codec(Fingers.class, (m, out) -> writePeers(m.fingers(), out),
        in -> new Fingers(readPeers(in))));
    r.register(23, limits.codec(PullRange.class, (m, out) -> out.writeLong(m.from()), in -> new PullRange(readId(in))));
    r.register(24, limits.codec(SuccessorsChanged.class, (m, out) -> writePeers(m.successors(), out),
        in -> new SuccessorsChanged(readPeers(in))));
    r.register(JOIN_ACCEPTED, limits.codec(JoinAccepted.class, (m, out) -> {
      out.writeByte(m.predecessor() == null ? 0 : m.guessed() ? 2 : 1);
      if (m.predecessor() != null) {
        RingCodec.writePeer(m.predecessor(), out);
      }
      writePeers(m.successors(), out);
    }, in -> {
      int kind = in.readByte();
      if (kind > 2) {
        throw new MalformedMessageException("JoinAccepted predecessor kind out of range: " + kind);
      }
      PeerRef predecessor = kind == 0 ? null : RingCodec.readPeer(in, ring);
      return new JoinAccepted(predecessor, kind == 2, readPeers(in));
    }));
    r.register(FINGER_JOINED, limits.codec(FingerJoined.class, (m, out) -> RingCodec.writePeer(m.joined(), out),
        in -> new FingerJoined(RingCodec.readPeer(in, ring))));
    r.register(REACH_CHECK, limits.codec(ReachCheck.class, (m, out) -> RingCodec.writePeer(m.target(), out),
        in -> new ReachCheck(RingCodec.readPeer(in, ring))));
    r.register(REACH_RESULT, limits.codec(ReachResult.class, (m, out) -> out.writeBoolean(m.reached()),
        in -> new ReachResult(in.readBoolean())));
    MergeWire.register(r, config);
  }

  private long readId(WireReader in) {
    return RingCodec.readId(in, ring);
  }

  private static void writeNullablePeer(PeerRef p, WireWriter out) {
    RingCodec.writeNullablePeer(p, out);
  }

  private PeerRef readNullablePeer(WireReader in) {
    return RingCodec.readNullablePeer(in, ring);
  }

  private static void writePeers(List<PeerRef> peers, WireWriter out) {
    RingCodec.writePeers(peers, out);
  }

  private List<PeerRef> readPeers(WireReader in) {
    return RingCodec.readPeers(in, ring, ANY);
  }

  private void writeVersion(Version v, WireWriter out) {
    out.writeVarLong(v.counter()).writeLong(v.writer());
  }

  private Version readVersion(WireReader in) {
    long counter = in.readVarLong();
    if (counter < 0 || counter > Version.MAX_COUNTER) {
      throw new MalformedMessageException("version counter outside 0.." + Version.MAX_COUNTER);
    }
    return new Version(counter, readId(in));
  }

  private static void writeNullableString(String s, WireWriter out) {
    out.writeBoolean(s != null);
    if (s != null) {
      out.writeString(s);
    }
  }

  private static String readKey(WireReader in) {
    return in.readString(in.remaining());
  }

  private static String readNullableValue(WireReader in) {
    return in.readBoolean() ? in.readString(in.remaining()) : null;
  }

  private void writeEntry(StoredEntry e, WireWriter out) {
    out.writeString(e.key());
    writeVersion(e.version(), out);
    writeNullableString(e.value(), out);
  }

  private StoredEntry readEntry(WireReader in) {
    return new StoredEntry(readKey(in), readVersion(in), readNullableValue(in));
  }

  /**
   * The UTF-8 length of a string, as the wire bounds count it: the length of
   * {@code s.getBytes(UTF_8)} (an unpaired surrogate is one byte, the '?' it is replaced by),
   * counted without encoding, since the bounds measure every key, value and address of every
   * message received.
   */
  public static int utf8Length(String s) {
    int n = s.length();
    int bytes = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        continue;
      }
      if (c < 0x800) {
        bytes += 1;
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 2;
        i++;
      } else if (!Character.isSurrogate(c)) {
        bytes += 2;
      }
    }
    return bytes;
  }
}
