package org.bloomchord.experiments.locate;

import org.bloomchord.experiments.metrics.TrafficWindow;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.steps.RunStep;

/**
 * Launches the trial's peers, waits until the fingers converged (or at least the ring is stable)
 * and opens the traffic window the filter maintenance is measured over.
 */
final class LocateRingStep implements RunStep {

  private final LocateRun run;

  LocateRingStep(LocateRun run) {
    this.run = run;
  }

  @Override
  public void run(RunContext ctx) {
    ctx.cluster().launch(run.trial.peers());
    long bound = 200L * run.trial.chord().stabilizeMs() + 60_000;
    run.ringStable = ctx.cluster().awaitConverged(bound) || ctx.cluster().awaitStable(bound);
    run.window = TrafficWindow.start(ctx.network());
  }
}
