package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Non-transitive connectivity on the simulator (Freedman et al., WORLDS 2005): 48 peers dealt into
 * three groups A, B, C by a seeded shuffle, and for five simulated minutes A and C cannot reach each
 * other while both reach B. A lookup every 250 ms (after the previous one ended) from a random peer of any group is judged
 * against the ring of all 48 peers. With confirmed failures ({@link ChordConfig#confirmFailures()})
 * every lookup is correct or failed, never wrong, and the ring is one stable ring of 48 after the
 * cut; without them the same cut makes lookups name wrong owners, which is what the setting is for.
 */
class SimOneWayCutTest {

  private static final int PEERS = 48;
  private static final long CUT_MS = 300_000;

  /** Outcomes of the lookups during the cut: correct, wrong, failed. */
  private record Outcomes(int correct, int wrong, int failed) {
  }

  private static Outcomes cut(ChordCluster c, long seed) {
    List<PeerHandle<ChordPeer>> all = new ArrayList<>(c.peers());
    SplittableRandom random = new SplittableRandom(seed);
    Collections.shuffle(all, new java.util.Random(seed));
    List<List<PeerRef>> groups = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (int i = 0; i < all.size(); i++) {
      groups.get(i % 3).add(all.get(i).ref());
    }
    TreeMap<Long, PeerRef> ring = new TreeMap<>(Long::compareUnsigned);
    all.forEach(h -> ring.put(h.ref().id(), h.ref()));
    c.network().simControls().orElseThrow().partition(groups, List.of(new int[] {0, 2}));
    long end = c.network().now() + CUT_MS;
    int correct = 0;
    int wrong = 0;
    int failed = 0;
    while (c.network().now() < end) {
      PeerHandle<ChordPeer> from = all.get(random.nextInt(all.size()));
      long key = random.nextLong();
      LookupResult r = c.lookup(from, key);
      if (!r.found()) {
        failed++;
      } else {
        var owner = ring.ceilingEntry(key);
        PeerRef expected = (owner != null ? owner : ring.firstEntry()).getValue();
        if (expected.equals(r.successor())) {
          correct++;
        } else {
          wrong++;
        }
      }
      c.network().runFor(250);
    }
    c.network().simControls().orElseThrow().heal();
    System.out.printf("one-way cut, confirmFailures=%s: correct %d, wrong %d, failed %d%n", c.config().confirmFailures(),
        correct, wrong, failed);
    return new Outcomes(correct, wrong, failed);
  }

  private static ChordCluster ring(boolean confirm, long seed) {
    ChordConfig config = ChordConfig.defaults().withConfirmFailures(confirm);
    ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(seed), config);
    c.launch(PEERS);
    assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.checkRing());
    return c;
  }

  @Test
  void withConfirmedFailuresLookupsAreCorrectOrFailedNeverWrongAndTheRingIsWholeAfterTheCut() {
    try (ChordCluster c = ring(true, 21)) {
      Outcomes o = cut(c, 21);
      assertEquals(0, o.wrong(), "no lookup names a wrong owner: " + o);
      // a lookup fails when its origin and the key's owner, or the owner and its predecessor, sit
      // on the two sides of the cut: about 4 in 9 with three equal groups; the rest are answered
      assertTrue(3 * o.correct() >= o.correct() + o.failed(), "at least a third of the lookups are answered: " + o);
      assertTrue(c.network().metrics().counters().getOrDefault(ChordCounter.OUT_OF_REACH.id(), 0L) > 0,
          "peers found silent were reached by others and kept");
      assertTrue(c.awaitStable(60_000), () -> "one stable ring after the cut: " + c.checkRing());
      assertEquals(PEERS, c.activePeers().size());
    }
  }

  @Test
  void withoutConfirmationTheSameCutMakesLookupsNameWrongOwners() {
    try (ChordCluster c = ring(false, 21)) {
      Outcomes o = cut(c, 21);
      assertTrue(o.wrong() > 0, "the cut is one that misleads plain Chord: " + o);
    }
  }
}
