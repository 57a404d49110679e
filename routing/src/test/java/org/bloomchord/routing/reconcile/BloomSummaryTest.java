package org.bloomchord.routing.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BloomSummaryTest {

  @Test
  void unmatchedElementsAreExactlyTheDifferenceMinusFalsePositives() {
    SetPair p = SetPair.of(ElementShape.KEY64, 20_000, 5_000, 3_000, 7);
    BloomSummary ofB = BloomSummary.of(p.b(), 0.02);
    ElementSet sent = ofB.unmatched(p.a());
    // never an element b already has, and every element of a \ b either sent or matched falsely
    assertEquals(0, sent.minus(p.onlyA()).size());
    ElementSet missed = p.onlyA().minus(sent);
    for (int i = 0; i < missed.size(); i++) {
      assertTrue(ofB.mightContain(missed.element(i), 0));
    }
    assertEquals(p.onlyA().size(), sent.size() + missed.size());
  }

  @Test
  void missedShareIsWithinTwentyPercentOfTheFilterFalsePositiveRate() {
    // 100,000 differing elements at about 1%: about 1,000 misses, standard deviation about 32 (3%),
    // so 20% is over 6 standard deviations
    SetPair p = SetPair.of(ElementShape.KEY64, 50_000, 100_000, 0, 13);
    BloomSummary ofB = BloomSummary.of(p.b(), 0.01);
    int missed = p.onlyA().size() - ofB.unmatched(p.a()).size();
    double share = (double) missed / p.onlyA().size();
    double rate = ofB.falsePositiveRate(p.b().size());
    assertEquals(rate, share, 0.2 * rate, "missed share " + share + " vs rate " + rate);
  }
}
