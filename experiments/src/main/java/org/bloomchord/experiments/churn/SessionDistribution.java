package org.bloomchord.experiments.churn;

import java.util.random.RandomGenerator;
import org.apache.commons.math3.special.Gamma;

/**
 * How long a peer stays in the overlay once it joined (its session time), in seconds. Sampled by
 * inversion from the caller's seeded generator, so a seed fixes every session. A scenario names
 * one as {@code session: { distribution: weibull, median: 20s, shape: 0.6 }}; the median or the
 * scale fixes the distribution together with the shape.
 */
public sealed interface SessionDistribution {

  /** Draws one session time in seconds (always > 0). */
  double sampleSeconds(RandomGenerator rng);

  /** The mean session time in seconds ({@code +Infinity} for a Pareto of shape at most 1). */
  double meanSeconds();

  /** The median session time in seconds. */
  double medianSeconds();

  /** The distribution's name as scenarios write it. */
  String name();

  /**
   * Exponential sessions: memoryless, {@code P(S > t) = exp(-t / mean)}.
   *
   * @param mean mean session in seconds, > 0
   */
  record Exponential(double mean) implements SessionDistribution {
    public Exponential {
      positive("mean", mean);
    }

    @Override
    public double sampleSeconds(RandomGenerator rng) {
      return -mean * Math.log1p(-rng.nextDouble()) + Double.MIN_VALUE;
    }

    @Override
    public double meanSeconds() {
      return mean;
    }

    @Override
    public double medianSeconds() {
      return mean * Math.log(2);
    }

    @Override
    public String name() {
      return "exponential";
    }
  }

  /**
   * Weibull sessions, {@code P(S > t) = exp(-(t / scale)^shape)}; a shape below 1 gives the
   * heavy-tailed sessions measured in deployed peer-to-peer systems.
   *
   * @param scale scale in seconds, > 0
   * @param shape shape, > 0
   */
  record Weibull(double scale, double shape) implements SessionDistribution {
    public Weibull {
      positive("scale", scale);
      positive("shape", shape);
    }

    /** The Weibull of the given median and shape. */
    public static Weibull withMedian(double median, double shape) {
      positive("median", median);
      positive("shape", shape);
      return new Weibull(median / Math.pow(Math.log(2), 1 / shape), shape);
    }

    @Override
    public double sampleSeconds(RandomGenerator rng) {
      return scale * Math.pow(-Math.log1p(-rng.nextDouble()), 1 / shape) + Double.MIN_VALUE;
    }

    @Override
    public double meanSeconds() {
      return scale * Math.exp(Gamma.logGamma(1 + 1 / shape));
    }

    @Override
    public double medianSeconds() {
      return scale * Math.pow(Math.log(2), 1 / shape);
    }

    @Override
    public String name() {
      return "weibull";
    }
  }

  /**
   * Pareto sessions, {@code P(S > t) = (scale / t)^shape} for {@code t >= scale}.
   *
   * @param scale the shortest session in seconds, > 0
   * @param shape tail index, > 0; the mean is finite only above 1
   */
  record Pareto(double scale, double shape) implements SessionDistribution {
    public Pareto {
      positive("scale", scale);
      positive("shape", shape);
    }

    /** The Pareto of the given median and shape. */
    public static Pareto withMedian(double median, double shape) {
      positive("median", median);
      positive("shape", shape);
      return new Pareto(median / Math.pow(2, 1 / shape), shape);
    }

    @Override
    public double sampleSeconds(RandomGenerator rng) {
      return scale * Math.pow(1 - rng.nextDouble(), -1 / shape);
    }

    @Override
    public double meanSeconds() {
      return shape <= 1 ? Double.POSITIVE_INFINITY : shape * scale / (shape - 1);
    }

    @Override
    public double medianSeconds() {
      return scale * Math.pow(2, 1 / shape);
    }

    @Override
    public String name() {
      return "pareto";
    }
  }

  private static void positive(String name, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(name + " must be a finite number > 0, was " + v);
    }
  }
}
