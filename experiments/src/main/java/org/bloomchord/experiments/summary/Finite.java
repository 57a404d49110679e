package org.bloomchord.experiments.summary;

/** Guards the summary against NaN and infinities, which JSON cannot carry as numbers. */
final class Finite {

  private Finite() {
  }

  static void check(String name, double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(name + " must be finite, was " + value);
    }
  }

  static void check(String name, Double value) {
    if (value != null) {
      check(name, value.doubleValue());
    }
  }

  static void nonNegative(String name, long value) {
    if (value < 0) {
      throw new IllegalArgumentException(name + " must be >= 0, was " + value);
    }
  }
}
