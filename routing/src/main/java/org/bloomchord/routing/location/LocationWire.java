package org.bloomchord.routing.location;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.PeerIdentity;
import org.bloomchord.chord.wire.RingCodec;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.MessageCheck;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.HolderAnswer;
import org.bloomchord.routing.location.LocationMessages.HolderProbe;
import org.bloomchord.routing.location.LocationMessages.LevelCoding;
import org.bloomchord.routing.location.LocationMessages.LocateDone;
import org.bloomchord.routing.location.LocationMessages.LocateQuery;
import org.bloomchord.routing.location.LocationMessages.PointerAck;
import org.bloomchord.routing.location.LocationMessages.PointerHolders;
import org.bloomchord.routing.location.LocationMessages.PointerQuery;
import org.bloomchord.routing.location.LocationMessages.PointerUpdate;
import org.bloomchord.routing.location.LocationMessages.SummaryChanged;
import org.bloomchord.routing.location.LocationMessages.SummaryDelta;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;

/**
 * The binary encodings of the location messages, registered under tags {@value #FIRST_TAG}..75
 * (the location layer owns 64..95; reconciliation uses 96..127), and the bounds every received
 * location message must satisfy.
 *
 * <p>Encodings follow the Chord ones: ids and versions are 8-byte longs (a summary request, reply
 * and delta carry a version's 4-byte tag, {@code SummaryRequest.tag}), counts varints, strings
 * length-prefixed UTF-8, a nullable peer is preceded by a presence byte. A summary level is a
 * coding byte (0 plain, 1 compressed, 2 given the level below) and a length-prefixed byte string;
 * a summary delta is the version's tag, d length-prefixed encodings of the changed bits (empty:
 * none; {@code SummaryCoding}: a bit of mode, then the packed parts of {@code ConditionedBits}
 * given the base's level, or given it and the level below) and the changes of the declared element counts (zigzag varints).
 *
 * <p>The same {@link #check} runs in every decoder and, because the Vert.x runtime hands messages
 * over by reference without decoding them, in the handlers too. It rejects with
 * {@link MalformedMessageException}: ids outside the ring, keys longer than the Chord bound less
 * the pointer prefix, budgets above d, hop counts above their bounds, holder lists above
 * {@code maxHoldersPerPointer}, leases above ten times the configured one, summaries whose level
 * count is neither 0 nor d, deltas whose level count is not d, whose version is 0 or whose levels
 * are longer than a plain level, and levels that do not decode to exactly the configured shape (a
 * delta's levels decode only against the base they change: the asker checks them there).
 */
public final class LocationWire implements MessageCheck {

  /** The first tag of the location layer. */
  public static final int FIRST_TAG = 64;
  /** The last tag the location layer may ever use. */
  public static final int LAST_TAG = 95;
  /** Bound on the Chord hops a fallback may report. */
  static final int MAX_FALLBACK_HOPS = 4096;

  private final LocationConfig config;
  private final ChordConfig chord;
  private final IdRing ring;
  private final BloomShape shape;
  private final PeerIdentity identity;

  /** Bounds for peers running {@code config} on a ring of {@code chord}. */
  public LocationWire(LocationConfig config, ChordConfig chord) {
    this.config = config;
    this.chord = chord;
    this.ring = new IdRing(chord.idBits());
    this.shape = config.shape();
    this.identity = new PeerIdentity(ring);
  }

  /** Registers the location codecs into {@code registry} (which should hold the Chord codecs). */
  public static WireRegistry register(WireRegistry registry, LocationConfig config, ChordConfig chord) {
    new LocationWire(config, chord).fill(registry);
    return registry;
  }

