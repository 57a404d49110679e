package org.bloomchord.experiments.runner.steps;

import org.bloomchord.experiments.runner.RunContext;

/**
 * One step of a command whose run is a fixed sequence rather than a scenario's phases
 * ({@code bloomchord ring}, {@code bloomchord locate}): it acts on the run's cluster through the
 * {@link RunContext}, as a {@link PhaseStep} does, and keeps what it measured in state of its
 * command. {@link #runAll} runs such a sequence.
 */
@FunctionalInterface
public interface RunStep {

  /** Runs the step to its end. */
  void run(RunContext ctx);

  /** Runs {@code steps} in order on {@code ctx}. */
  static void runAll(RunContext ctx, java.util.List<? extends RunStep> steps) {
    for (RunStep step : steps) {
      step.run(ctx);
    }
  }
}
