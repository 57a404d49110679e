package org.bloomchord.routing.minhash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class MinHashSketchTest {

  /** Sketches of two sets with `common` shared and `only` private elements each. */
  private static MinHashSketch[] pair(int hashes, int common, int only, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    MinHashSketch a = new MinHashSketch(hashes, 99);
    MinHashSketch b = new MinHashSketch(hashes, 99);
    for (int i = 0; i < common; i++) {
      long x = r.nextLong();
      a.add(x);
      b.add(x);
    }
    for (int i = 0; i < only; i++) {
      a.add(r.nextLong());
      b.add(r.nextLong());
    }
    return new MinHashSketch[] {a, b};
  }

  @ParameterizedTest(name = "k {0}, common {1}, only {2}")
  @CsvSource({"64, 1000, 0", "64, 1000, 1000", "128, 900, 50", "128, 100, 2000", "256, 500, 250",
      "256, 0, 1000", "1024, 3000, 1000"})
  void jaccardEstimateIsWithinThreeStandardErrors(int k, int common, int only) {
    // standard error sqrt(J(1-J)/k) <= 1/(2 sqrt k); tolerance 1.5/sqrt k, at least 3 standard errors
    MinHashSketch[] s = pair(k, common, only, k + common + only);
    double truth = (double) common / (common + 2 * only);
    assertEquals(truth, s[0].jaccard(s[1]), 1.5 / Math.sqrt(k));
  }

  @Test
  void meanErrorOverManySeedsShrinksLikeOneOverRootK() {
    // average |error| over 40 seeds is about 0.8 standard errors; require below 1/sqrt k for each k
    for (int k : new int[] {16, 64, 256}) {
      double sum = 0;
      for (int seed = 0; seed < 40; seed++) {
        MinHashSketch[] s = pair(k, 600, 200, seed);
        sum += Math.abs(s[0].jaccard(s[1]) - 0.6);
      }
      assertTrue(sum / 40 < Math.sqrt(0.24 / k), "k " + k + " mean error " + sum / 40);
    }
  }

  @Test
  void sketchRoundTripsThroughItsWireForm() {
    MinHashSketch[] s = pair(32, 100, 10, 1);
    WireWriter w = new WireWriter();
    s[0].writeTo(w);
    MinHashSketch back = MinHashSketch.readFrom(new WireReader(w.toByteArray()));
    assertEquals(1.0, back.jaccard(s[0]));
  }

  @Test
  void bandingFindsTheSimilarPairAndNotTheDissimilarOnes() {
    // threshold 0.5 with k = 128: r and b from the notes' rule; the similar pair (J = 0.82) is a
    // candidate with probability above 0.999, a J = 0.05 pair with probability below 0.01
    LshBands bands = LshBands.forThreshold(128, 0.5);
    assertTrue(bands.candidateProbability(0.82) > 0.999);
    assertTrue(bands.candidateProbability(0.05) < 0.01);
    MinHashSketch[] similar = pair(128, 900, 100, 5);
    MinHashSketch[] other = pair(128, 50, 950, 6);
    Map<String, MinHashSketch> peers = new java.util.LinkedHashMap<>();
    peers.put("a", similar[0]);
    peers.put("b", similar[1]);
    peers.put("c", other[0]);
    peers.put("d", other[1]);
    assertEquals(java.util.List.of(Map.entry("a", "b")), bands.candidates(peers));
  }
}
