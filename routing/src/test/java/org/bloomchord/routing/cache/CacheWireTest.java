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
    assertEquals(new CacheQuery(ObjectName.number(7)), roundTrip(new CacheQuery(ObjectName.number(7))));
    assertEquals(new CacheAnswer(Verdict.MISS_STALE), roundTrip(new CacheAnswer(Verdict.MISS_STALE)));
    assertEquals(new CacheFetch(ObjectName.number(1L << 40)), roundTrip(new CacheFetch(ObjectName.number(1L << 40))));
    assertEquals(new CacheObject(3, true, 4096), roundTrip(new CacheObject(3, true, 4096)));
    assertEquals(new SummaryPull(2), roundTrip(new SummaryPull(2)));
    assertEquals(new HolderUpdate(ObjectName.number(5), false), roundTrip(new HolderUpdate(ObjectName.number(5), false)));
    assertEquals(new HolderQuery(ObjectName.number(5)), roundTrip(new HolderQuery(ObjectName.number(5))));
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
    for (Message m : List.<Message>of(new CacheObject(1, true, CacheWire.MAX_OBJECT_BYTES + 1),
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
  void urlNamesTravelAsTheirBytesAndTheReceiverDerivesTheKey() {
    CacheConfig urls = config.withNaming(ObjectNaming.URL);
    WireRegistry r = CacheWire.register(ChordWire.registry(chord), urls, chord);
    String url = "http://www.s1k.example/a/b/c/17.html";
    ObjectName name = ObjectName.url(url);
    CacheQuery back = (CacheQuery) r.decode(r.encode(new CacheQuery(name)));
    assertEquals(name, back.object());
    assertEquals(url, back.object().url());
    assertEquals(ObjectName.fingerprint(url), back.object().key());
    // the frame is the tag, a one-byte length and the URL's bytes, more than the number's varlong
    int numberFrame = registry.encode(new CacheQuery(ObjectName.number(17))).length;
    assertEquals(numberFrame - 1 + 1 + url.length(), r.encode(new CacheQuery(name)).length);
    assertEquals(new HolderQuery(name), r.decode(r.encode(new HolderQuery(name))));
  }

  @Test
  void aNameOfTheOtherNamingOrAForgedKeyIsRejected() {
    CacheConfig urls = config.withNaming(ObjectNaming.URL);
    CacheWire wire = new CacheWire(urls, chord);
    // in one JVM messages arrive by reference, so the handlers check what decoding would
    assertThrows(MalformedMessageException.class, () -> wire.check(new CacheQuery(ObjectName.number(3))));
    assertThrows(MalformedMessageException.class,
        () -> wire.check(new CacheQuery(new ObjectName(5, "http://a.example/x"))));
    assertThrows(MalformedMessageException.class, () -> new CacheWire(config, chord)
        .check(new CacheFetch(ObjectName.url("http://a.example/x"))));
    WireRegistry r = CacheWire.register(ChordWire.registry(chord), urls, chord);
    // an empty URL, and a URL longer than the bound, fail at decoding
    byte[] empty = registry.encode(new CacheQuery(ObjectName.number(0)));
    assertThrows(MalformedMessageException.class, () -> r.decode(empty));
    String longUrl = "http://a.example/" + "x".repeat(ObjectName.MAX_URL_BYTES);
    byte[] frame = r.encode(new CacheQuery(ObjectName.url(longUrl)));
    assertThrows(MalformedMessageException.class, () -> r.decode(frame));
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
