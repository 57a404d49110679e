package org.bloomchord.routing.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.cache.CacheMessages.CacheAnswer;
import org.bloomchord.routing.cache.CacheMessages.CacheFetch;
import org.bloomchord.routing.cache.CacheMessages.CacheObject;
import org.bloomchord.routing.cache.CacheMessages.CacheQuery;
import org.bloomchord.routing.cache.CacheMessages.Coding;
import org.bloomchord.routing.cache.CacheMessages.HolderList;
import org.bloomchord.routing.cache.CacheMessages.HolderQuery;
import org.bloomchord.routing.cache.CacheMessages.HolderUpdate;
import org.bloomchord.routing.cache.CacheMessages.SummaryPull;
import org.bloomchord.routing.cache.CacheMessages.SummaryUpdate;
import org.bloomchord.routing.cache.CacheMessages.Verdict;
import org.junit.jupiter.api.Test;

/** Every cache message round-trips; hostile values are rejected at decoding. */
class CacheWireTest {

  private final ChordConfig chord = ChordConfig.defaults().withIdBits(32);
  private final CacheConfig config = CacheConfig.defaults(CacheProtocol.SUMMARY).withCapacity(100);
  private final WireRegistry registry = CacheWire.register(ChordWire.registry(chord), config, chord);
  private final PeerRef p = new PeerRef("p1", new IdRing(32).hash("p1"));

  private Message roundTrip(Message m) {
    return registry.decode(registry.encode(m));
  }

  @Test
  void everyMessageRoundTrips() {
    assertEquals(new CacheQuery(7), roundTrip(new CacheQuery(7)));
    assertEquals(new CacheAnswer(Verdict.MISS_STALE), roundTrip(new CacheAnswer(Verdict.MISS_STALE)));
    assertEquals(new CacheFetch(1L << 40), roundTrip(new CacheFetch(1L << 40)));
    assertEquals(new CacheObject(3, true, 4096), roundTrip(new CacheObject(3, true, 4096)));
    assertEquals(new SummaryPull(2), roundTrip(new SummaryPull(2)));
    assertEquals(new HolderUpdate(5, false), roundTrip(new HolderUpdate(5, false)));
    assertEquals(new HolderQuery(5), roundTrip(new HolderQuery(5)));
    assertEquals(new HolderList(5, List.of(p)), roundTrip(new HolderList(5, List.of(p))));
    SummaryUpdate u = SummaryUpdate.delta(4, 3, 90, new byte[] {1, 2, 3});
    SummaryUpdate back = (SummaryUpdate) roundTrip(u);
    assertEquals(Coding.DELTA, back.coding());
    assertEquals(3, back.baseVersion());
    assertArrayEquals(u.bits(), back.bits());
  }

  @Test
  void hostileValuesAreRejected() {
    byte[] big = new byte[config.summaryShape().words() * 8 + 65];
    for (Message m : List.<Message>of(new CacheQuery(-1), new CacheObject(1, true, CacheWire.MAX_OBJECT_BYTES + 1),
        SummaryUpdate.whole(0, 1, Coding.PLAIN, new byte[1]),
        SummaryUpdate.delta(3, 3, 1, new byte[1]),
        SummaryUpdate.whole(2, 101, Coding.PLAIN, new byte[1]),
        SummaryUpdate.whole(2, 1, Coding.COMPRESSED, big),
        new HolderList(1, java.util.Collections.nCopies(config.maxHoldersPerObject() + 1, p)))) {
      byte[] frame = registry.encode(m);
      assertThrows(MalformedMessageException.class, () -> registry.decode(frame), m::toString);
    }
  }

  @Test
  void summaryBitsOfAnotherShapeAreRejectedBeforeAnythingIsStored() {
    SummaryBook book = new SummaryBook(config);
    book.group(List.of(p));
    byte[] wrong = new org.bloomchord.routing.bloom.BloomFilter(64, 4).toBytes();
    assertThrows(MalformedMessageException.class,
        () -> book.apply(p, SummaryUpdate.whole(1, 1, Coding.PLAIN, wrong)));
    assertThrows(MalformedMessageException.class,
        () -> book.apply(p, SummaryUpdate.whole(1, 1, Coding.PLAIN, new byte[] {9, 9, 9})));
    assertEquals(0, book.size());
    assertEquals(SummaryBook.Applied.NEEDS_WHOLE, book.apply(p, SummaryUpdate.delta(2, 1, 1, new byte[] {0})));
  }
}
