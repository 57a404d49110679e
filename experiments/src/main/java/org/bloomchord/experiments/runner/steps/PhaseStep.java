package org.bloomchord.experiments.runner.steps;

import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.scenario.Phase;

/**
 * How the runner executes one kind of {@link Phase}. One implementation per kind, registered in
 * {@link PhaseSteps}; a new kind of phase (reconcile) is one new class there.
 *
 * @param <P> the phase kind
 */
public interface PhaseStep<P extends Phase> {

  /**
   * Checks, before the run starts, that this phase can run; throws a
   * {@link org.bloomchord.experiments.scenario.ScenarioException} naming {@code where} otherwise.
   */
  default void check(P phase, String where) {
  }

  /** Runs the phase to its end. */
  void run(P phase, PhaseRun run);

  /**
   * One phase's place in the run.
   *
   * @param ctx the run
   * @param index the phase's index in the scenario, from 0
   * @param count the number of phases
   * @param startMs when the phase started, ms since the run started
   * @param seed the phase's own seed ({@link org.bloomchord.experiments.scenario.Scenario#phaseSeed})
   */
  record PhaseRun(RunContext ctx, int index, int count, long startMs, long seed) {

    /** The text of the progress bar for this phase. */
    String label(String what) {
      return "[" + (index + 1) + "/" + count + "] " + what;
    }

    /** The fraction of {@code durationMs} elapsed since the phase started. */
    double elapsed(long durationMs) {
      return durationMs <= 0 ? 1 : (double) (ctx.lastRunMs() - startMs) / durationMs;
    }
  }
}
