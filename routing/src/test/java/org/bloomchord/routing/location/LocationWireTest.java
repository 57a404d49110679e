package org.bloomchord.routing.location;

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
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.location.LocationMessages.HolderAnswer;
import org.bloomchord.routing.location.LocationMessages.HolderProbe;
import org.bloomchord.routing.location.LocationMessages.LocateDone;
import org.bloomchord.routing.location.LocationMessages.LocateQuery;
import org.bloomchord.routing.location.LocationMessages.PointerAck;
import org.bloomchord.routing.location.LocationMessages.PointerHolders;
import org.bloomchord.routing.location.LocationMessages.PointerQuery;
import org.bloomchord.routing.location.LocationMessages.PointerUpdate;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;
import org.junit.jupiter.api.Test;

class LocationWireTest {

  private final ChordConfig chord = ChordConfig.defaults().withIdBits(32);
  private final LocationConfig config = LocationConfig.defaults();
  private final WireRegistry registry = LocationWire.register(ChordWire.registry(chord), config, chord);
  private final PeerRef p = new PeerRef("p1", new IdRing(32).hash("p1"));

  private Message roundTrip(Message m) {
    return registry.decode(registry.encode(m));
  }

  @Test
  void everyMessageRoundTrips() {
    for (Message m : List.<Message>of(new SummaryRequest(5), new SummaryReply(9, List.of()),
        new LocateQuery(1, p, "k", 2, 3, VisitedPeers.NONE.with(p)),
        new LocateDone(1, LocateOutcome.FALLBACK, p, 1, 5, 1, 1), new LocateDone(2, LocateOutcome.NOT_FOUND, null, 0, 4, 0, 0),
        new PointerUpdate("k", 30_000, false), new PointerAck(true), new PointerQuery("k"),
        new PointerHolders(true, List.of(p)), new HolderProbe("k"), new HolderAnswer(false))) {
      assertEquals(m, roundTrip(m), m.typeName());
    }
    // a reply carries 4 bytes of its version, the tag a request names
    long version = 0x1234_5678_9ABC_DEF0L;
    assertEquals(new SummaryReply(SummaryRequest.tag(version), List.of()), roundTrip(new SummaryReply(version, List.of())));
  }

  @Test
  void aSummaryRoundTripsLevelByLevel() {
    BloomFilter f = new BloomFilter(config.shape());
    f.add(3L);
    AttenuatedFilter a = new AttenuatedFilter(f, f, f);
    SummaryReply r = new SummaryReply(SummaryCoding.version(a), SummaryCoding.encode(a));
    SummaryReply back = (SummaryReply) roundTrip(r);
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(r.levels().get(i).bytes(), back.levels().get(i).bytes());
    }
    assertEquals(a, SummaryCoding.decode(back.levels(), 3, config.shape()));
  }

  @Test
  void theDecodersRejectWhatAWellBehavedPeerNeverSends() {
    AttenuatedFilter deep = AttenuatedFilter.empty(4, config.shape());
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new SummaryReply(1, SummaryCoding.encode(deep))), "depth 4 for d = 3");
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new LocateQuery(1, p, "k", 4, 0, VisitedPeers.NONE)), "budget above d");
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new LocateQuery(1, new PeerRef("x", 1L << 40), "k", 1, 0, VisitedPeers.NONE)),
        "origin id outside the 32-bit ring");
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new PointerUpdate("k", config.leaseMs() + 1, false)), "lease above the configured one");
    assertEquals(new PointerUpdate("k", config.leaseMs(), false), roundTrip(new PointerUpdate("k", config.leaseMs(), false)));
    PeerRef forged = new PeerRef("p1", p.id() ^ 1);
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new LocateDone(1, LocateOutcome.FALLBACK, forged, 1, 1, 1, 0)), "holder id not its address' hash");
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new LocateQuery(1, forged, "k", 1, 0, VisitedPeers.NONE)), "origin id not its address' hash");
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new PointerHolders(true, List.of(p, forged))), "holder id not its address' hash");
    assertThrows(MalformedMessageException.class,
        () -> roundTrip(new PointerQuery("x".repeat(chord.maxKeyBytes()))), "key too long for the pointer prefix");
    byte[] frame = registry.encode(new PointerHolders(true, List.of(p)));
    assertThrows(MalformedMessageException.class,
        () -> registry.decode(java.util.Arrays.copyOf(frame, frame.length - 2)), "truncated");
  }

  @Test
  void theCheckCatchesMessagesHandedOverByReference() {
    LocationWire wire = new LocationWire(config, chord);
    assertThrows(MalformedMessageException.class,
        () -> wire.check(new LocateDone(1, LocateOutcome.FALLBACK, null, -1, 0, 0, 0)));
    assertThrows(MalformedMessageException.class,
        () -> wire.check(new LocateQuery(1, p, "k", 1, config.maxQueryHops() + 1, VisitedPeers.NONE)));
  }
}
