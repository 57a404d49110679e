package org.bloomchord.experiments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Workload W on the simulator: the same seed gives the same run, hop for hop, and the number of
 * deliveries matches the workload's expectation.
 */
class RelayBenchTest {

  @Test
  void deliveredCountAndPayloadChecksumAreDeterministicForASeed() {
    RelayBench.Result a = RelayBench.run(2_000, 1_500, 5, false);
    RelayBench.Result b = RelayBench.run(2_000, 1_500, 5, false);
    RelayBench.Result c = RelayBench.run(2_000, 1_500, 6, false);
    assertEquals(a.delivered(), b.delivered());
    assertEquals(a.hopSum(), b.hopSum());
    assertEquals(a.bytesSent(), b.bytesSent());
    assertNotEquals(a.hopSum(), c.hopSum(), "another seed draws other destinations and delays");
    // every delivery sends one hop, and the kick sent K per peer
    assertEquals(a.delivered() + 2_000L * RelayBench.HOPS_PER_PEER, a.messagesSent());
  }

  /**
   * Before T = 100 ms a hop can have made only a few deliveries: the g-th delivery of a chain
   * happens at the sum of g independent delays uniform on {10..100}, so the expected count is
   * N K sum_g P(S_g < T), computed here exactly by convolution.
   */
  @Test
  void deliveredCountBeforeOneHundredMillisecondsMatchesTheConvolutionOfDelays() {
    int peers = 50_000;
    long until = 100;
    RelayBench.Result r = RelayBench.run(peers, until, 11, false);
    double[] dist = {1};
    double expectedPerHop = 0;
    for (int g = 1; g <= 10; g++) {
      double[] next = new double[dist.length + 100];
      for (int s = 0; s < dist.length; s++) {
        for (int d = 10; d <= 100; d++) {
          next[s + d] += dist[s] / 91.0;
        }
      }
      dist = next;
      for (int s = 0; s < Math.min(until, dist.length); s++) {
        expectedPerHop += dist[s];
      }
    }
    double expected = (double) peers * RelayBench.HOPS_PER_PEER * expectedPerHop;
    double relError = Math.abs(r.delivered() - expected) / expected;
    assertTrue(relError < 0.005, "delivered " + r.delivered() + " vs expected " + expected);
  }
}
