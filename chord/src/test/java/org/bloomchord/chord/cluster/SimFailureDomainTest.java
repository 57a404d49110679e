package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Replicas across failure domains: peers named {@code name@domain} (as the clustered runtime names
 * the peers of each JVM) spread unevenly over three domains (and the first peer, in none); the
 * copies of every key go to as many domains as its owner's successor list offers, up to three, so the crash of every peer of the largest domain at once
 * loses no key, where Chord's ring-order placement would have kept all copies of some keys there;
 * the peers that took over the crashed ones' ranges pull them and every key is again where the
 * placement puts it.
 */
class SimFailureDomainTest {

  @Test
  void crashOfAWholeDomainLosesNoKey() {
    ChordConfig config = ChordConfig.defaults().withSuccessors(6, 3).withReplicaSyncMs(1000);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(17), config)) {
      c.launch(1);
      SplittableRandom random = new SplittableRandom(17);
      List<PeerRef> refs = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        // half the peers in d1, a quarter each in d2 and d3
        int d = random.nextInt(4);
        String name = "h" + i + "@d" + (d < 2 ? 1 : d);
        refs.add(new PeerRef(name, c.ring().hash(name)));
      }
      assertEquals(40, c.join(refs).size(), "every joiner joined");
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        String key = "k" + i;
        assertTrue(c.put(c.randomPeer(), key, "v" + i).stored(), "put " + key);
        c.expectKey(key);
        keys.add(key);
      }
      c.network().runFor(10_000);
      RingOracle oracle = c.oracle();
      int atRiskInRingOrder = 0;
      for (String key : keys) {
        PeerRef owner = oracle.successor(c.ring().hash(key));
        List<PeerRef> ringOrder = new ArrayList<>(List.of(owner));
        ringOrder.addAll(oracle.successorsOf(owner, 2));
        if (ringOrder.stream().allMatch(p -> p.node().equals("d1"))) {
          atRiskInRingOrder++;
        }
        // as many domains as the owner and its successor list offer, up to the 3 copies
        Set<String> offered = new HashSet<>(List.of(owner.node()));
        oracle.successorsOf(owner, config.successors()).forEach(p -> offered.add(p.node()));
        Set<String> domains = new HashSet<>();
        oracle.replicasOf(c.ring().hash(key), config).forEach(p -> domains.add(p.node()));
        assertEquals(Math.min(3, offered.size()), domains.size(), () -> key + " has copies in " + domains
            + " of the domains " + offered);
        assertTrue(domains.size() >= 2, () -> key + " has every copy in " + domains);
      }
      assertTrue(atRiskInRingOrder > 0, "the layout has keys whose ring-order copies share one domain");
      int atRisk = atRiskInRingOrder;
      KeyReport before = c.keys();
      assertEquals(0, before.underReplicated(), "every copy where the placement puts it");

      List<PeerHandle<ChordPeer>> d1 = c.peers().stream().filter(h -> h.ref().node().equals("d1")).toList();
      d1.forEach(c::crash);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize after the crash of d1: " + c.check());
      KeyReport after = c.keys();
      assertEquals(0, after.lost(), () -> after.lost() + " keys lost with " + d1.size() + " peers of d1 ("
          + atRisk + " had every ring-order copy there): " + after.lostKeys());
      // the new owners of the crashed peers' ranges pull them and copy them to the new placement
      assertTrue(c.network().awaitUntil(() -> c.keys().underReplicated() == 0, 60_000, 500),
          () -> "not re-replicated after the crash of d1: " + c.keys());
      assertTrue(c.network().metrics().counter(ChordCounter.RANGE_PULLS) > 0, "range pulls sent");
      for (String key : keys) {
        ReadResult r = c.get(c.randomPeer(), key);
        assertTrue(r.found(), () -> key + " read back: " + r);
      }
    }
  }
}
