package org.bloomchord.routing.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Base64;
import java.util.List;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

class PointerRecordTest {

  private final IdRing ring = new IdRing(64);
  private final PeerRef a = new PeerRef("a", 1);
  private final PeerRef b = new PeerRef("b", 2);
  private final PeerRef c = new PeerRef("c", 3);

  @Test
  void leasesAreMergedPerHolderAndExpireAtTheirEnd() {
    PointerRecord r = PointerRecord.EMPTY.merge(a, 100, false, 0, 8).merge(b, 50, false, 0, 8);
    assertEquals(List.of(a, b), r.liveHolders(10));
    assertEquals(List.of(a), r.liveHolders(50), "b's lease ended at 50");
    PointerRecord renewed = r.merge(b, 200, false, 10, 8);
    assertEquals(2, renewed.leases().size(), "one lease per holder");
    assertEquals(List.of(b), renewed.liveHolders(150));
  }

  @Test
  void removeWithdrawsOnlyThatHolderAndMergeDropsExpiredLeases() {
    PointerRecord r = PointerRecord.EMPTY.merge(a, 100, false, 0, 8).merge(b, 30, false, 0, 8);
    PointerRecord after = r.merge(a, 0, true, 40, 8);
    assertEquals(List.of(), after.leases(), "a removed, b expired at 30 < 40");
  }

  @Test
  void aFullRecordDropsTheLeaseThatEndsFirst() {
    PointerRecord r = PointerRecord.EMPTY.merge(a, 100, false, 0, 2).merge(b, 300, false, 0, 2)
        .merge(c, 200, false, 0, 2);
    assertEquals(List.of(b, c), r.liveHolders(0));
  }

  @Test
  void encodingRoundTrips() {
    PointerRecord r = PointerRecord.EMPTY.merge(a, 100, false, 0, 8).merge(new PeerRef("p 9;x", -5L), 7, false, 0, 8);
    assertEquals(r, PointerRecord.decode(r.encode(), ring, 8));
  }

  @Test
  void malformedValuesAreRejected() {
    PointerRecord three = PointerRecord.EMPTY.merge(a, 1, false, 0, 8).merge(b, 1, false, 0, 8)
        .merge(c, 1, false, 0, 8);
    assertThrows(MalformedMessageException.class, () -> PointerRecord.decode("%%%", ring, 8));
    assertThrows(MalformedMessageException.class, () -> PointerRecord.decode(three.encode(), ring, 2),
        "more holders than allowed");
    byte[] bytes = Base64.getDecoder().decode(three.encode());
    bytes[0] = 9;
    assertThrows(MalformedMessageException.class,
        () -> PointerRecord.decode(Base64.getEncoder().encodeToString(bytes), ring, 8), "unknown format");
    PointerRecord wide = PointerRecord.EMPTY.merge(new PeerRef("w", 1L << 40), 1, false, 0, 8);
    assertThrows(MalformedMessageException.class, () -> PointerRecord.decode(wide.encode(), new IdRing(16), 8),
        "id outside a 16-bit ring");
    byte[] trailing = java.util.Arrays.copyOf(Base64.getDecoder().decode(three.encode()), bytes.length + 1);
    assertThrows(MalformedMessageException.class,
        () -> PointerRecord.decode(Base64.getEncoder().encodeToString(trailing), ring, 8), "trailing byte");
  }
}
