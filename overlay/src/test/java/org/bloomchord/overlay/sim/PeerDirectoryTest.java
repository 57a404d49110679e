package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoWire;
import org.junit.jupiter.api.Test;

/**
 * The directory against a map by address: random launches and removals, ids drawn from a tiny
 * space so that many peers share an id (long probe runs, backward shifts across them), and
 * lookups by refs with the right id, a wrong id, and unknown addresses.
 */
class PeerDirectoryTest {

  @Test
  void findsExactlyThePeerRunningAtAnAddressThroughRandomAddsAndRemoves() {
    SimTransport transport = new SimTransport(NetworkOptions.defaults(), EchoWire.registry(),
        org.bloomchord.overlay.Traffic.singleThreaded());
    PeerDirectory dir = new PeerDirectory();
    Map<String, SimPeer> oracle = new LinkedHashMap<>();
    SplittableRandom random = new SplittableRandom(7);
    for (int step = 0; step < 20_000; step++) {
      String address = "a" + random.nextInt(600);
      long id = random.nextInt(40);
      int action = random.nextInt(3);
      if (action == 0 && !oracle.containsKey(address)) {
        SimPeer p = new SimPeer(transport, new PeerRef(address, id), new EchoPeer(), 1);
        if (random.nextInt(10) == 0) {
          dir.reserve(random.nextInt(1000));
        }
        dir.add(p);
        oracle.put(address, p);
      } else if (action == 1 && oracle.containsKey(address)) {
        dir.remove(oracle.remove(address));
      }
      SimPeer expected = oracle.get(address);
      assertSame(expected, dir.get(new PeerRef(address, id)), "by ref with a drawn id at step " + step);
      if (expected != null) {
        assertSame(expected, dir.get(new PeerRef(new String(address), expected.ref.id())), "by own ref");
        assertSame(expected, dir.get(new PeerRef(address, expected.ref.id() + 1000)), "by a stale id");
      } else {
        assertNull(dir.get(new PeerRef(address, 1000 + id)));
      }
      assertEquals(oracle.size(), dir.size());
    }
    assertEquals(new ArrayList<>(oracle.values()), dir.inOrder(), "launch order");
    for (SimPeer p : new ArrayList<>(oracle.values())) {
      dir.remove(p);
      assertNull(dir.get(p.ref));
    }
    assertEquals(0, dir.size());
  }
}
