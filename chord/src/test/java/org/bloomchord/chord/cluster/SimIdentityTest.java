package org.bloomchord.chord.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import java.util.List;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordCounter;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.wire.ChordMessages.Notify;
import org.bloomchord.chord.wire.ChordMessages.SuccessorLeaving;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.Networks;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.junit.jupiter.api.Test;

/**
 * Identity is checked, not claimed: a sender, or a peer a message names, whose id is not the hash of
 * its address is rejected and counted, and the tables stay as the oracle has them.
 */
class SimIdentityTest {

  @Test
  void aForgedIdentityIsRejectedAsSenderAndAsNamedPeerAndTheTablesStayCorrect() {
    try (ChordCluster c = ChordCluster.create(Networks.SIM, NetworkOptions.defaults().withSeed(41), ChordConfig.defaults())) {
      c.launch(12);
      assertTrue(c.awaitStable(120_000), () -> "ring did not stabilize: " + c.check());
      PeerHandle<ChordPeer> target = c.randomPeer();
      PeerRef predecessor = c.oracle().predecessorOf(target.ref());
      // a peer placing itself just before the target, to become its predecessor and own its keys
      PeerRef forged = new PeerRef("forger:1", target.ref().id() - 1);
      long rejectedBefore = c.network().metrics().counter(ChordCounter.REJECTED);
      assertThrows(MalformedMessageException.class, () -> deliver(c, target, forged, new Notify()));
      // an honest sender naming the forged peer as its successor
      assertThrows(MalformedMessageException.class,
          () -> deliver(c, target, predecessor, new SuccessorLeaving(List.of(forged))));
      assertEquals(rejectedBefore + 2, c.network().metrics().counter(ChordCounter.REJECTED));
      assertEquals(predecessor, c.network().inspect(target, p -> p.links().predecessor()));
      c.network().runFor(5_000);
      assertTrue(c.check().stable(), () -> "tables differ from the oracle: " + c.check());
    }
  }

  /** Hands {@code m} to {@code target}'s handler as if it had arrived from {@code from}. */
  private static void deliver(ChordCluster c, PeerHandle<ChordPeer> target, PeerRef from, Message m) {
    c.network().call(target, p -> {
      p.onMessage(from, m);
      return Future.succeededFuture();
    }, 1_000);
  }
}
