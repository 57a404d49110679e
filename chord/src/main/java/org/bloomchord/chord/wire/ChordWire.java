package org.bloomchord.chord.wire;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.wire.ChordMessages.Ack;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.Fingers;
import org.bloomchord.chord.wire.ChordMessages.GetFingers;
import org.bloomchord.chord.wire.ChordMessages.GetNeighbors;
import org.bloomchord.chord.wire.ChordMessages.GetPredecessor;
import org.bloomchord.chord.wire.ChordMessages.GetReply;
import org.bloomchord.chord.wire.ChordMessages.GetRequest;
import org.bloomchord.chord.wire.ChordMessages.JoinNotify;
import org.bloomchord.chord.wire.ChordMessages.JoinedBefore;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.NextHop;
import org.bloomchord.chord.wire.ChordMessages.NextHopQuery;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.Ping;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordMessages.PredecessorLeaving;
import org.bloomchord.chord.wire.ChordMessages.PutReply;
import org.bloomchord.chord.wire.ChordMessages.PutRequest;
import org.bloomchord.chord.wire.ChordMessages.StoreTransfer;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * The binary encodings of the Chord messages and their registration under tags 1..63 (tags 64 and
 * above belong to the routing module).
 *
 * <p>Encodings: ids are fixed 8-byte longs, counts and lengths varints, strings length-prefixed
 * UTF-8, a nullable field is preceded by a presence byte. Every decoder checks what a well-behaved
 * peer would never send and throws {@link MalformedMessageException}: ids with bits above the
 * ring's m, peer lists longer than {@code maxPeersPerMessage}, hop and timeout counts above
 * {@code maxHops}, keys, values and addresses beyond their byte bounds, more store entries than
 * {@code maxEntriesPerTransfer}, negative version counters.
 */
public final class ChordWire {

  /** The first tag the routing module may use. */
  public static final int FIRST_FREE_TAG = 64;

  private final ChordConfig config;
  private final IdRing ring;

  private ChordWire(ChordConfig config) {
    this.config = config;
    this.ring = new IdRing(config.idBits());
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
    r.register(1, WireCodec.of(Ack.class, (m, out) -> { }, in -> new Ack()));
    r.register(2, WireCodec.of(Ping.class, (m, out) -> { }, in -> new Ping()));
    r.register(3, WireCodec.of(FindSuccessor.class, (m, out) -> {
      out.writeLong(m.lookupId()).writeLong(m.key());
      writePeer(m.origin(), out);
      out.writeVarInt(m.hops()).writeVarInt(m.timeouts()).writeVarInt(m.predecessorHops() + 1);
      if (m.isFinal()) {
        out.writeLong(m.bound());
      }
    }, in -> {
      long id = in.readLong();
      long key = readId(in);
      PeerRef origin = readPeer(in);
      int hops = readHops(in);
      int timeouts = readHops(in);
      int predecessorHops = in.readVarInt(config.maxHops() + 1) - 1;
      long bound = predecessorHops >= 0 ? readId(in) : 0;
      return new FindSuccessor(id, key, origin, hops, timeouts, predecessorHops, bound);
    }));
    r.register(4, WireCodec.of(LookupDone.class, (m, out) -> {
      out.writeLong(m.lookupId());
      writeNullablePeer(m.successor(), out);
      writePeers(m.successors(), out);
      out.writeVarInt(m.hops()).writeVarInt(m.timeouts()).writeVarInt(m.ownerHops());
    }, in -> new LookupDone(in.readLong(), readNullablePeer(in), readPeers(in), readHops(in), readHops(in),
        readHops(in))));
    r.register(5, WireCodec.of(NextHopQuery.class, (m, out) -> {
      out.writeLong(m.key()).writeVarInt(m.exclude().size());
      m.exclude().forEach(out::writeLong);
      out.writeBoolean(m.candidate());
      if (m.candidate()) {
        out.writeLong(m.bound());
      }
    }, in -> {
      long key = readId(in);
      int n = in.readVarInt(config.maxPeersPerMessage());
      List<Long> ids = new ArrayList<>(Math.min(n, in.remaining() / 8));
      for (int i = 0; i < n; i++) {
        ids.add(readId(in));
      }
      boolean candidate = in.readBoolean();
      return new NextHopQuery(key, ids, candidate, candidate ? readId(in) : 0);
    }));
    r.register(6, WireCodec.of(NextHop.class, (m, out) -> {
      out.writeBoolean(m.done()).writeBoolean(m.candidate());
      writeNullablePeer(m.peer(), out);
      writePeers(m.successors(), out);
    }, in -> new NextHop(in.readBoolean(), in.readBoolean(), readNullablePeer(in), readPeers(in))));
    r.register(7, WireCodec.of(GetNeighbors.class, (m, out) -> { }, in -> new GetNeighbors()));
    r.register(8, WireCodec.of(Neighbors.class, (m, out) -> {
      writeNullablePeer(m.predecessor(), out);
      writePeers(m.successors(), out);
    }, in -> new Neighbors(readNullablePeer(in), readPeers(in))));
    r.register(9, WireCodec.of(Notify.class, (m, out) -> { }, in -> new Notify()));
    r.register(10, WireCodec.of(SuccessorLeaving.class, (m, out) -> writePeers(m.successors(), out),
        in -> new SuccessorLeaving(readPeers(in))));
    r.register(11, WireCodec.of(PredecessorLeaving.class, (m, out) -> writeNullablePeer(m.predecessor(), out),
        in -> new PredecessorLeaving(readNullablePeer(in))));
    r.register(12, WireCodec.of(StoreTransfer.class, (m, out) -> {
      out.writeVarInt(m.entries().size());
      m.entries().forEach(e -> writeEntry(e, out));
    }, in -> {
      int n = in.readVarInt(config.maxEntriesPerTransfer());
      // an entry takes at least 11 bytes (key length, counter, writer id, value presence)
      List<StoredEntry> entries = new ArrayList<>(Math.min(n, in.remaining() / 11));
      for (int i = 0; i < n; i++) {
        entries.add(readEntry(in));
      }
      return new StoreTransfer(entries);
    }));
    r.register(13, WireCodec.of(PutRequest.class, (m, out) -> {
      out.writeString(m.key());
      writeNullableString(m.value(), out);
    }, in -> new PutRequest(readKey(in), readNullableValue(in))));
    r.register(14, WireCodec.of(PutReply.class, (m, out) -> {
      out.writeBoolean(m.responsible());
      out.writeBoolean(m.version() != null);
      if (m.version() != null) {
        writeVersion(m.version(), out);
      }
      out.writeVarInt(m.replicas());
    }, in -> {
      boolean responsible = in.readBoolean();
      Version v = in.readBoolean() ? readVersion(in) : null;
      return new PutReply(responsible, v, in.readVarInt(config.successors() + 1));
    }));
    r.register(15, WireCodec.of(GetRequest.class, (m, out) -> out.writeString(m.key()),
        in -> new GetRequest(readKey(in))));
    r.register(16, WireCodec.of(GetReply.class, (m, out) -> {
      out.writeBoolean(m.entry() != null);
      if (m.entry() != null) {
        writeEntry(m.entry(), out);
      }
    }, in -> new GetReply(in.readBoolean() ? readEntry(in) : null)));
    r.register(17, WireCodec.of(GetPredecessor.class, (m, out) -> { }, in -> new GetPredecessor()));
    r.register(18, WireCodec.of(Predecessor.class, (m, out) -> writeNullablePeer(m.predecessor(), out),
        in -> new Predecessor(readNullablePeer(in))));
    r.register(19, WireCodec.of(GetFingers.class, (m, out) -> { }, in -> new GetFingers()));
    r.register(21, WireCodec.of(JoinNotify.class, (m, out) -> { }, in -> new JoinNotify()));
    r.register(22, WireCodec.of(JoinedBefore.class, (m, out) -> { }, in -> new JoinedBefore()));
    r.register(20, WireCodec.of(Fingers.class, (m, out) -> writePeers(m.fingers(), out),
        in -> new Fingers(readPeers(in))));
  }

