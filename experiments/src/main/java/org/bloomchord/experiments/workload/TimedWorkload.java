package org.bloomchord.experiments.workload;

import java.time.Duration;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * Operations arriving as a Poisson process for a fixed time ({@code workload: { locates: 200/s }}
 * during a churn phase): exponential gaps at the mix's total rate, each arrival's kind drawn from
 * the mix and its key from the chooser. Times are truncated to whole milliseconds.
 *
 * @param mix the rate of each kind
 * @param keys the key chooser
 * @param duration how long operations arrive; none falls after it
 */
public record TimedWorkload(OperationMix mix, KeyChooser keys, Duration duration) implements Workload {

  public TimedWorkload {
    if (mix == null || keys == null || duration == null || duration.isNegative()) {
      throw new IllegalArgumentException("mix, keys and a duration >= 0 must be given");
    }
  }

  @Override
  public Iterator<Operation> operations(long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double rate = mix.total().perSecond();
    long endMs = duration.toMillis();
    return new Iterator<>() {
      private double seconds;
      private Operation pending = advance();

      private Operation advance() {
        if (rate <= 0) {
          return null;
        }
        seconds += -Math.log1p(-rng.nextDouble()) / rate;
        long atMs = (long) (seconds * 1000);
        if (atMs > endMs) {
          return null;
        }
        OperationKind kind = mix.choose(rng);
        return new Operation(atMs, kind, keys.next(rng));
      }

      @Override
      public boolean hasNext() {
        return pending != null;
      }

      @Override
      public Operation next() {
        if (pending == null) {
          throw new NoSuchElementException();
        }
        Operation o = pending;
        pending = advance();
        return o;
      }
    };
  }
}
