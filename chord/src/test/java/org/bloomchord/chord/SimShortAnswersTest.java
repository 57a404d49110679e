package org.bloomchord.chord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.chord.cluster.ChordCluster;
import org.bloomchord.chord.wire.ChordMessages;
import org.bloomchord.chord.wire.ChordMessages.Neighbors;
import org.bloomchord.chord.wire.ChordMessages.Predecessor;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * The maintenance answers leave out what the asker already knows. A stabilize answer leaves out a
 * successor list the asker holds: the request names the list last heard by its tag, and the
 * answer says "unchanged" when it is still the same. A finger's answer to a check names no peer
 * when the finger still holds: the request names the finger's start, and the finger judges its
 * predecessor against it. A ring that does not change then sends neither lists nor peers, and a
 * ring that changes still gets every list and finger right (the oracle's check), since a list that
 * changed no longer matches its tag and a finger with a peer joined before it names its
 * predecessor as before.
 */
class SimShortAnswersTest {

  private static final int PEERS = 64;

  @Test
  void aQuietRingSendsNoListNorPeerAndAChangedRingGetsEveryTableRight() {
    ChordConfig config = ChordConfig.defaults().withPeriods(500, 500, 1000);
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(23), config)) {
      c.launch(PEERS);
      assertTrue(c.awaitConverged(300_000), () -> "ring did not converge: " + c.check());
      PeerHandle<ChordPeer> some = c.peers().get(0);
      List<PeerRef> list = c.network().inspect(some, p -> p.context().table().successors());
      PeerRef pred = c.network().inspect(some, p -> p.context().table().predecessor());
      var wire = ChordWire.registry(config);
      int whole = wire.encode(new Neighbors(pred, list)).length;
      int unchanged = wire.encode(new Neighbors(pred, List.of(), true)).length;
      assertTrue(list.size() == config.successors() && unchanged * 3 < whole,
          "a whole answer (" + whole + " bytes) is much longer than an unchanged one (" + unchanged + ")");

      int holds = wire.encode(Predecessor.fingerHolds()).length;

      // quiet: 20 stabilize and fix-fingers rounds of every peer, every answer short
      long[] before = sent(c, "Neighbors");
      long[] checksBefore = sent(c, "Predecessor");
      c.network().runFor(10_000);
      long[] quiet = minus(sent(c, "Neighbors"), before);
      long[] checks = minus(sent(c, "Predecessor"), checksBefore);
      assertTrue(quiet[0] >= 15L * PEERS, "stabilize answers while quiet: " + quiet[0]);
      assertTrue(quiet[1] <= quiet[0] * (unchanged + 2),
          "bytes of " + quiet[0] + " quiet answers: " + quiet[1] + ", about " + unchanged + " each when unchanged");
      assertTrue(checks[0] >= 15L * PEERS, "finger checks while quiet: " + checks[0]);
      assertEquals(checks[0] * holds, checks[1], "every finger of a converged ring holds: " + holds + " bytes an answer");

      // changes: crashes and joins change lists, which are then sent whole until the ring is stable
      c.crashConsecutive(3);
      c.launchWave(8);
      before = sent(c, "Neighbors");
      checksBefore = sent(c, "Predecessor");
      assertTrue(c.awaitConverged(300_000), () -> "ring not converged after the changes: " + c.check());
      long[] changing = minus(sent(c, "Neighbors"), before);
      checks = minus(sent(c, "Predecessor"), checksBefore);
      assertTrue(changing[1] > changing[0] * (unchanged + 2), "some lists sent whole after the changes: " + changing[1]
          + " bytes in " + changing[0] + " answers");
      assertTrue(checks[1] > checks[0] * holds, "some finger checks named peers after the changes: " + checks[1]
          + " bytes in " + checks[0] + " answers");
      assertEquals(0, c.check().successorListErrors(), "every successor list is the oracle's");
      assertEquals(0, c.check().fingerErrors(), "every finger is the oracle's");
    }
  }

  @Test
  void aListTagTellsListsApart() {
    PeerRef a = new PeerRef("a", 1);
    PeerRef b = new PeerRef("b", 2);
    PeerRef b2 = new PeerRef("b2", 2);
    assertEquals(ChordMessages.listTag(List.of(a, b)), ChordMessages.listTag(List.of(a, b)));
    assertNotEquals(ChordMessages.listTag(List.of(a, b)), ChordMessages.listTag(List.of(b, a)), "order");
    assertNotEquals(ChordMessages.listTag(List.of(a, b)), ChordMessages.listTag(List.of(a, b2)), "address");
    assertNotEquals(ChordMessages.listTag(List.of(a)), ChordMessages.listTag(List.of(a, b)), "length");
    assertNotEquals(0, ChordMessages.listTag(List.of()), "0 means no list");
  }

  private static long[] sent(ChordCluster c, String type) {
    long[] counts = c.network().traffic().snapshot().get(type);
    return counts == null ? new long[2] : counts.clone();
  }

  private static long[] minus(long[] a, long[] b) {
    return new long[] {a[0] - b[0], a[1] - b[1]};
  }
}
