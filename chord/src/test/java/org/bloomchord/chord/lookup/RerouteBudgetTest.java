package org.bloomchord.chord.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The retry budget against its definition: CAP saved up, then one retry per SENDS_PER_RETRY first sends. */
class RerouteBudgetTest {

  @Test
  void aFullBudgetGivesItsCapThenOneRetryPerSendsPerRetryFirstSends() {
    RerouteBudget b = new RerouteBudget();
    assertEquals(RerouteBudget.CAP, drain(b));
    for (int round = 0; round < 5; round++) {
      for (int i = 0; i < RerouteBudget.SENDS_PER_RETRY; i++) {
        b.earn();
      }
      assertEquals(1, drain(b), "round " + round);
    }
    // earning past the cap saves no more than the cap
    for (int i = 0; i < 1_000; i++) {
      b.earn();
    }
    assertEquals(RerouteBudget.CAP, drain(b));
  }

  private static int drain(RerouteBudget b) {
    int n = 0;
    while (b.spend()) {
      n++;
    }
    return n;
  }
}
