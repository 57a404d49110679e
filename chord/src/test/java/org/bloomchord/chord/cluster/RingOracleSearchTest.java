package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The oracle's search for the successor of a key (by buckets of ids, then within one) against the
 * definition, a scan of every live peer: on rings of 1 to 5,000 peers with 8, 16 and 64-bit ids,
 * at random keys and at the peers' own ids and their neighbours.
 */
class RingOracleSearchTest {

  @Test
  void theSuccessorOfAKeyIsTheFirstPeerAtOrAfterIt() {
    SplittableRandom random = new SplittableRandom(5);
    for (int bits : new int[] {8, 16, 64}) {
      IdRing ring = new IdRing(bits);
      for (int n : new int[] {1, 2, 3, 17, 200, 5000}) {
        if (bits == 8 && n > 200) {
          continue;
        }
        List<PeerRef> live = peers(ring, n, random);
        RingOracle oracle = new RingOracle(ring, live);
        List<Long> keys = new ArrayList<>();
        for (int k = 0; k < 2000; k++) {
          keys.add(random.nextLong() & mask(bits));
        }
        for (PeerRef p : live) {
          keys.add(p.id());
          keys.add((p.id() + 1) & mask(bits));
          keys.add((p.id() - 1) & mask(bits));
        }
        keys.add(0L);
        keys.add(mask(bits));
        for (long key : keys) {
          assertEquals(scan(live, key), oracle.successor(key), "successor of " + key + " among " + n + " peers, m = " + bits);
        }
      }
    }
  }

  private static List<PeerRef> peers(IdRing ring, int n, SplittableRandom random) {
    List<PeerRef> out = new ArrayList<>();
    java.util.Set<Long> ids = new java.util.HashSet<>();
    while (out.size() < n) {
      long id = random.nextLong() & mask(ring.bits());
      if (ids.add(id)) {
        out.add(new PeerRef("p" + out.size(), id));
      }
    }
    return out;
  }

  /** The definition: the live peer with the least clockwise distance from the key (0 included). */
  private static PeerRef scan(List<PeerRef> live, long key) {
    PeerRef best = null;
    for (PeerRef p : live) {
      if (best == null || Long.compareUnsigned(p.id() - key, best.id() - key) < 0) {
        best = p;
      }
    }
    return best;
  }

  private static long mask(int bits) {
    return bits == 64 ? -1L : (1L << bits) - 1;
  }
}
