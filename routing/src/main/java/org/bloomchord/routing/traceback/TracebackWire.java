package org.bloomchord.routing.traceback;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.RingCodec;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.traceback.TracebackMessages.TraceAnswer;
import org.bloomchord.routing.traceback.TracebackMessages.TraceQuery;

/**
 * Wire codecs of traceback, tags {@value #FIRST_TAG}..{@value #LAST_TAG}. Decoders check ids against
 * the ring, intervals and list lengths before allocating.
 */
public final class TracebackWire {

  /** First tag used. */
  public static final int FIRST_TAG = 200;
  /** Last tag used. */
  public static final int LAST_TAG = 201;
  /** Most windows or candidate links an answer may claim to have looked at. */
  static final int MAX_COUNT = 1 << 20;

  private TracebackWire() {
  }

  /** Registers the traceback codecs into {@code registry} for a ring of {@code config}'s bits. */
  public static WireRegistry register(WireRegistry registry, ChordConfig config) {
    IdRing ring = new IdRing(config.idBits());
    registry.register(FIRST_TAG, WireCodec.of(TraceQuery.class, (m, out) -> {
      out.writeLong(m.query()).writeLong(m.digest()).writeVarLong(m.from()).writeVarLong(m.to() - m.from());
      RingCodec.writePeer(m.downstream(), out);
    }, in -> {
      long query = in.readLong();
      long digest = in.readLong();
      long from = in.readVarLong();
      long span = in.readVarLong();
      if (from < 0 || span < 0 || from + span < from) {
        throw new MalformedMessageException("traceback interval out of range: " + from + " + " + span);
      }
      return new TraceQuery(query, digest, from, from + span, RingCodec.readPeer(in, ring));
    }));
    registry.register(LAST_TAG, WireCodec.of(TraceAnswer.class, (m, out) -> {
      out.writeLong(m.query()).writeBoolean(m.sent()).writeVarInt(m.tested()).writeVarInt(m.windows())
          .writeLong(Double.doubleToLongBits(m.falsePositiveRate())).writeVarInt(m.upstream().size());
      for (PeerRef p : m.upstream()) {
        RingCodec.writePeer(p, out);
      }
    }, in -> {
      long query = in.readLong();
      boolean sent = in.readBoolean();
      int tested = in.readVarInt(MAX_COUNT);
      int windows = in.readVarInt(MAX_COUNT);
      double fp = Double.longBitsToDouble(in.readLong());
      if (!(fp >= 0 && fp <= 1)) {
        throw new MalformedMessageException("traceback false-positive rate out of [0, 1]: " + fp);
      }
      int n = in.readVarInt(TracebackMessages.MAX_UPSTREAM);
      List<PeerRef> up = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        up.add(RingCodec.readPeer(in, ring));
      }
      return new TraceAnswer(query, sent, up, tested, windows, fp);
    }));
    return registry;
  }
}
