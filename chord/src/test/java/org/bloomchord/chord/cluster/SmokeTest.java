package org.bloomchord.chord.cluster;

import org.bloomchord.chord.ChordConfig;
import org.bloomchord.overlay.NetworkOptions;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void smoke() {
    ChordConfig c = ChordConfig.defaults();
    try (ChordCluster cl = ChordCluster.create("sim", NetworkOptions.defaults(), c)) {
      long t0 = System.nanoTime();
      cl.launch(Integer.getInteger("n", 64));
      System.out.println("launched at " + cl.network().now() + " " + cl.check());
      boolean ok = cl.awaitStable(120_000);
      System.out.println("stable=" + ok + " at " + cl.network().now() + " " + cl.check());
      ok = cl.awaitConverged(120_000);
      System.out.println("converged=" + ok + " at " + cl.network().now() + " " + cl.check());
      RingOracle o = cl.oracle();
      int correct = 0; double hops = 0; int n = 500;
      java.util.Random r = new java.util.Random(1);
      for (int i = 0; i < n; i++) {
        long key = r.nextLong();
        var res = cl.lookup(cl.randomPeer(), key);
        if (res.found() && res.successor().equals(o.successor(key))) correct++;
        hops += res.hops();
      }
      System.out.println("correct " + correct + "/" + n + " mean hops " + hops / n + " wall ms " + (System.nanoTime() - t0) / 1e6);
      System.out.println(cl.network().traffic().snapshot().keySet() + " rejected " + cl.network().traffic().rejectedSnapshot());
      System.out.println("counters " + cl.network().metrics().counters()); System.out.println("traffic " + cl.network().traffic().messages() + " rejected " + cl.network().traffic().rejectedSnapshot());
    }
  }
}
