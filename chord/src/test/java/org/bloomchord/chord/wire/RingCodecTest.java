package org.bloomchord.chord.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;

/** Peers decode to the value written, and a peer decoded again to the same instance. */
class RingCodecTest {

  private static final IdRing RING = new IdRing(64);

  private static PeerRef roundTrip(PeerRef p) {
    WireWriter w = new WireWriter();
    RingCodec.writePeer(p, w);
    WireReader r = new WireReader(w.toByteArray());
    PeerRef out = RingCodec.readPeer(r, RING);
    r.expectEnd();
    return out;
  }

  @Test
  void aPeerDecodedAgainIsTheSameInstanceWithTheSameValue() {
    PeerRef p = new PeerRef("codec-test-a", 0x1234_5678_9ABC_DEF0L);
    PeerRef first = roundTrip(p);
    assertEquals(p, first);
    assertSame(first, roundTrip(p), "the second decoding gives the ref decoded before");
  }

  @Test
  void anInternedPeerIsTheInstanceDecodersReturn() {
    PeerRef launched = new PeerRef("codec-test-interned", 0x0FED_CBA9_8765_4321L);
    PeerRef canonical = RingCodec.intern(launched);
    assertSame(launched, canonical, "a peer not decoded before becomes the canonical instance");
    assertSame(launched, roundTrip(new PeerRef("codec-test-interned", 0x0FED_CBA9_8765_4321L)));
    assertSame(launched, RingCodec.intern(new PeerRef("codec-test-interned", 0x0FED_CBA9_8765_4321L)),
        "an equal ref interned later gives the first instance");
  }

  @Test
  void whateverTheTableHoldsEveryDecodedPeerEqualsThePeerWritten() {
    // ids that share a slot, addresses that differ in one byte, the same address under other ids,
    // and addresses beyond ASCII: the value decoded is always the value written
    SplittableRandom random = new SplittableRandom(17);
    List<PeerRef> peers = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      long id = random.nextInt(4) == 0 ? 42L : random.nextLong();
      String address = switch (random.nextInt(4)) {
        case 0 -> "codec-peer-" + random.nextInt(50);
        case 1 -> "codec-peer-" + random.nextInt(50) + "x";
        case 2 -> "pär-" + random.nextInt(50) + "@nöde";
        default -> "codec-peer-" + random.nextInt(50) + "@node" + random.nextInt(3);
      };
      peers.add(new PeerRef(address, id));
    }
    for (int round = 0; round < 3; round++) {
      for (PeerRef p : peers) {
        PeerRef decoded = roundTrip(p);
        assertEquals(p, decoded);
        assertEquals(p.address(), decoded.address());
      }
    }
    assertNotEquals(roundTrip(new PeerRef("codec-same-id-1", 7)), roundTrip(new PeerRef("codec-same-id-2", 7)));
  }

  @Test
  void anEmptyOrTruncatedPeerIsMalformed() {
    byte[] empty = new WireWriter().writeString("").writeLong(5).toByteArray();
    assertThrows(MalformedMessageException.class, () -> RingCodec.readPeer(new WireReader(empty), RING));
    byte[] full = new WireWriter().writeString("codec-truncated").writeLong(5).toByteArray();
    for (int n = 0; n < full.length; n++) {
      byte[] cut = java.util.Arrays.copyOf(full, n);
      assertThrows(MalformedMessageException.class, () -> RingCodec.readPeer(new WireReader(cut), RING), "length " + n);
    }
  }
}
