package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StrataEstimatorTest {

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 10, 40})
  void smallDifferencesAreCountedExactly(int d) {
    // with 80 cells per stratum every stratum decodes for d this small, so the count is exact
    SetPair p = SetPair.of(ElementShape.KEY64, 5000, d / 2, d - d / 2, d);
    assertEquals(d, StrataEstimator.of(p.a()).estimateDifference(StrataEstimator.of(p.b())));
  }

  @ParameterizedTest
  @ValueSource(ints = {200, 1000, 5000, 20000})
  void largeDifferencesAreEstimatedWithinAFactorOfTwo(int d) {
    // the paper reports estimates mostly within a factor of 1.5; fixed seeds, tolerance factor 2
    SetPair p = SetPair.of(ElementShape.KEY64, 10000, d / 2, d - d / 2, d);
    long est = StrataEstimator.of(p.a()).estimateDifference(StrataEstimator.of(p.b()));
    assertTrue(est >= d / 2 && est <= 2L * d, "estimate " + est + " for d = " + d);
  }

  @Test
  void theEstimatorRoundTripsThroughItsWireForm() {
    SetPair p = SetPair.of(new ElementShape(16), 3000, 300, 0, 9);
    StrataEstimator a = StrataEstimator.of(p.a());
    WireWriter w = new WireWriter();
    a.writeTo(w);
    WireReader in = new WireReader(w.toByteArray());
    StrataEstimator back = StrataEstimator.readFrom(in);
    in.expectEnd();
    StrataEstimator b = StrataEstimator.of(p.b());
    assertEquals(a.estimateDifference(b), back.estimateDifference(b));
  }
}
