package org.bloomchord.experiments.scenario;

import org.bloomchord.experiments.workload.KeyChooser;

/**
 * Which keys a workload uses: {@code keys: uniform} or {@code keys: { zipf: 0.9, population: 5000 }}.
 * The population defaults to the objects of the last publish phase before the workload, else 10,000.
 *
 * @param zipfExponent the Zipf exponent s, or 0 for uniform keys
 * @param population how many distinct keys, >= 1
 */
public record KeySpec(double zipfExponent, int population) {

  /** Population used when no publish phase came before. */
  public static final int DEFAULT_POPULATION = 10_000;

  public KeySpec {
    if (!(zipfExponent >= 0) || population < 1) {
      throw new IllegalArgumentException("bad key spec");
    }
  }

  /** Whether keys are uniform. */
  public boolean uniform() {
    return zipfExponent == 0;
  }

  /** The chooser these keys describe. */
  public KeyChooser chooser() {
    return uniform() ? new KeyChooser.Uniform(population) : new KeyChooser.Zipf(population, zipfExponent);
  }
}
