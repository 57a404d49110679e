package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.bloomchord.overlay.NetworkOptions;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.Seeds;
import org.bloomchord.overlay.Traffic;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoWire;
import org.junit.jupiter.api.Test;

/** A simulated peer's own generator draws exactly what SplittableRandom with the peer's seed draws. */
class SimPeerRandomTest {

  @Test
  void everyKindOfDrawEqualsSplittableRandomWithThePeersSeed() {
    SimTransport transport = new SimTransport(NetworkOptions.defaults(), EchoWire.registry(), Traffic.singleThreaded());
    PeerRef ref = new PeerRef("peer-17", 17);
    long networkSeed = 99;
    RandomGenerator peer = new SimPeer(transport, ref, new EchoPeer(), networkSeed).random();
    SplittableRandom oracle = new SplittableRandom(Seeds.peer(networkSeed, ref.address()));
    for (int i = 0; i < 20_000; i++) {
      switch (i % 8) {
        case 0 -> assertEquals(oracle.nextLong(), peer.nextLong());
        case 1 -> assertEquals(oracle.nextInt(), peer.nextInt());
        case 2 -> assertEquals(oracle.nextInt(1 + i), peer.nextInt(1 + i));
        case 3 -> assertEquals(oracle.nextLong(3L * i + 1), peer.nextLong(3L * i + 1));
        case 4 -> assertEquals(oracle.nextDouble(), peer.nextDouble());
        case 5 -> assertEquals(oracle.nextBoolean(), peer.nextBoolean());
        case 6 -> assertEquals(oracle.nextInt(-i, i + 5), peer.nextInt(-i, i + 5));
        default -> assertEquals(oracle.nextGaussian(), peer.nextGaussian());
      }
    }
  }
}
