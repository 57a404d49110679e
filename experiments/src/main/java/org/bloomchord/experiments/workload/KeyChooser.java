package org.bloomchord.experiments.workload;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Chooses keys from a population of {@code population} keys numbered {@code 0..population-1}; the
 * runner maps a number to a key name (and so to the published objects or stored records).
 */
public sealed interface KeyChooser {

  /** The key numbers are {@code 0..population()-1}. */
  int population();

  /** Draws one key number from the caller's seeded generator. */
  int next(RandomGenerator rng);

  /** The probability of key number {@code k}. */
  double probability(int k);

  /**
   * Every key equally likely.
   *
   * @param population number of keys, >= 1
   */
  record Uniform(int population) implements KeyChooser {
    public Uniform {
      if (population < 1) {
        throw new IllegalArgumentException("population must be >= 1, was " + population);
      }
    }

    @Override
    public int next(RandomGenerator rng) {
      return rng.nextInt(population);
    }

    @Override
    public double probability(int k) {
      return k >= 0 && k < population ? 1.0 / population : 0;
    }
  }

  /**
   * Zipf-distributed keys: key number {@code k} has rank {@code k + 1} and probability
   * {@code (k+1)^-s / H(population, s)}. Sampled by binary search in a cumulative table, so it holds
   * {@code population} doubles; an exponent of 0 is uniform.
   */
  final class Zipf implements KeyChooser {
    private final int population;
    private final double exponent;
    private final double[] cumulative;

    /**
     * @param population number of keys, >= 1
     * @param exponent the exponent s, finite and >= 0
     */
    public Zipf(int population, double exponent) {
      if (population < 1) {
        throw new IllegalArgumentException("population must be >= 1, was " + population);
      }
      if (!(exponent >= 0) || Double.isInfinite(exponent)) {
        throw new IllegalArgumentException("exponent must be finite and >= 0, was " + exponent);
      }
      this.population = population;
      this.exponent = exponent;
      this.cumulative = new double[population];
      double sum = 0;
      for (int k = 0; k < population; k++) {
        sum += Math.pow(k + 1, -exponent);
        cumulative[k] = sum;
      }
      for (int k = 0; k < population; k++) {
        cumulative[k] /= sum;
      }
      cumulative[population - 1] = 1.0;
    }

    /** The exponent s. */
    public double exponent() {
      return exponent;
    }

    @Override
    public int population() {
      return population;
    }

    @Override
    public int next(RandomGenerator rng) {
      int i = Arrays.binarySearch(cumulative, rng.nextDouble());
      return i >= 0 ? Math.min(i + 1, population - 1) : -i - 1;
    }

    @Override
    public double probability(int k) {
      if (k < 0 || k >= population) {
        return 0;
      }
      return k == 0 ? cumulative[0] : cumulative[k] - cumulative[k - 1];
    }

    @Override
    public String toString() {
      return "Zipf[population=" + population + ", exponent=" + exponent + "]";
    }
  }
}
