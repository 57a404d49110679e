package org.bloomchord.experiments.churn;

import java.time.Duration;

/** Argument checks shared by the churn models. */
final class Fractions {

  private Fractions() {
  }

  static void check(String name, double fraction) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1], was " + fraction);
    }
  }

  static void checkDuration(Duration d) {
    if (d == null || d.isNegative()) {
      throw new IllegalArgumentException("duration must be >= 0, was " + d);
    }
  }

  static void checkRate(String name, double perSecond) {
    if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException(name + " must be a finite rate >= 0, was " + perSecond);
    }
  }
}
