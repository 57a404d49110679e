package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/** The Chord suite on the deterministic simulator. */
class SimChordRingTest extends ChordRingContract {

  @Override
  String runtime() {
    return Networks.SIM;
  }

  @Override
  int ringSize() {
    return 32;
  }

  /**
   * A hop routes a recursive lookup (lookup id, origin) once among the last 64 it routed: a second
   * copy is acknowledged and dropped, and a copy that comes after 64 others is routed again. The
   * memory of those 64 grows as the hop routes lookups, so this walks it through every size.
   */
  @Test
  void aHopRoutesEachLookupOnceAmongTheLastSixtyFourItRouted() {
    try (ChordCluster c = cluster(fastConfig(), 21)) {
      c.launch(ringSize());
      stable(c);
      List<PeerHandle<ChordPeer>> peers = c.peers();
      PeerHandle<ChordPeer> rogue = peers.get(0);
      PeerRef hop = peers.get(1).ref();
      RogueExtension ext = c.network().inspect(rogue, p -> p.extension(RogueExtension.class));
      long before = c.network().metrics().counter(ChordCounter.DUPLICATE_LOOKUP);
      for (int copy = 0; copy < 2; copy++) {
        assertEquals("ok", c.network().call(rogue, p -> ext.request(hop, query(1, rogue.ref())), 5000));
      }
      assertEquals(1, c.network().metrics().counter(ChordCounter.DUPLICATE_LOOKUP) - before, "the second copy");
      for (long id = 2; id <= 64; id++) {
        long lookup = id;
        assertEquals("ok", c.network().call(rogue, p -> ext.request(hop, query(lookup, rogue.ref())), 5000));
      }
      // 63 others since: the first is still remembered
      assertEquals("ok", c.network().call(rogue, p -> ext.request(hop, query(1, rogue.ref())), 5000));
      assertEquals(2, c.network().metrics().counter(ChordCounter.DUPLICATE_LOOKUP) - before, "within 64");
      assertEquals("ok", c.network().call(rogue, p -> ext.request(hop, query(65, rogue.ref())), 5000));
      assertEquals("ok", c.network().call(rogue, p -> ext.request(hop, query(66, rogue.ref())), 5000));
      // 64 others routed after the first copy: it is forgotten and routed again
      assertEquals("ok", c.network().call(rogue, p -> ext.request(hop, query(1, rogue.ref())), 5000));
      assertEquals(2, c.network().metrics().counter(ChordCounter.DUPLICATE_LOOKUP) - before, "after 64 others");
    }
  }

  private static FindSuccessor query(long lookupId, PeerRef origin) {
    return new FindSuccessor(lookupId, 0x5EED, origin, 0, 0, Optional.empty());
  }
}