  private void fill(WireRegistry r) {
    int t = FIRST_TAG;
    r.register(t++, codec(SummaryRequest.class, (m, out) -> out.writeInt((int) SummaryRequest.tag(m.knownVersion())),
        in -> new SummaryRequest(Integer.toUnsignedLong(in.readInt()))));
    r.register(t++, codec(SummaryReply.class, (m, out) -> {
      out.writeInt((int) SummaryRequest.tag(m.version()));
      out.writeVarInt(m.levels().size());
      for (EncodedLevel l : m.levels()) {
        out.writeByte(l.coding().ordinal());
        out.writeBytes(l.bytes());
        out.writeVarInt(l.count());
      }
    }, in -> {
      long version = Integer.toUnsignedLong(in.readInt());
      int n = in.readVarInt(config.depth());
      List<EncodedLevel> levels = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        int coding = in.readByte();
        if (coding >= LevelCoding.values().length) {
          throw new MalformedMessageException("unknown level coding " + coding);
        }
        byte[] bytes = in.readBytes(SummaryCoding.maxLevelBytes(shape));
        levels.add(new EncodedLevel(LevelCoding.values()[coding], bytes, in.readVarInt(SummaryCoding.MAX_COUNT)));
      }
      return new SummaryReply(version, levels);
    }));
    r.register(t++, codec(LocateQuery.class, (m, out) -> {
      out.writeLong(m.queryId());
      RingCodec.writePeer(m.origin(), out);
      out.writeString(m.key());
      out.writeVarInt(m.budget()).writeVarInt(m.hops());
      out.writeLong(m.visited().low()).writeLong(m.visited().high());
    }, in -> new LocateQuery(in.readLong(), RingCodec.readPeer(in, ring), readKey(in),
        in.readVarInt(config.depth()), in.readVarInt(config.maxQueryHops()),
        new VisitedPeers(in.readLong(), in.readLong()))));
    r.register(t++, codec(LocateDone.class, (m, out) -> {
      out.writeLong(m.queryId());
      out.writeByte(m.outcome().ordinal());
      RingCodec.writeNullablePeer(m.holder(), out);
      out.writeVarInt(m.probabilisticHops()).writeVarInt(m.fallbackHops()).writeVarInt(m.finalHops())
          .writeVarInt(m.falsePositives());
    }, in -> {
      long id = in.readLong();
      int o = in.readByte();
      if (o >= LocateOutcome.values().length) {
        throw new MalformedMessageException("unknown locate outcome " + o);
      }
      PeerRef holder = RingCodec.readNullablePeer(in, ring);
      return new LocateDone(id, LocateOutcome.values()[o], holder, in.readVarInt(config.maxQueryHops()),
          in.readVarInt(MAX_FALLBACK_HOPS), in.readVarInt(config.maxHoldersPerPointer()),
          in.readVarInt(config.maxQueryHops()));
    }));
    r.register(t++, codec(PointerUpdate.class, (m, out) -> {
      out.writeString(m.key());
      out.writeVarLong(m.leaseMs());
      out.writeBoolean(m.remove());
    }, in -> new PointerUpdate(readKey(in), in.readVarLong(), in.readBoolean())));
    r.register(t++, codec(PointerAck.class, (m, out) -> out.writeBoolean(m.responsible()),
        in -> new PointerAck(in.readBoolean())));
    r.register(t++, codec(PointerQuery.class, (m, out) -> out.writeString(m.key()), in -> new PointerQuery(readKey(in))));
    r.register(t++, codec(PointerHolders.class, (m, out) -> {
      out.writeBoolean(m.known());
      RingCodec.writePeers(m.holders(), out);
    }, in -> new PointerHolders(in.readBoolean(), RingCodec.readPeers(in, ring, config.maxHoldersPerPointer()))));
    r.register(t++, codec(HolderProbe.class, (m, out) -> out.writeString(m.key()), in -> new HolderProbe(readKey(in))));
    r.register(t++, codec(HolderAnswer.class, (m, out) -> out.writeBoolean(m.holds()),
        in -> new HolderAnswer(in.readBoolean())));
    r.register(t++, codec(SummaryDelta.class, (m, out) -> {
      out.writeInt((int) SummaryRequest.tag(m.version()));
      out.writeVarInt(m.levels().size());
      for (byte[] l : m.levels()) {
        out.writeBytes(l);
      }
      int[] counts = m.counts() == null ? new int[0] : m.counts();
      out.writeVarInt(counts.length);
      for (int c : counts) {
        out.writeVarLong(((long) c << 1) ^ ((long) c >> 63));
      }
    }, in -> {
      long version = Integer.toUnsignedLong(in.readInt());
      int n = in.readVarInt(config.depth());
      List<byte[]> levels = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        levels.add(in.readBytes(SummaryCoding.maxLevelBytes(shape)));
      }
      int c = in.readVarInt(config.depth());
      int[] counts = c == 0 ? null : new int[c];
      for (int i = 0; i < c; i++) {
        long z = in.readVarLong();
        long change = (z >>> 1) ^ -(z & 1);
        if (z < 0 || Math.abs(change) > SummaryCoding.MAX_COUNT) {
          throw new MalformedMessageException("delta count change " + change + " beyond " + SummaryCoding.MAX_COUNT);
        }
        counts[i] = (int) change;
      }
      return new SummaryDelta(version, levels, counts);
    }));
    r.register(t, codec(SummaryChanged.class, (m, out) -> out.writeLong(m.version()),
        in -> new SummaryChanged(in.readLong())));
  }

  /**
   * Checks a location message against the bounds; other types pass unchecked. Summaries are
   * decoded in full, so a corrupt level is caught here.
   *
   * @throws MalformedMessageException when a bound is violated
   */
  @Override
  public void check(Message m) {
    if (m instanceof SummaryReply s) {
      if (!s.unchanged()) {
        SummaryCoding.decode(s.levels(), config.depth(), shape);
      }
    } else if (m instanceof SummaryDelta s) {
      if (s.version() == 0) {
        throw new MalformedMessageException("delta without a version");
      }
      SummaryCoding.checkDelta(s.levels(), config.depth(), shape);
      if (s.counts() != null && s.counts().length != config.depth()) {
        throw new MalformedMessageException("delta declares " + s.counts().length + " counts for depth " + config.depth());
      }
    } else if (m instanceof LocateQuery q) {
      peer(q.origin());
      key(q.key());
      range("budget", q.budget(), config.depth());
      range("hops", q.hops(), config.maxQueryHops());
      if (q.visited() == null) {
        throw new MalformedMessageException("visited header missing");
      }
    } else if (m instanceof LocateDone d) {
      if (d.outcome() == null) {
        throw new MalformedMessageException("outcome missing");
      }
      if (d.holder() != null) {
        peer(d.holder());
      }
      range("probabilistic hops", d.probabilisticHops(), config.maxQueryHops());
      range("fallback hops", d.fallbackHops(), MAX_FALLBACK_HOPS);
      range("final hops", d.finalHops(), config.maxHoldersPerPointer());
      range("false positives", d.falsePositives(), config.maxQueryHops());
    } else if (m instanceof PointerUpdate u) {
      key(u.key());
      // a holder asks for the configured lease, never more: a longer one would keep a departed
      // holder in the directory, and crowd honest ones out of the bounded holder list
      if (u.leaseMs() < 1 || u.leaseMs() > config.leaseMs()) {
        throw new MalformedMessageException("lease of " + u.leaseMs() + " ms outside [1, " + config.leaseMs() + "]");
      }
    } else if (m instanceof PointerQuery q) {
      key(q.key());
    } else if (m instanceof PointerHolders h) {
      if (h.holders().size() > config.maxHoldersPerPointer()) {
        throw new MalformedMessageException("more than " + config.maxHoldersPerPointer() + " holders");
      }
      h.holders().forEach(this::peer);
    } else if (m instanceof HolderProbe p) {
      key(p.key());
    }
  }

  private void range(String what, int v, int max) {
    if (v < 0 || v > max) {
      throw new MalformedMessageException(what + " " + v + " outside [0, " + max + "]");
    }
  }

  private void key(String k) {
    if (k == null || k.getBytes(StandardCharsets.UTF_8).length > maxKeyBytes()) {
      throw new MalformedMessageException("key missing or longer than " + maxKeyBytes() + " bytes");
    }
  }

  /** Longest object key: the Chord bound less the pointer prefix. */
  int maxKeyBytes() {
    return Math.max(0, chord.maxKeyBytes() - PointerRecord.KEY_PREFIX.length());
  }

  private void peer(PeerRef p) {
    if (p == null) {
      throw new MalformedMessageException("missing peer");
    }
    if (p.address().getBytes(StandardCharsets.UTF_8).length > PeerRef.MAX_ADDRESS_BYTES) {
      throw new MalformedMessageException("peer address too long");
    }
    if (!ring.contains(p.id())) {
      throw new MalformedMessageException("peer id outside the " + ring.bits() + "-bit ring: " + p);
    }
    identity.check(p);
  }

  private String readKey(WireReader in) {
    return in.readString(maxKeyBytes());
  }
}
