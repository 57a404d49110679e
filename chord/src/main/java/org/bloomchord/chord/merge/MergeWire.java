package org.bloomchord.chord.merge;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.merge.MergeMessages.MergeFind;
import org.bloomchord.chord.merge.MergeMessages.MergeFound;
import org.bloomchord.chord.merge.MergeMessages.MergeIntro;
import org.bloomchord.chord.merge.MergeMessages.MergeNews;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.MessageBounds;
import org.bloomchord.chord.wire.RingCodec;
import org.bloomchord.overlay.wire.WireRegistry;

/**
 * The encodings of the merge messages, under Chord's tags 25..28: ids as fixed 8-byte longs, peers
 * and peer lists as {@link RingCodec} writes them, counts as varints. Each decoder applies
 * {@link MessageBounds} (ids on the ring, at most maxPeersPerMessage contacts, hops up to
 * maxHops) to what it parsed, as the peer's admission does again.
 */
public final class MergeWire {

  /** The tags of MergeNews, MergeFind, MergeFound and MergeIntro. */
  public static final int NEWS = 25;
  public static final int FIND = 26;
  public static final int FOUND = 27;
  public static final int INTRO = 28;

  private final IdRing ring;
  private final MessageBounds limits;

  private MergeWire(ChordConfig config) {
    this.ring = new IdRing(config.idBits());
    this.limits = MessageBounds.limitsOnly(config);
  }

  /** Registers the merge codecs into {@code registry}. */
  public static void register(WireRegistry registry, ChordConfig config) {
    new MergeWire(config).fill(registry);
  }

  private void fill(WireRegistry r) {
    r.register(NEWS, limits.codec(MergeNews.class, (m, out) -> {
      out.writeLong(m.epoch());
      RingCodec.writePeers(m.contacts(), out);
      out.writeLong(m.limit()).writeVarInt(m.hops());
    }, in -> new MergeNews(in.readLong(), RingCodec.readPeers(in, ring, Integer.MAX_VALUE),
        RingCodec.readId(in, ring), in.readVarInt(Integer.MAX_VALUE))));
    r.register(FIND, limits.codec(MergeFind.class, (m, out) -> out.writeLong(m.key()),
        in -> new MergeFind(RingCodec.readId(in, ring))));
    r.register(FOUND, limits.codec(MergeFound.class, (m, out) -> {
      RingCodec.writeNullablePeer(m.successor(), out);
      RingCodec.writePeers(m.successors(), out);
    }, in -> new MergeFound(RingCodec.readNullablePeer(in, ring), RingCodec.readPeers(in, ring, Integer.MAX_VALUE))));
    r.register(INTRO, limits.codec(MergeIntro.class, (m, out) -> { }, in -> new MergeIntro()));
  }
}
