package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.RequestTimeoutException;
import org.bloomchord.overlay.SimControls;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Pong;
import org.junit.jupiter.api.Test;

/** Partitions of the simulator: messages across groups are lost and counted, inside groups kept. */
class SimPartitionTest {

  private static final long WAIT = 5_000;

  @Test
  void messagesAcrossGroupsAreLostAndCountedInsideAGroupTheyArriveAndHealRestoresAll() {
    try (SimNetwork<EchoPeer> net = new SimNetwork<>(NetworkOptions.defaults().withSeed(3), EchoWire.registry())) {
      PeerHandle<EchoPeer> a = net.launch(new PeerRef("a", 1), new EchoPeer());
      PeerHandle<EchoPeer> b = net.launch(new PeerRef("b", 2), new EchoPeer());
      PeerHandle<EchoPeer> c = net.launch(new PeerRef("c", 3), new EchoPeer());
      SimControls sim = net.simControls().orElseThrow();
      sim.partition(List.of(List.of(a.ref(), b.ref()), List.of(c.ref())));
      assertTrue(sim.partitioned());
      assertEquals(1, sim.groupOf(c.ref()));

      assertEquals(new Pong(1, "in"), net.call(a, p -> p.ping(b.ref(), 1, "in", 1_000), WAIT));
      Exception e = assertThrows(Exception.class, () -> net.call(a, p -> p.ping(c.ref(), 2, "out", 1_000), WAIT));
      assertInstanceOf(RequestTimeoutException.class, e);
      net.call(c, p -> p.notes(a.ref(), 10), WAIT);
      net.runFor(1_000);
      assertEquals(List.of(), a.protocol().notes);
      // the lost ping and the ten notes, each sent (so in the traffic) and lost once
      assertEquals(11, sim.partitionLost());
      assertEquals(11, net.metrics().counter(SimControls.PARTITION_LOST));
      assertEquals(1 + 1 + 1 + 10, net.traffic().messages());

      // a peer launched during the split sits in the group it was placed in
      PeerRef dRef = new PeerRef("d", 4);
      sim.place(dRef, 1);
      PeerHandle<EchoPeer> d = net.launch(dRef, new EchoPeer());
      assertEquals(new Pong(3, "side"), net.call(d, p -> p.ping(c.ref(), 3, "side", 1_000), WAIT));
      assertThrows(Exception.class, () -> net.call(d, p -> p.ping(a.ref(), 4, "x", 1_000), WAIT));

      sim.heal();
      assertFalse(sim.partitioned());
      assertEquals(new Pong(5, "back"), net.call(a, p -> p.ping(c.ref(), 5, "back", 1_000), WAIT));
      assertEquals(new Pong(6, "back"), net.call(d, p -> p.ping(a.ref(), 6, "back", 1_000), WAIT));
      assertEquals(12, sim.partitionLost());
    }
  }

  @Test
  void badGroupsAreRefused() {
    try (SimNetwork<EchoPeer> net = new SimNetwork<>(NetworkOptions.defaults(), EchoWire.registry())) {
      PeerRef a = net.launch(new PeerRef("a", 1), new EchoPeer()).ref();
      SimControls sim = net.simControls().orElseThrow();
      assertThrows(IllegalArgumentException.class, () -> sim.partition(List.of(List.of(a))));
      assertThrows(IllegalArgumentException.class, () -> sim.partition(List.of(List.of(a), List.of(a))));
      assertThrows(IllegalStateException.class, () -> sim.place(a, 0));
      sim.partition(List.of(List.of(a), List.of()));
      assertThrows(IllegalArgumentException.class, () -> sim.place(a, 2));
    }
  }
}
