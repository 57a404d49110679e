package org.bloomchord.chord.wire;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;

class PeerIdentityTest {

  @Test
  void aPairCheckedByOnePeerDoesNotVouchForAForgedOne() {
    IdRing ring = new IdRing(64);
    PeerIdentity a = new PeerIdentity(ring);
    PeerIdentity b = new PeerIdentity(ring);
    PeerRef honest = new PeerRef("identity-test-honest", ring.hash("identity-test-honest"));
    assertTrue(a.matches(honest));
    // b has not seen it: the JVM's shared table answers, and so must the definition
    assertTrue(b.matches(honest));
    // the honest pair sits in both tables now; neither a stolen id nor a moved address passes
    assertFalse(b.matches(new PeerRef("identity-test-thief", honest.id())));
    assertFalse(b.matches(new PeerRef(honest.address(), honest.id() + 1)));
    assertThrows(MalformedMessageException.class, () -> a.check(new PeerRef("identity-test-thief", honest.id())));
  }

  @Test
  void aPairCheckedOnOneRingWidthIsCheckedAgainOnAnother() {
    IdRing wide = new IdRing(64);
    IdRing narrow = new IdRing(16);
    String address = "identity-test-width";
    assertTrue(new PeerIdentity(wide).matches(new PeerRef(address, wide.hash(address))));
    PeerIdentity small = new PeerIdentity(narrow);
    assertTrue(small.matches(new PeerRef(address, narrow.hash(address))));
    // the 64-bit id is not a 16-bit ring's id for this address
    assertFalse(small.matches(new PeerRef(address, wide.hash(address))));
  }

  @Test
  void aDecodedPeerIsNotTakenForACheckedOneThoughTheirSlotsLieSideBySide() {
    IdRing ring = new IdRing(64);
    PeerIdentity identity = new PeerIdentity(ring);
    String address = "identity-test-decoded";
    long id = ring.hash(address);
    // forged refs decoded first: each now sits in the decoders' slots of their ids
    PeerRef thief = decoded(new PeerRef("identity-test-decoded-thief", id), ring);
    PeerRef moved = decoded(new PeerRef(address, id ^ 1), ring);
    assertFalse(identity.matches(thief));
    assertFalse(identity.matches(moved));
    // the honest ref, decoded and checked, passes; the forged ones still do not
    PeerRef honest = decoded(new PeerRef(address, id), ring);
    assertTrue(identity.matches(honest));
    assertFalse(identity.matches(decoded(thief, ring)));
    assertFalse(identity.matches(decoded(moved, ring)));
    assertTrue(identity.matches(decoded(honest, ring)));
  }

  private static PeerRef decoded(PeerRef p, IdRing ring) {
    WireWriter w = new WireWriter();
    RingCodec.writePeer(p, w);
    return RingCodec.readPeer(new WireReader(w.toByteArray()), ring);
  }
}