  private long readId(WireReader in) {
    long id = in.readLong();
    if (!ring.contains(id)) {
      throw new MalformedMessageException("id " + IdRing.format(id) + " outside the " + ring.bits() + "-bit ring");
    }
    return id;
  }

  private int readHops(WireReader in) {
    return in.readVarInt(config.maxHops());
  }

  private static void writePeer(PeerRef p, WireWriter out) {
    out.writeString(p.address()).writeLong(p.id());
  }

  private PeerRef readPeer(WireReader in) {
    String address = in.readString(PeerRef.MAX_ADDRESS_BYTES);
    if (address.isEmpty()) {
      throw new MalformedMessageException("empty peer address");
    }
    return new PeerRef(address, readId(in));
  }

  private static void writeNullablePeer(PeerRef p, WireWriter out) {
    out.writeBoolean(p != null);
    if (p != null) {
      writePeer(p, out);
    }
  }

  private PeerRef readNullablePeer(WireReader in) {
    return in.readBoolean() ? readPeer(in) : null;
  }

  private static void writePeers(List<PeerRef> peers, WireWriter out) {
    out.writeVarInt(peers.size());
    peers.forEach(p -> writePeer(p, out));
  }

  private List<PeerRef> readPeers(WireReader in) {
    int n = in.readVarInt(config.maxPeersPerMessage());
    // a peer takes at least 10 bytes (length, one address byte, id): the list is sized by what the
    // frame can hold, not by what its count claims
    List<PeerRef> out = new ArrayList<>(Math.min(n, in.remaining() / 10));
    for (int i = 0; i < n; i++) {
      out.add(readPeer(in));
    }
    return out;
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

  private String readKey(WireReader in) {
    return in.readString(config.maxKeyBytes());
  }

  private String readNullableValue(WireReader in) {
    return in.readBoolean() ? in.readString(config.maxValueBytes()) : null;
  }

  private void writeEntry(StoredEntry e, WireWriter out) {
    out.writeString(e.key());
    writeVersion(e.version(), out);
    writeNullableString(e.value(), out);
  }

  private StoredEntry readEntry(WireReader in) {
    return new StoredEntry(readKey(in), readVersion(in), readNullableValue(in));
  }

  /** The UTF-8 length of a string, as the wire bounds count it. */
  public static int utf8Length(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

}
