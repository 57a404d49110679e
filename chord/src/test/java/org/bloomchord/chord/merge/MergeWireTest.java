package org.bloomchord.chord.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.merge.MergeMessages.MergeFind;
import org.bloomchord.chord.merge.MergeMessages.MergeFound;
import org.bloomchord.chord.merge.MergeMessages.MergeIntro;
import org.bloomchord.chord.merge.MergeMessages.MergeNews;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.chord.wire.MessageBounds;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.junit.jupiter.api.Test;

/** The merge messages' encodings: they round-trip, and hostile ones fail decoding and the bounds. */
class MergeWireTest {

  private final ChordConfig config = ChordConfig.defaults().withIdBits(16);
  private final WireRegistry registry = ChordWire.registry(config);
  private final MessageBounds bounds = new MessageBounds(config);
  private final IdRing ring = new IdRing(16);
  private final PeerRef a = new PeerRef("peer-a", ring.hash("peer-a"));
  private final PeerRef b = new PeerRef("peer-b", ring.hash("peer-b"));

  @Test
  void everyMergeMessageRoundTripsUnderItsTag() {
    List<Message> samples = List.of(new MergeNews(-7, List.of(a, b), 0x1234, 3), new MergeFind(0xABCD),
        new MergeFound(a, List.of(b)), new MergeFound(null, List.of()), new MergeIntro());
    for (Message m : samples) {
      byte[] frame = registry.encode(m);
      assertEquals(m, registry.decode(frame), m.typeName());
      bounds.check(m);
      for (int len = 0; len < frame.length; len++) {
        byte[] cut = java.util.Arrays.copyOf(frame, len);
        if (len > 0) {
          assertThrows(MalformedMessageException.class, () -> registry.decode(cut), m.typeName() + " cut at " + len);
        }
      }
    }
  }

  @Test
  void hostileMergeMessagesAreRejected() {
    List<PeerRef> many = new ArrayList<>();
    for (int i = 0; i <= config.maxPeersPerMessage(); i++) {
      String name = "p" + i;
      many.add(new PeerRef(name, ring.hash(name)));
    }
    PeerRef forged = new PeerRef("peer-a", ring.hash("peer-a") ^ 1);
    List<Message> bad = List.of(new MergeNews(1, List.of(), 1, 0), new MergeNews(1, many, 1, 0),
        new MergeNews(1, List.of(a), 0x10000, 0), new MergeNews(1, List.of(a), 1, config.maxHops() + 1),
        new MergeFind(0x10000), new MergeFound(a, many));
    for (Message m : bad) {
      assertThrows(MalformedMessageException.class, () -> registry.decode(registry.encode(m)), m.toString());
      assertThrows(MalformedMessageException.class, () -> bounds.check(m), m.toString());
    }
    // a contact whose id is not the hash of its address fails the peer's identity check
    assertThrows(MalformedMessageException.class, () -> bounds.check(new MergeNews(1, List.of(forged), 1, 0)));
    assertThrows(MalformedMessageException.class, () -> bounds.check(new MergeFound(forged, List.of())));
  }
}
