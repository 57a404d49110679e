package org.bloomchord.experiments.summary;

/**
 * A mean alone, as {@code locate.stretch} and {@code locate.chordHops} show it.
 *
 * @param mean the arithmetic mean, finite
 */
public record Mean(double mean) {

  public Mean {
    Finite.check("mean", mean);
  }
}
